// Business formulas of spec part 1 §9, one place for the dashboard, the batch detail and the
// server's running totals. Money is integer FCFA; rates and per-bird costs have 2 decimals.

/** Rounds to 3 decimals (feed conversion ratios are read to the thousandth). */
import { INDICATOR_MSG } from './messages/bandes';

export function round3(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const sign = n < 0 ? -1 : 1;
  return (sign * Math.round(Math.abs(n) * 1000 + 1e-9)) / 1000;
}

/** Rounds to 2 decimals (half away from zero), immune to 1.005-style float noise. */
export function round2(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const sign = n < 0 ? -1 : 1;
  return (sign * Math.round(Math.abs(n) * 100 + 1e-9)) / 100;
}

/** A line total, rounded once to the franc (XOF has no minor unit). */
export function lineTotal(prixUnitaire: number, quantite: number): number {
  return Math.round(prixUnitaire * quantite);
}

interface Line {
  prix_unitaire: number;
  quantite: number;
  prix_total?: number;
  etat?: string;
}

const total = (l: Line) => l.prix_total ?? lineTotal(l.prix_unitaire, l.quantite);

/** Revenue = Σ quantity × unit price over sales, cancelled (DELETED) sales excluded. */
export function revenue(ventes: readonly Line[]): number {
  return ventes.filter((v) => v.etat !== 'DELETED').reduce((s, v) => s + total(v), 0);
}

/** Expenses = Σ quantity × unit price (deleted expenses excluded). */
export function expensesTotal(depenses: readonly Line[]): number {
  return depenses.filter((d) => d.etat !== 'DELETED').reduce((s, d) => s + total(d), 0);
}

/** Quantity sold over non-cancelled sales. */
export function quantitySold(ventes: readonly Line[]): number {
  return round2(ventes.filter((v) => v.etat !== 'DELETED').reduce((s, v) => s + v.quantite, 0));
}

/** Losses = Σ nombre over entries whose type is perte. */
export function lossesTotal(pertes: readonly { nombre: number; type?: string; etat?: string }[]): number {
  return pertes.filter((p) => (p.type ?? 'perte') === 'perte' && p.etat !== 'DELETED').reduce((s, p) => s + p.nombre, 0);
}

export interface Figures {
  /** birds (nb_sujet) */
  sujets: number;
  chiffreAffaire: number;
  depenses: number;
  pertes: number;
}

export interface Results extends Figures {
  benefice: number;
  /** percent, 2 decimals; 0 when there are no birds */
  tauxMortalite: number;
  /** FCFA per bird, 2 decimals; 0 when there are no birds */
  coutProduction: number;
  /** percent, 2 decimals; null when there are no expenses (undefined ratio) */
  tauxRentabilite: number | null;
}

export const profit = (chiffreAffaire: number, depenses: number) => chiffreAffaire - depenses;
export const mortalityRate = (pertes: number, sujets: number) => (sujets > 0 ? round2((pertes / sujets) * 100) : 0);
export const productionCost = (depenses: number, sujets: number) => (sujets > 0 ? round2(depenses / sujets) : 0);
export const profitabilityRate = (chiffreAffaire: number, depenses: number) =>
  depenses > 0 ? round2(((chiffreAffaire - depenses) / depenses) * 100) : null;

export function results(f: Figures): Results {
  return {
    ...f,
    benefice: profit(f.chiffreAffaire, f.depenses),
    tauxMortalite: mortalityRate(f.pertes, f.sujets),
    coutProduction: productionCost(f.depenses, f.sujets),
    tauxRentabilite: profitabilityRate(f.chiffreAffaire, f.depenses),
  };
}

/** Figures of one batch from its lists (batch detail). */
export function batchFigures(b: {
  nb_sujet: number;
  ventes: readonly Line[];
  depenses: readonly Line[];
  pertes: readonly { nombre: number; type?: string; etat?: string }[];
}): Results {
  return results({ sujets: b.nb_sujet, chiffreAffaire: revenue(b.ventes), depenses: expensesTotal(b.depenses), pertes: lossesTotal(b.pertes) });
}

