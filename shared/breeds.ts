// Breed standards as data (issue 11): the curves a batch is compared with. A business may replace
// a breed's curves with its own targets (functions/bandes/repository.ts RACE# items); the batch
// names its breed (`race`), by default the first breed of its type. Sources: docs/decisions.md
// "Farm insights". Only published figures we could cite are shipped; a curve left empty says so
// in the screens (the farmer enters the breeder's table or their own targets).
import type { BandeType } from './schemas/bandes';

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

export const RACES: readonly Race[] = [
  {
    code: 'cobb500',
    nom: 'Cobb 500',
    type: 'chair',
    source: 'Cobb 500 Broiler Performance & Nutrition Supplement (Cobb-Vantress, 2022)',
    poids: [
      { jour: 7, g: 202 },
      { jour: 14, g: 570 },
      { jour: 21, g: 1116 },
      { jour: 28, g: 1783 },
      { jour: 35, g: 2521 },
      { jour: 42, g: 3278 },
    ],
    ic: [
      { jour: 7, ic: 0.891 },
      { jour: 42, ic: 1.555 },
    ],
    ponte: [],
  },
  {
    code: 'ross308',
    nom: 'Ross 308',
    type: 'chair',
    source: 'Ross 308 Broiler Performance Objectives (Aviagen) : courbe à saisir depuis le tableau du sélectionneur',
    poids: [],
    ic: [],
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
