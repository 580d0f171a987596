// The farm's feed store (docs/aliment.md, decision 0232). The store is a ledger of days:
// for each day, the grams that came in (purchases), their price, and the grams that went out
// (what each batch ate). Everything the store shows is this ledger replayed in date order:
//
// - on a day, its purchases come in first: stock += their kg, value += their price; the day's
//   average cost is then value / stock (FCFA per kg), the one price of everything eaten that day;
// - the day's consumptions leave at that cost: stock −= their kg, value −= kg × average cost;
// - a stock back at exactly 0 has value 0 (no crumb of a rounding left behind);
// - a cancel removes its movement from its day, and the replay gives every later day again.
//
// A backdated entry therefore moves the value of what was eaten after it, as an accountant
// replaying the entries in date order would find. Quantities are counted in whole grams so that
// the stock is exact; values keep their fractions and are rounded to the franc only when shown (a
// batch's feed cost is its days' kg × cost summed, then rounded once, half up, by `francs`, which
// first takes the amount to the millionth of a franc so that float noise cannot move a true half).
//
// The stock may never be below zero at the end of any day: a write that would make it so on its
// day or on any later day is refused (premierManque), whatever the order the entries came in.
import type { Race } from '../breeds';
import { addDays } from '../dates';
import { KG_PAR_UNITE } from './indicators';
import { francs, round2, round3 } from './money';

/** One day of the ledger: grams in, FCFA paid for them, grams out. */
export interface JourRegistre {
  e: number;
  v: number;
  s: number;
}
/** The ledger: its days by YYYY-MM-DD. */
export type Registre = Record<string, JourRegistre>;
/** Grams each batch ate, by batch id then day. */
export type ConsoBandes = Record<string, Record<string, number>>;

/** kg of a quantity in a feed unit (kg, sac25, sac50, t), 3 decimals. */
export const kgDe = (quantite: number, unite: string): number => round3(quantite * (KG_PAR_UNITE[unite] ?? NaN));
/** Whole grams of a kg figure (the ledger's unit). */
export const grammes = (kg: number): number => Math.round(kg * 1000);
/** kg of a gram figure, 3 decimals. */
export const kgDeGrammes = (g: number): number => round3(g / 1000);

/** The ledger with a movement added (negative figures take one away: a cancel). A day left with nothing is removed. */
export function avecMouvement(r: Registre, day: string, m: Partial<JourRegistre>): Registre {
  const cur = r[day] ?? { e: 0, v: 0, s: 0 };
  const next = { e: cur.e + (m.e ?? 0), v: cur.v + (m.v ?? 0), s: cur.s + (m.s ?? 0) };
  const out = { ...r };
  if (!next.e && !next.v && !next.s) delete out[day];
  else out[day] = next;
  return out;
}

/** A batch's grams with a consumption added (or taken away). */
export function avecConsoBande(c: ConsoBandes, idBande: number, day: string, g: number): ConsoBandes {
  const key = String(idBande);
  const days = { ...(c[key] ?? {}) };
  const next = (days[day] ?? 0) + g;
  if (next) days[day] = next;
  else delete days[day];
  const out = { ...c };
  if (Object.keys(days).length) out[key] = days;
  else delete out[key];
  return out;
}

/** The store at the end of one day of the ledger, exact (grams, fractional FCFA). */
export interface EtatJour {
  date: string;
  /** Grams in stock at the start of the day plus the day's purchases: what the day could use. */
  disponible_g: number;
  entree_g: number;
  sortie_g: number;
  /** Grams at the end of the day (negative: the ledger is refused). */
  stock_g: number;
  /** FCFA, fractional. */
  valeur: number;
  /** The day's average cost, FCFA per kg (the last known one on a day without stock). */
  cout_kg: number;
}

/** The ledger replayed, its days in date order. */
export function rejouer(r: Registre): EtatJour[] {
  const out: EtatJour[] = [];
  let stock = 0;
  let valeur = 0;
  let cout = 0;
  for (const date of Object.keys(r).sort()) {
    const d = r[date];
    stock += d.e;
    valeur += d.v;
    if (stock > 0) cout = valeur / (stock / 1000);
    const disponible = stock;
    stock -= d.s;
    valeur -= (d.s / 1000) * cout;
    if (stock <= 0) valeur = 0;
    out.push({ date, disponible_g: disponible, entree_g: d.e, sortie_g: d.s, stock_g: stock, valeur, cout_kg: cout });
  }
  return out;
}

