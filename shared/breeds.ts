// Breed standards as data: the curves a batch is compared with. A business may replace
// a breed's curves with its own targets (functions/bandes/repository.ts RACE# items); the batch
// names its breed (`race`), by default the first breed of its type. Sources: docs/decisions.md
// "Farm insights". Only published figures we could cite are shipped; a curve left empty says so
// in the screens (the farmer enters the breeder's table or their own targets).
/** The two kinds of batch; the breeds below are grouped by them (and shared/schemas/bandes/ re-exports them). */
export const BANDE_TYPES = ['chair', 'pondeuse'] as const;
export type BandeType = (typeof BANDE_TYPES)[number];

export interface PoidsPoint {
  /** age, days */
  jour: number;
  /** average body weight, g */
  g: number;
}
export interface IcPoint {
  jour: number;
  /** cumulative feed conversion ratio */
  ic: number;
}
export interface PontePoint {
  /** age, weeks */
  semaine: number;
  /** hen-day laying rate, % */
  pct: number;
}

export interface Race {
  code: string;
  nom: string;
  type: BandeType;
  /** Where the figures come from (breeder's publication), or who set them. */
  source: string;
  poids: PoidsPoint[];
  ic: IcPoint[];
  ponte: PontePoint[];
  /** True when the business replaced the published curves with its own targets. */
  personnalise?: boolean;
}

/** Weekly points (and day 0) of a breeder's daily table: enough for the chart and the interpolation. */
const poids = (pts: readonly (readonly [number, number])[]): PoidsPoint[] => pts.map(([jour, g]) => ({ jour, g }));
const ic = (pts: readonly (readonly [number, number])[]): IcPoint[] => pts.map(([jour, v]) => ({ jour, ic: v }));

export const RACES: readonly Race[] = [
  {
    code: 'cobb500',
    nom: 'Cobb 500',
    type: 'chair',
    source: 'Cobb 500 Broiler Performance & Nutrition Supplement (Cobb-Vantress, 2022), mixte',
    poids: poids([
      [0, 42],
      [7, 202],
      [14, 570],
      [21, 1116],
      [28, 1783],
      [35, 2521],
      [42, 3278],
      [49, 4001],
      [56, 4641],
    ]),
    ic: ic([
      [7, 0.891],
      [14, 1.029],
      [21, 1.182],
      [28, 1.322],
      [35, 1.441],
      [42, 1.555],
      [49, 1.686],
      [56, 1.842],
    ]),
    ponte: [],
  },
  {
    code: 'ross308',
    nom: 'Ross 308',
    type: 'chair',
    source: 'Ross 308/308 FF Broiler Performance Objectives (Aviagen, 2022), as-hatched',
    poids: poids([
      [0, 44],
      [7, 213],
      [14, 533],
      [21, 1012],
      [28, 1616],
      [35, 2296],
      [42, 2998],
      [49, 3681],
      [56, 4318],
    ]),
    ic: ic([
      [7, 0.78],
      [14, 1.005],
      [21, 1.142],
      [28, 1.269],
      [35, 1.399],
      [42, 1.531],
      [49, 1.663],
      [56, 1.79],
    ]),
    ponte: [],
  },
  {
    code: 'lohmann-brown',
    nom: 'Lohmann Brown-Classic',
    type: 'pondeuse',
    source: 'Lohmann Brown-Classic Management Guide (Lohmann Breeders) : courbe de ponte à saisir depuis le guide du sélectionneur',
    poids: [],
    ic: [],
    ponte: [],
  },
];

export const RACE_CODES = RACES.map((r) => r.code) as [string, ...string[]];

/** The breed a batch uses when it names none: the first of its type. */
export function defaultRace(type: BandeType): string {
  return RACES.find((r) => r.type === type)!.code;
}

/** Standard weight at an age, linear between published points (none before the first or after the last). */
export function standardWeight(race: Pick<Race, 'poids'>, jour: number): number | null {
  const pts = [...race.poids].sort((a, b) => a.jour - b.jour);
  if (!pts.length || jour < pts[0].jour || jour > pts[pts.length - 1].jour) return null;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i];
    if (p.jour === jour) return p.g;
    const n = pts[i + 1];
    if (n && jour > p.jour && jour < n.jour) return Math.round(p.g + ((n.g - p.g) * (jour - p.jour)) / (n.jour - p.jour));
  }
  return null;
}