/** Dashboard: totals over batches carrying the server's running totals. */
export function dashboardFigures(
  bandes: readonly { nb_sujet: number; chiffre_affaire: number; depense: number; nb_perte: number }[],
): Results & { bandes: number } {
  const f = bandes.reduce(
    (acc, b) => ({
      sujets: acc.sujets + b.nb_sujet,
      chiffreAffaire: acc.chiffreAffaire + b.chiffre_affaire,
      depenses: acc.depenses + b.depense,
      pertes: acc.pertes + b.nb_perte,
    }),
    { sujets: 0, chiffreAffaire: 0, depenses: 0, pertes: 0 },
  );
  return { ...results(f), bandes: bandes.length };
}

export interface ExpenseGroup {
  id_type_depense: number;
  total: number;
  /** percent of all expenses, 2 decimals */
  pourcentage: number;
  count: number;
}

/** Expenses grouped by type with each type's share: type total / total × 100. */
export function expensesByType(depenses: readonly (Line & { id_type_depense: number })[]): ExpenseGroup[] {
  const live = depenses.filter((d) => d.etat !== 'DELETED');
  const all = expensesTotal(live);
  const map = new Map<number, { total: number; count: number }>();
  for (const d of live) {
    const g = map.get(d.id_type_depense) ?? { total: 0, count: 0 };
    g.total += total(d);
    g.count += 1;
    map.set(d.id_type_depense, g);
  }
  return [...map.entries()]
    .map(([id, g]) => ({ id_type_depense: id, total: g.total, count: g.count, pourcentage: all > 0 ? round2((g.total / all) * 100) : 0 }))
    .sort((a, b) => b.total - a.total);
}

/** Egg percentage = collection / (birds − losses) × 100; 0 when no bird is left. */
export function eggRate(collecte: number, sujets: number, pertes: number): number {
  const alive = sujets - pertes;
  return alive > 0 ? round2((collecte / alive) * 100) : 0;
}

// ── period dashboard (issue 11) ──

export interface PeriodEntry {
  kind: 'DEP' | 'VTE' | 'PRT' | 'PES' | 'COL';
  day: string;
  item: { prix_total?: number; prix_unitaire?: number; quantite?: number; nombre?: number; collecte?: number; etat?: string; type?: string };
}

const emptyTotals = () => ({ depense: 0, chiffre_affaire: 0, nb_vendu: 0, pertes: 0, oeufs: 0, pesages: 0, ventes_boutique: 0 });
export type PeriodSums = ReturnType<typeof emptyTotals>;

function addEntry(acc: PeriodSums, e: PeriodEntry): void {
  const i = e.item;
  if (i.etat === 'DELETED') return;
  switch (e.kind) {
    case 'DEP':
      acc.depense += total(i as Line);
      break;
    case 'VTE':
      acc.chiffre_affaire += total(i as Line);
      acc.nb_vendu = round2(acc.nb_vendu + Number(i.quantite ?? 0));
      break;
    case 'PRT':
      if ((i.type ?? 'perte') === 'perte') acc.pertes += Number(i.nombre ?? 0);
      break;
    case 'COL':
      acc.oeufs += Number(i.collecte ?? 0);
      break;
    case 'PES':
      acc.pesages += 1;
  }
}

/**
 * Sales-ledger lines (shop sales, delivered orders, paid-or-delivered online orders): only those
 * naming no batch count here (the others are batch sales); a gift (DON) is never takings.
 */
function addShopLine(acc: PeriodSums, l: { total: number; etat: string; id_bande: number | null; type?: string }): void {
  if (l.etat === 'VALID' && !l.id_bande && l.type !== 'DON') acc.ventes_boutique += l.total;
}

/** Sums of the entries of a period: every entry once, cancelled ones left out. */
export function periodTotals(entries: readonly PeriodEntry[], shopLines: readonly { total: number; etat: string; id_bande: number | null; type?: string }[] = []): PeriodSums {
  const acc = emptyTotals();
  for (const e of entries) addEntry(acc, e);
  for (const l of shopLines) addShopLine(acc, l);
  return acc;
}

/** The twelve months of a year, each with its sums and profit (revenue − expenses). */
export function monthlyTotals(
  annee: number,
  entries: readonly PeriodEntry[],
  shopLines: readonly { total: number; etat: string; id_bande: number | null; type?: string; created_at: string }[] = [],
): (PeriodSums & { mois: string; benefice: number })[] {
  const months = Array.from({ length: 12 }, (_, m) => ({ mois: `${annee}-${String(m + 1).padStart(2, '0')}`, ...emptyTotals() }));
  const at = (day: string) => months[Number(day.slice(5, 7)) - 1];
  for (const e of entries) {
    const m = at(e.day);
    if (m) addEntry(m, e);
  }
  for (const l of shopLines) {
    const m = at(l.created_at.slice(0, 10));
    if (m) addShopLine(m, l);
  }
  return months.map((m) => ({ ...m, benefice: profit(m.chiffre_affaire, m.depense) }));
}