/** The first day the stock would end below zero: what was there to use that day and what went out (null: never). */
export function premierManque(r: Registre): { date: string; disponible_kg: number; sortie_kg: number } | null {
  const bad = rejouer(r).find((j) => j.stock_g < 0);
  return bad ? { date: bad.date, disponible_kg: kgDeGrammes(Math.max(0, bad.disponible_g)), sortie_kg: kgDeGrammes(bad.sortie_g) } : null;
}

/** The store at the end of `day` (every movement dated on or before it). */
export function stockAu(r: Registre, day: string): { stock_kg: number; valeur: number; cout_moyen_kg: number } {
  const last = rejouer(r)
    .filter((j) => j.date <= day)
    .at(-1);
  return last
    ? { stock_kg: kgDeGrammes(last.stock_g), valeur: francs(last.valeur), cout_moyen_kg: round2(last.cout_kg) }
    : { stock_kg: 0, valeur: 0, cout_moyen_kg: 0 };
}

/** The average cost of each day of the ledger, FCFA per kg (exact). */
export function coutsDuJour(r: Registre): Map<string, number> {
  return new Map(rejouer(r).map((j) => [j.date, j.cout_kg]));
}

/** What a batch ate from the store: kg, and its cost in whole FCFA (Σ day kg × day cost, rounded once). */
export function alimentDeBande(r: Registre, c: ConsoBandes, idBande: number, couts = coutsDuJour(r)): { kg: number; cout: number } {
  const days = c[String(idBande)] ?? {};
  let g = 0;
  let cout = 0;
  for (const [day, grams] of Object.entries(days)) {
    g += grams;
    cout += (grams / 1000) * (couts.get(day) ?? 0);
  }
  return { kg: kgDeGrammes(g), cout: francs(cout) };
}

/** Value of one consumption at its day's cost, whole FCFA (the lists' figure). */
export const valeurConso = (kg: number, day: string, couts: Map<string, number>): number => francs(kg * (couts.get(day) ?? 0));

/**
 * Grams eaten by one batch over its last 7 days, and on how many of those days it ate. The 7 days
 * end today once today's feed is typed, else yesterday: the round is typed during the day, and
 * before it a batch fed every day for weeks would read as 6 days of history each morning (and its
 * days of feed left fall back on the breed's curve until the round).
 */
export function conso7j(c: ConsoBandes, idBande: number, today: string): { g: number; jours: number; premier: string | null } {
  const days = c[String(idBande)] ?? {};
  const fin = days[today] !== undefined ? today : addDays(today, -1);
  const from = addDays(fin, -6);
  let g = 0;
  let jours = 0;
  for (const [day, grams] of Object.entries(days)) {
    if (day >= from && day <= fin) {
      g += grams;
      jours++;
    }
  }
  const all = Object.keys(days).sort();
  return { g, jours, premier: all[0] ?? null };
}

/**
 * Published daily feed intake per bird at an age, g/day, derived from the breed's weight and
 * cumulative FCR curves (shared/breeds.ts, the breeder's performance objectives): cumulative feed
 * per bird at a published age J is FCR(J) × weight(J) (0 at day 0), and the intake of a day is the
 * slope of that cumulative feed over the published week it falls in. Null outside the curves or
 * for a breed without them (the layers' curves are not shipped: docs/aliment.md).
 */
export function consommationStandard(race: Pick<Race, 'poids' | 'ic'>, age: number): number | null {
  const weight = new Map(race.poids.map((p) => [p.jour, p.g]));
  const pts = [{ jour: 0, g: 0 }, ...race.ic.filter((p) => weight.has(p.jour)).map((p) => ({ jour: p.jour, g: p.ic * weight.get(p.jour)! }))].sort(
    (a, b) => a.jour - b.jour,
  );
  if (pts.length < 2 || age < 0 || age > pts[pts.length - 1].jour) return null;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1];
    const b = pts[i];
    if (age <= b.jour) return round2((b.g - a.g) / (b.jour - a.jour));
  }
  return null;
}

/** Days of feed left: whole days the stock lasts at a daily consumption (null: nothing eaten). */
export const joursRestants = (stockKg: number, consoJourKg: number): number | null => (consoJourKg > 0 ? Math.floor(stockKg / consoJourKg) : null);

/** A batch's costs: the expenses typed on it and the feed it ate from the store (BandeSummary). */
export const depenseBande = (b: { depense: number; cout_aliment?: number }): number => b.depense + (b.cout_aliment ?? 0);
