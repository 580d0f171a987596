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
  /** Broilers: birds sold. Layers: eggs sold (trays counted as their eggs). */
  nb_vendu: number;
  nb_abattu?: number | null;
  /** Layers: hens sold at the end of lay (réforme); absent on batches written before it (0). */
  nb_reforme?: number | null;
}

// ── what a sale sells ──
// A broiler batch sells birds. A layer batch sells eggs — one by one or by trays of 30 — or, at the
// end of lay, its hens (réforme): the sale's `unite` says which, and its quantity and unit price are
// in that unit. A layer sale without a unit (recorded before units existed, or a shop sale naming
// the batch) is eggs: what those sales always meant (decision 0217).

/** Eggs in a tray (plateau). */
export const OEUFS_PAR_PLATEAU = 30;

export type UniteVente = 'oeuf' | 'plateau' | 'sujet';

/** The unit a sale of a batch of `type` is in: birds for broilers, eggs when a layer sale names none. */
export const uniteDeVente = (type: 'chair' | 'pondeuse', v: { unite?: string | null }): UniteVente =>
  type === 'chair' ? 'sujet' : v.unite === 'plateau' || v.unite === 'sujet' ? v.unite : 'oeuf';

/** Birds a sale takes out of the batch: its quantity when it sells birds, else none. */
export const sujetsDeVente = (type: 'chair' | 'pondeuse', v: { quantite: number; unite?: string | null }): number =>
  uniteDeVente(type, v) === 'sujet' ? v.quantite : 0;

/** Eggs a sale sells: its quantity in eggs, a tray's 30 eggs, none when it sells birds. Rounded to 1/100 (float). */
export const oeufsDeVente = (type: 'chair' | 'pondeuse', v: { quantite: number; unite?: string | null }): number => {
  const u = uniteDeVente(type, v);
  return u === 'sujet' ? 0 : u === 'plateau' ? round2(v.quantite * OEUFS_PAR_PLATEAU) : v.quantite;
};

/**
 * What a sale adds to the batch's running totals: `nb_vendu` (broilers: birds; layers: eggs) and,
 * for a layer batch, `nb_reforme` (hens sold).
 */
export function totauxDeVente(type: 'chair' | 'pondeuse', v: { quantite: number; unite?: string | null }): { nb_vendu: number; nb_reforme: number } {
  if (type === 'chair') return { nb_vendu: v.quantite, nb_reforme: 0 };
  return { nb_vendu: oeufsDeVente(type, v), nb_reforme: sujetsDeVente(type, v) };
}

/** Birds sold by a batch: broilers' sales, a layer batch's réforme hens. */
export const sujetsVendus = (b: Pick<BirdCounts, 'type' | 'nb_vendu' | 'nb_reforme'>): number => (b.type === 'chair' ? b.nb_vendu : (b.nb_reforme ?? 0));

/** Eggs sold by a batch (layers only; trays counted as their eggs). */
export const oeufsVendus = (b: Pick<BirdCounts, 'type' | 'nb_vendu'>): number => (b.type === 'pondeuse' ? b.nb_vendu : 0);

/**
 * Birds still alive in a batch: placed − dead − slaughtered − sold birds (a broiler batch's sales,
 * a layer batch's réforme hens; eggs take no bird). The one definition used by the batch's
 * indicators, the loss and slaughter checks and the batch edit: whole birds, never below 0.
 */
export function sujetsVivants(b: BirdCounts): number {
  return Math.max(0, Math.floor(b.nb_sujet - sujetsSortis(b)));
}

/** Birds that left the batch: dead, slaughtered, and sold as birds (broilers' sales, layers' réforme). */
export function sujetsSortis(b: Omit<BirdCounts, 'nb_sujet'>): number {
  return b.nb_perte + (b.nb_abattu ?? 0) + sujetsVendus(b);
}

// ── birds alive on a day ──
// Entries carry the day they happened (`date`); those recorded before dates existed count on the
// day they were created. Every check of the server (a loss, a broiler sale, a slaughter, the eggs
// of a day, a weighing's sample, a batch edit) and the laying-rate indicator read birds alive on a
// day from `sujetsVivantsLe` below, the dated form of `sujetsVivants`.

/** The day an entry counts on: its `date`, else (entries recorded before entries had a date) its creation day. */
export const jourSaisie = (e: { date?: string | null; created_at: string }): string => String(e.date ?? e.created_at).slice(0, 10);

/** A sale as the batch detail lists it (`unite`: shared/formulas/birds.ts `uniteDeVente`). */
export interface VenteDatee {
  quantite: number;
  unite?: string | null;
  date?: string | null;
  created_at: string;
  etat?: string;
}

/** A loss as the batch detail lists it. */
export interface PerteDatee {
  nombre: number;
  date?: string | null;
  created_at: string;
  etat?: string;
  type?: string;
}

/** A batch with its dated departures: losses, sales (those that sell birds) and slaughters. */
export interface LotDate {
  type: 'chair' | 'pondeuse';
  nb_sujet: number;
  pertes: readonly PerteDatee[];
  ventes?: readonly VenteDatee[];
  /** Slaughters of the batch: `date` may carry a time. */
  abatages?: readonly { quantite: number; date: string }[];
}

/** Birds that left the batch on or before `day`: dead, slaughtered, and sold as birds (broilers, réforme hens). */
export function sujetsSortisLe(b: LotDate, day: string): number {
  let out = 0;
  for (const p of b.pertes) if (p.etat !== 'DELETED' && (p.type ?? 'perte') === 'perte' && jourSaisie(p) <= day) out += p.nombre;
  for (const a of b.abatages ?? []) if (a.date.slice(0, 10) <= day) out += a.quantite;
  for (const v of b.ventes ?? []) if (v.etat !== 'DELETED' && jourSaisie(v) <= day) out += sujetsDeVente(b.type, v);
  return out;
}

/**
 * Birds alive at the end of `day`: placed − losses − slaughters − sales of birds dated on or
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

/** Hens alive on a day: placed minus the losses (and the slaughters and réforme sales, when given) dated by then. */
export function aliveOn(
  nb_sujet: number,
  pertes: readonly PerteDatee[],
  day: string,
  abatages: LotDate['abatages'] = [],
  ventes: LotDate['ventes'] = [],
): number {
  // A layer flock's egg sales take no hen away; its réforme sales (unite 'sujet') do.
  return Math.max(0, sujetsVivantsLe({ type: 'pondeuse', nb_sujet, pertes, abatages, ventes }, day));
}

/** Hen-day laying rate of each collection day: eggs / hens alive that day × 100. */
export function henDaySeries(
  nb_sujet: number,
  pertes: readonly PerteDatee[],
  collectes: readonly { collecte: number; date_collecte: string; etat?: string }[],
  abatages: LotDate['abatages'] = [],
  ventes: LotDate['ventes'] = [],
): { day: string; pct: number }[] {
  const byDay = new Map<string, number>();
  for (const c of collectes) {
    if (c.etat === 'DELETED') continue;
    byDay.set(c.date_collecte.slice(0, 10), (byDay.get(c.date_collecte.slice(0, 10)) ?? 0) + c.collecte);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, eggs]) => {
      const alive = aliveOn(nb_sujet, pertes, day, abatages, ventes);
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
