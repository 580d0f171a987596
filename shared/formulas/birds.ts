// Birds of a batch: how many are alive, from the stored running totals or on a given day from the
// dated entries, and what makes a day's records impossible (more eggs than hens, a sample larger
// than the flock).
import { round2 } from './money';

const DAY_MS = 86_400_000;
/** Whole days from a to b (ISO dates, with or without time). */
export const daysFrom = (a: string, b: string) => Math.round((Date.parse(b.slice(0, 10) + 'T00:00:00Z') - Date.parse(a.slice(0, 10) + 'T00:00:00Z')) / DAY_MS);

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

// ── birds alive on a day ──
// Entries carry the day they happened (`date`); those recorded before dates existed count on the
// day they were created. Every check of the server (a loss, a broiler sale, a slaughter, the eggs
// of a day, a weighing's sample, a batch edit) and the laying-rate indicator read birds alive on a
// day from `sujetsVivantsLe` below, the dated form of `sujetsVivants`.

/** The day an entry counts on: its `date`, else (entries recorded before entries had a date) its creation day. */
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
  { kind: 'collecte'; day: string; oeufs: number; vivants: number } | { kind: 'pesage'; day: string; echantillon: number; vivants: number };

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