// ── technical indicators of a batch (issue 11) ──
// Each indicator is a value, or — when an input is missing — what to record to get it (never a
// misleading 0). Ages count from the batch's start date plus the age of the birds when placed.

export type Indicator = { value: number } | { missing: string };
export const hasValue = (i: Indicator): i is { value: number } => 'value' in i;

/** Feed quantities of an expense of type Aliment, in kg, by unit (shared/schemas/bandes.ts UNITES_DEPENSE). */
export const KG_PAR_UNITE: Record<string, number> = { kg: 1, sac25: 25, sac50: 50, t: 1000 };
/** Expense type id of feed (shared/schemas/bandes.ts TYPES_DEPENSE). */
export const TYPE_ALIMENT = 1;
/** Weight of a day-old chick when the breed gives none, g. */
export const POIDS_POUSSIN_G = 42;
export const OEUFS_PAR_PLATEAU = 30;


const DAY_MS = 86_400_000;
/** Whole days from a to b (ISO dates, with or without time). */
export const daysFrom = (a: string, b: string) => Math.round((Date.parse(b.slice(0, 10) + 'T00:00:00Z') - Date.parse(a.slice(0, 10) + 'T00:00:00Z')) / DAY_MS);

export const weightG = (p: { poids_moyen: number; unite: 'g' | 'kg' | string }) => (p.unite === 'kg' ? p.poids_moyen * 1000 : p.poids_moyen);

export interface IndicatorInput {
  type: 'chair' | 'pondeuse';
  nb_sujet: number;
  date_demarage: string;
  /** Age of the birds on the start date, days (0 = day-old chicks). */
  age_demarrage?: number;
  nb_perte: number;
  /** Birds sold (broilers: sales are birds). */
  nb_vendu: number;
  /** Birds slaughtered (slaughter records). */
  nb_abattu?: number;
  depense: number;
  depenses: readonly { id_type_depense: number; quantite: number; unite?: string | null; etat?: string }[];
  pesages: readonly { poids_moyen: number; unite: string; date_prise: string; etat?: string }[];
  collectes?: readonly { collecte: number; date_collecte: string; etat?: string }[];
  /** Slaughters of the batch (the batch detail's `abatages`): hens slaughtered leave the laying rate's flock. */
  abatages?: LotDate['abatages'];
  /** Chick weight of the breed at day 0, g. */
  poidsPoussin?: number;
}

