// The technical indicators of a batch (viability, weight, daily gain, feed conversion, EPEF, laying
// rate, costs per kg and per egg).
import { INDICATOR_MSG } from '../messages/bandes';
import { daysFrom, henDaySeries, OEUFS_PAR_PLATEAU, sujetsVivants, type LotDate, type PerteDatee } from './birds';
import { round2, round3 } from './money';

// Each indicator is a value, or — when an input is missing — what to record to get it (never a
// misleading 0). Ages count from the batch's start date plus the age of the birds when placed.

export type Indicator = { value: number } | { missing: string };
export const hasValue = (i: Indicator): i is { value: number } => 'value' in i;

/** Feed quantities of an expense of type Aliment, in kg, by unit (shared/schemas/bandes/entries.ts UNITES_DEPENSE). */
export const KG_PAR_UNITE: Record<string, number> = { kg: 1, sac25: 25, sac50: 50, t: 1000 };
/** Expense type id of feed (shared/schemas/bandes/entries.ts TYPES_DEPENSE). */
const TYPE_ALIMENT = 1;
/** Weight of a day-old chick when the breed gives none, g. */
const POIDS_POUSSIN_G = 42;

export const weightG = (p: { poids_moyen: number; unite: 'g' | 'kg' | string }) => (p.unite === 'kg' ? p.poids_moyen * 1000 : p.poids_moyen);

export interface IndicatorInput {
  type: 'chair' | 'pondeuse';
  nb_sujet: number;
  date_demarage: string;
  /** Age of the birds on the start date, days (0 = day-old chicks). */
  age_demarrage?: number;
  nb_perte: number;
  /** Broilers: birds sold; layers: eggs sold (shared/formulas/birds.ts `sujetsVendus`). */
  nb_vendu: number;
  /** Layers: hens sold at the end of lay (réforme). */
  nb_reforme?: number | null;
  /** Birds slaughtered (slaughter records). */
  nb_abattu?: number;
  depense: number;
  depenses: readonly { id_type_depense: number; quantite: number; unite?: string | null; etat?: string }[];
  pesages: readonly { poids_moyen: number; unite: string; date_prise: string; etat?: string }[];
  collectes?: readonly { collecte: number; date_collecte: string; etat?: string }[];
  /** Slaughters of the batch (the batch detail's `abatages`): hens slaughtered leave the laying rate's flock. */
  abatages?: LotDate['abatages'];
  /** Sales of the batch (the batch detail's `ventes`): réforme hens sold leave the laying rate's flock. */
  ventes?: LotDate['ventes'];
  /** Chick weight of the breed at day 0, g. */
  poidsPoussin?: number;
  /** Feed eaten from the farm's store: kg, and its cost, beside the feed typed as expenses. */
  aliment_kg?: number;
  cout_aliment?: number;
}

export interface BatchIndicators {
  /** Birds left: placed − dead − slaughtered − sold as birds, `sujetsVivants`. */
  vivants: number;
  /** % of placed birds not dead. */
  viabilite: Indicator;
  /** Age at the last weighing, days. */
  age: Indicator;
  /** Last average weight, g. */
  poids: Indicator;
  /** Average daily gain, g/day. */
  gmq: Indicator;
  /** Feed eaten, kg. */
  alimentKg: Indicator;
  /** Feed conversion ratio: feed kg / live weight produced kg. */
  ic: Indicator;
  /** European production efficiency factor. */
  epef: Indicator;
  /** Expenses / live weight produced, FCFA per kg. */
  coutKg: Indicator;
  /** Layers: eggs collected. */
  oeufs: number;
  /** Layers: average hen-day laying rate over the collection days, %. */
  ponte: Indicator;
  /** Layers: eggs per hen housed. */
  oeufsParPoule: Indicator;
  coutOeuf: Indicator;
  coutPlateau: Indicator;
}

/**
 * Feed kg over the batch's feed expenses and what it ate from the farm's store (`storeKg`, issue
 * 35: a farm may do both, each kg counted once), or what is missing.
 */