export interface BatchIndicators {
  /** Birds left: placed − dead − slaughtered (− sold for broilers), `sujetsVivants`. */
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

/** A batch's counts, as stored on it. */
export interface BirdCounts {
  type: 'chair' | 'pondeuse';
  nb_sujet: number;
  nb_perte: number;
  nb_vendu: number;
  nb_abattu?: number | null;
}

/**
 * Birds still alive in a batch: placed − dead − slaughtered − sold, where sales count as birds for
 * broilers only (a layer batch sells eggs). The one definition used by the batch's indicators, the
 * loss and slaughter checks and the batch edit: whole birds, never below 0.
 */
export function sujetsVivants(b: BirdCounts): number {
  return Math.max(0, Math.floor(b.nb_sujet - sujetsSortis(b)));
}

/** Birds that left the batch: dead, slaughtered, and sold when the batch sells birds (broilers). */
export function sujetsSortis(b: Omit<BirdCounts, 'nb_sujet'>): number {
  return b.nb_perte + (b.nb_abattu ?? 0) + (b.type === 'chair' ? b.nb_vendu : 0);
}

/** Feed kg over the batch's feed expenses, or what is missing. */
export function feedKg(depenses: IndicatorInput['depenses']): Indicator {
  const feed = depenses.filter((d) => d.id_type_depense === TYPE_ALIMENT && d.etat !== 'DELETED');
  if (!feed.length) return { missing: INDICATOR_MSG.aliment };
  let kg = 0;
  for (const d of feed) {
    const per = d.unite ? KG_PAR_UNITE[d.unite] : undefined;
    if (!per) return { missing: INDICATOR_MSG.alimentUnite };
    kg += d.quantite * per;
  }
  return { value: round2(kg) };
}

// ── birds alive on a day (issue 17) ──
// Entries carry the day they happened (`date`); those recorded before dates existed count on the
// day they were created. Every check of the server (a loss, a broiler sale, a slaughter, the eggs
// of a day, a weighing's sample, a batch edit) and the laying-rate indicator read birds alive on a
// day from `sujetsVivantsLe` below, the dated form of `sujetsVivants`.

/** The day an entry counts on: its `date`, else (entries recorded before issue 17) its creation day. */
export const jourSaisie = (e: { date?: string | null; created_at: string }): string => String(e.date ?? e.created_at).slice(0, 10);

/** A loss as the batch detail lists it. */
export interface PerteDatee {
  nombre: number;
  date?: string | null;
  created_at: string;
  etat?: string;
  type?: string;
}

/** A batch with its dated departures: losses, sales (birds for broilers only) and slaughters. */
export interface LotDate {
  type: 'chair' | 'pondeuse';
  nb_sujet: number;
  pertes: readonly PerteDatee[];
  ventes?: readonly { quantite: number; date?: string | null; created_at: string; etat?: string }[];
  /** Slaughters of the batch: `date` may carry a time. */
  abatages?: readonly { quantite: number; date: string }[];
}

/** Birds that left the batch on or before `day`: dead, slaughtered, and sold when the batch sells birds. */
export function sujetsSortisLe(b: LotDate, day: string): number {
  let out = 0;
  for (const p of b.pertes) if (p.etat !== 'DELETED' && (p.type ?? 'perte') === 'perte' && jourSaisie(p) <= day) out += p.nombre;
  for (const a of b.abatages ?? []) if (a.date.slice(0, 10) <= day) out += a.quantite;
  if (b.type === 'chair') for (const v of b.ventes ?? []) if (v.etat !== 'DELETED' && jourSaisie(v) <= day) out += v.quantite;
  return out;
}

/**
 * Birds alive at the end of `day`: placed − losses − slaughters − (broilers) sales dated on or
 * before it, whole birds. Below 0 only when the records are impossible, which the server refuses
 * (screens show `Math.max(0, …)`). On today it equals `sujetsVivants` of the running totals.
 */
export function sujetsVivantsLe(b: LotDate, day: string): number {
  return Math.floor(b.nb_sujet - sujetsSortisLe(b, day));
}

/** Eggs collected on `day` (sum of that day's collections, cancelled ones left out). */
export function oeufsLe(collectes: readonly { collecte: number; date_collecte: string; etat?: string }[], day: string): number {
  return collectes.reduce((s, c) => (c.etat !== 'DELETED' && c.date_collecte.slice(0, 10) === day ? s + c.collecte : s), 0);
}

/** What makes a batch's records impossible on a day: more eggs than hens, a sample larger than the flock. */
export type Impossibilite =
  | { kind: 'collecte'; day: string; oeufs: number; vivants: number }
  | { kind: 'pesage'; day: string; echantillon: number; vivants: number };

/**
 * The first day on or after `depuis` on which the batch's records would be impossible: the eggs
 * of a day above the hens alive that day (a hen lays at most one egg a day), or a weighing's sample
 * above the birds alive on its day. Null when every such day holds.
 */
export function premiereImpossibilite(
  b: LotDate & {
    pesages: readonly { echantillon: number; date_prise: string; etat?: string }[];
    collectes: readonly { collecte: number; date_collecte: string; etat?: string }[];
  },
  depuis: string,
): Impossibilite | null {
  const found: Impossibilite[] = [];
  const days = new Set(b.collectes.filter((c) => c.etat !== 'DELETED').map((c) => c.date_collecte.slice(0, 10)));
  for (const day of days) {
    if (day < depuis) continue;
    const oeufs = oeufsLe(b.collectes, day);
    const vivants = sujetsVivantsLe(b, day);
    if (oeufs > Math.max(0, vivants)) found.push({ kind: 'collecte', day, oeufs, vivants: Math.max(0, vivants) });
  }
  for (const p of b.pesages) {
    const day = p.date_prise.slice(0, 10);
    if (p.etat === 'DELETED' || day < depuis) continue;
    const vivants = sujetsVivantsLe(b, day);
    if (p.echantillon > Math.max(0, vivants)) found.push({ kind: 'pesage', day, echantillon: p.echantillon, vivants: Math.max(0, vivants) });
  }
  return found.sort((x, y) => (x.day < y.day ? -1 : x.day > y.day ? 1 : 0))[0] ?? null;
}

/** Birds alive on a day: placed minus the losses (and the slaughters, when given) dated by then. */
export function aliveOn(nb_sujet: number, pertes: readonly PerteDatee[], day: string, abatages: LotDate['abatages'] = []): number {
  // A layer flock's sales are eggs: only deaths and slaughters take hens away.
  return Math.max(0, sujetsVivantsLe({ type: 'pondeuse', nb_sujet, pertes, abatages }, day));
}

/** Hen-day laying rate of each collection day: eggs / hens alive that day × 100. */
export function henDaySeries(
  nb_sujet: number,
  pertes: readonly PerteDatee[],
  collectes: readonly { collecte: number; date_collecte: string; etat?: string }[],
  abatages: LotDate['abatages'] = [],
): { day: string; pct: number }[] {
  const byDay = new Map<string, number>();
  for (const c of collectes) {
    if (c.etat === 'DELETED') continue;
    byDay.set(c.date_collecte.slice(0, 10), (byDay.get(c.date_collecte.slice(0, 10)) ?? 0) + c.collecte);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, eggs]) => {
      const alive = aliveOn(nb_sujet, pertes, day, abatages);
      return { day, pct: alive > 0 ? round2((eggs / alive) * 100) : 0 };
    });
}