export function feedKg(depenses: IndicatorInput['depenses'], storeKg = 0): Indicator {
  const feed = depenses.filter((d) => d.id_type_depense === TYPE_ALIMENT && d.etat !== 'DELETED');
  if (!feed.length && !(storeKg > 0)) return { missing: INDICATOR_MSG.aliment };
  let kg = storeKg > 0 ? storeKg : 0;
  for (const d of feed) {
    const per = d.unite ? KG_PAR_UNITE[d.unite] : undefined;
    if (!per) return { missing: INDICATOR_MSG.alimentUnite };
    kg += d.quantite * per;
  }
  return { value: round2(kg) };
}

export function batchIndicators(b: IndicatorInput, pertes: readonly PerteDatee[] = []): BatchIndicators {
  const placed = b.nb_sujet;
  const survivors = placed - b.nb_perte;
  const vivants = sujetsVivants(b);
  const noBirds = { missing: INDICATOR_MSG.sujets };
  const viabilite: Indicator = placed > 0 ? { value: round2((survivors / placed) * 100) } : noBirds;

  const last = b.pesages
    .filter((p) => p.etat !== 'DELETED')
    .sort((x, y) => (x.date_prise < y.date_prise ? -1 : x.date_prise > y.date_prise ? 1 : 0))
    .at(-1);
  const pesage = { missing: INDICATOR_MSG.pesage };
  let age: Indicator = pesage;
  let poids: Indicator = pesage;
  let gmq: Indicator = pesage;
  let liveKg: number | null = null;
  if (last) {
    const days = daysFrom(b.date_demarage, last.date_prise) + (b.age_demarrage ?? 0);
    const g = weightG(last);
    poids = { value: round2(g) };
    age = days > 0 ? { value: days } : { missing: INDICATOR_MSG.age };
    gmq = days > 0 ? { value: round2((g - (b.poidsPoussin ?? POIDS_POUSSIN_G)) / days) } : { missing: INDICATOR_MSG.age };
    // Live weight produced: the birds that lived to the weighing (those sold since included) at its average weight.
    liveKg = (survivors * g) / 1000;
  }
  const alimentKg = feedKg(b.depenses, b.aliment_kg);
  // The batch's costs: the expenses typed on it and the feed it ate from the store.
  const depense = b.depense + (b.cout_aliment ?? 0);
  let ic: Indicator = !hasValue(alimentKg) ? alimentKg : pesage;
  let icRaw = 0;
  if (hasValue(alimentKg) && liveKg !== null) {
    icRaw = liveKg > 0 ? alimentKg.value / liveKg : 0;
    ic = liveKg > 0 ? { value: round3(icRaw) } : noBirds;
  }
  // EPEF = livability % × live weight kg × 100 / (age days × FCR)
  const epefMissing = [ic, age, viabilite, poids].find((i) => !hasValue(i));
  const epef: Indicator =
    epefMissing ??
    (icRaw > 0
      ? {
          value: Math.round(
            ((viabilite as { value: number }).value * ((poids as { value: number }).value / 1000) * 100) / ((age as { value: number }).value * icRaw),
          ),
        }
      : { missing: INDICATOR_MSG.aliment });
  const coutKg: Indicator =
    liveKg === null ? pesage : depense <= 0 ? { missing: INDICATOR_MSG.depense } : liveKg > 0 ? { value: round2(depense / liveKg) } : noBirds;

  const collectes = b.collectes ?? [];
  const oeufs = collectes.reduce((s, c) => (c.etat === 'DELETED' ? s : s + c.collecte), 0);
  const collecte = { missing: INDICATOR_MSG.collecte };
  const series = henDaySeries(placed, pertes, collectes, b.abatages, b.ventes);
  const ponte: Indicator = series.length ? { value: round2(series.reduce((s, x) => s + x.pct, 0) / series.length) } : collecte;
  const oeufsParPoule: Indicator = !oeufs ? collecte : placed > 0 ? { value: round2(oeufs / placed) } : noBirds;
  const coutOeuf: Indicator = !oeufs ? collecte : depense <= 0 ? { missing: INDICATOR_MSG.depense } : { value: round2(depense / oeufs) };
  const coutPlateau: Indicator = hasValue(coutOeuf) ? { value: round2(coutOeuf.value * OEUFS_PAR_PLATEAU) } : coutOeuf;

  return { vivants, viabilite, age, poids, gmq, alimentKg, ic, epef, coutKg, oeufs, ponte, oeufsParPoule, coutOeuf, coutPlateau };
}