/** Losses per week of age (week 1 = days 0–6 after the start, shifted by the age at placement), on each loss's day. */
export function mortalityByWeek(date_demarage: string, pertes: readonly PerteDatee[], age_demarrage = 0): { semaine: number; pertes: number }[] {
  const weeks = new Map<number, number>();
  for (const p of pertes) {
    if (p.etat === 'DELETED') continue;
    const w = Math.max(1, Math.floor((daysFrom(date_demarage, jourSaisie(p)) + age_demarrage) / 7) + 1);
    weeks.set(w, (weeks.get(w) ?? 0) + p.nombre);
  }
  const last = Math.max(0, ...weeks.keys());
  return Array.from({ length: last }, (_, i) => ({ semaine: i + 1, pertes: weeks.get(i + 1) ?? 0 }));
}

export function batchIndicators(b: IndicatorInput, pertes: readonly PerteDatee[] = []): BatchIndicators {
  const placed = b.nb_sujet;
  const survivors = placed - b.nb_perte;
  const vivants = sujetsVivants(b);
  const noBirds = { missing: INDICATOR_MSG.sujets };
  const viabilite: Indicator = placed > 0 ? { value: round2((survivors / placed) * 100) } : noBirds;

  const last = b.pesages.filter((p) => p.etat !== 'DELETED').sort((x, y) => (x.date_prise < y.date_prise ? -1 : x.date_prise > y.date_prise ? 1 : 0)).at(-1);
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
  const alimentKg = feedKg(b.depenses);
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
    (icRaw > 0 ? { value: Math.round(((viabilite as { value: number }).value * ((poids as { value: number }).value / 1000) * 100) / ((age as { value: number }).value * icRaw)) } : { missing: INDICATOR_MSG.aliment });
  const coutKg: Indicator = liveKg === null ? pesage : b.depense <= 0 ? { missing: INDICATOR_MSG.depense } : liveKg > 0 ? { value: round2(b.depense / liveKg) } : noBirds;

  const collectes = b.collectes ?? [];
  const oeufs = collectes.reduce((s, c) => (c.etat === 'DELETED' ? s : s + c.collecte), 0);
  const collecte = { missing: INDICATOR_MSG.collecte };
  const series = henDaySeries(placed, pertes, collectes, b.abatages);
  const ponte: Indicator = series.length ? { value: round2(series.reduce((s, x) => s + x.pct, 0) / series.length) } : collecte;
  const oeufsParPoule: Indicator = !oeufs ? collecte : placed > 0 ? { value: round2(oeufs / placed) } : noBirds;
  const coutOeuf: Indicator = !oeufs ? collecte : b.depense <= 0 ? { missing: INDICATOR_MSG.depense } : { value: round2(b.depense / oeufs) };
  const coutPlateau: Indicator = hasValue(coutOeuf) ? { value: round2(coutOeuf.value * OEUFS_PAR_PLATEAU) } : coutOeuf;

  return { vivants, viabilite, age, poids, gmq, alimentKg, ic, epef, coutKg, oeufs, ponte, oeufsParPoule, coutOeuf, coutPlateau };
}
