// A layer flock's egg stock (docs/oeufs.md, decision 0243): eggs collected by size enter
// on their day; eggs sold from the batch, broken (casse) and sent to a shop product leave it. One
// replay, in day order, shared by the server's checks, the screens and the reconciliation harness.
//
// The rule, day by day:
// 1. the day's collections enter first, each size on its own line (a collection inside an egg
//    withdrawal enters nothing: its eggs are held apart as not sellable, `non_commercialisables`);
// 2. then the exits that name a size leave that size;
// 3. then the exits that name none (a batch sale typed without a size, every sale recorded before
//    sizes existed, a shop sale naming the batch) take what is left, smallest size first
//    (S, then M, L, XL): the per-size stock shown always adds up to the total;
// 4. what an exit could not find is that day's shortage (`manque`): the size's, or the total's. The
//    stock never carries a shortage to the next day (it restarts from 0), so an old shortage, made
//    before the stock existed, never blocks today's entries.
// A write is refused when it makes any day's shortage larger than it was without it
// (`premierManqueAjoute`): on a batch with no shortage, "never below zero on any day, in total and
// for each size".
import { OEUFS_PAR_PLATEAU } from './birds';

export const CALIBRES = ['s', 'm', 'l', 'xl'] as const;
export type Calibre = (typeof CALIBRES)[number];
export type ParCalibre = Record<Calibre, number>;

/** The sizes' names as a farmer reads them (« calibre M »). */
export const NOMS_CALIBRES: Record<Calibre, string> = { s: 'S', m: 'M', l: 'L', xl: 'XL' };

export const zeroCalibres = (): ParCalibre => ({ s: 0, m: 0, l: 0, xl: 0 });

/** Eggs of a quantity typed in eggs or trays of 30. */
export function versOeufs(quantite: number, unite: 'oeuf' | 'plateau' | null | undefined): number {
  return unite === 'plateau' ? Math.round(quantite * OEUFS_PAR_PLATEAU) : quantite;
}

/** Eggs as whole trays of 30 plus eggs: 95 → { plateaux: 3, oeufs: 5 }. */
export function enPlateaux(oeufs: number): { plateaux: number; oeufs: number } {
  const n = Math.max(0, Math.floor(oeufs));
  return { plateaux: Math.floor(n / OEUFS_PAR_PLATEAU), oeufs: n % OEUFS_PAR_PLATEAU };
}

/** « 3 plateaux et 5 œufs », « 1 plateau », « 5 œufs », « 0 œuf » (receipts, CSVs, cards). */
export function formatPlateaux(oeufs: number): string {
  const { plateaux, oeufs: reste } = enPlateaux(oeufs);
  const p = plateaux === 1 ? '1 plateau' : `${plateaux.toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ')} plateaux`;
  const o = reste <= 1 ? `${reste} œuf` : `${reste} œufs`;
  if (!plateaux) return o;
  return reste ? `${p} et ${o}` : p;
}

/** One movement of the egg stock, as the replay reads it. */
export type MouvementOeufs =
  | { kind: 'collecte'; id: number; day: string; calibres: ParCalibre; non_commercialisable?: boolean }
  | { kind: 'vente' | 'casse' | 'transfert'; id: number; day: string; oeufs: number; calibre?: Calibre | null };

export interface JourOeufs {
  day: string;
  /** Stock at the end of the day (never below 0). */
  total: number;
  par_calibre: ParCalibre;
  /** What was there to take that day: the previous day's stock and the day's sellable collections. */
  disponible: number;
  disponible_calibre: ParCalibre;
  /** What the day's exits asked for: in total, and those naming each size. */
  demande: number;
  demande_calibre: ParCalibre;
  /** Eggs that left without being there: for each size (exits naming it) and in total (all). */
  manque: number;
  manque_calibre: ParCalibre;
}

export interface StockOeufsRejoue {
  /** Every day with a movement, in order. */
  jours: JourOeufs[];
  total: number;
  par_calibre: ParCalibre;
  /** Eggs collected inside an egg withdrawal: never in the stock. */
  non_commercialisables: number;
}

const somme = (c: ParCalibre) => c.s + c.m + c.l + c.xl;

/** The stock replayed day by day (the rule above). Movements in any order. */
export function rejouerOeufs(mouvements: readonly MouvementOeufs[]): StockOeufsRejoue {
  const parJour = new Map<string, MouvementOeufs[]>();
  let non_commercialisables = 0;
  for (const m of mouvements) {
    if (m.kind === 'collecte' && m.non_commercialisable) {
      non_commercialisables += somme(m.calibres);
      continue;
    }
    const d = m.day.slice(0, 10);
    parJour.set(d, [...(parJour.get(d) ?? []), m]);
  }
  const stock = zeroCalibres();
  const jours: JourOeufs[] = [];
  for (const day of [...parJour.keys()].sort()) {
    const ms = parJour.get(day)!;
    for (const m of ms) if (m.kind === 'collecte') for (const c of CALIBRES) stock[c] += m.calibres[c];
    const disponible_calibre = { ...stock };
    const demande_calibre = zeroCalibres();
    let sansCalibre = 0;
    for (const m of ms) {
      if (m.kind === 'collecte') continue;
      if (m.calibre) demande_calibre[m.calibre] += m.oeufs;
      else sansCalibre += m.oeufs;
    }
    const manque_calibre = zeroCalibres();
    for (const c of CALIBRES) {
      stock[c] -= demande_calibre[c];
      if (stock[c] < 0) {
        manque_calibre[c] = -stock[c];
        stock[c] = 0;
      }
    }
    for (const c of CALIBRES) {
      const pris = Math.min(stock[c], sansCalibre);
      stock[c] -= pris;
      sansCalibre -= pris;
    }
    jours.push({
      day,
      total: somme(stock),
      par_calibre: { ...stock },
      disponible: somme(disponible_calibre),
      disponible_calibre,
      demande: somme(demande_calibre) + ms.reduce((s, m) => s + (m.kind !== 'collecte' && !m.calibre ? m.oeufs : 0), 0),
      demande_calibre,
      manque: somme(manque_calibre) + sansCalibre,
      manque_calibre,
    });
  }
  return { jours, total: somme(stock), par_calibre: { ...stock }, non_commercialisables };
}

/** The stock at the end of `day` (its movements included). */
export function stockOeufsAu(r: StockOeufsRejoue, day: string): { total: number; par_calibre: ParCalibre } {
  let found: JourOeufs | undefined;
  for (const j of r.jours) if (j.day <= day) found = j;
  return found ? { total: found.total, par_calibre: { ...found.par_calibre } } : { total: 0, par_calibre: zeroCalibres() };
}

/** A day where a write makes the shortage larger: the size's (`calibre`) or the total's (null). */
export interface ManqueOeufs {
  day: string;
  calibre: Calibre | null;
  /** What was there to take that day (of that size, or in total), after the write. */
  disponible: number;
  /** What the day's exits asked for (of that size, or in total), after the write. */
  demande: number;
}

/**
 * The first day whose shortage `apres` (the replay with the write) makes larger than `avant` (the
 * replay without it): the write is then refused with that day's figures. Null: the write takes
 * nothing that was not there.
 */
export function premierManqueAjoute(avant: StockOeufsRejoue, apres: StockOeufsRejoue): ManqueOeufs | null {
  const before = new Map(avant.jours.map((j) => [j.day, j]));
  for (const j of apres.jours) {
    const b = before.get(j.day);
    for (const c of CALIBRES) {
      if (j.manque_calibre[c] > (b?.manque_calibre[c] ?? 0))
        return { day: j.day, calibre: c, disponible: j.disponible_calibre[c], demande: j.demande_calibre[c] };
    }
    if (j.manque > (b?.manque ?? 0)) return { day: j.day, calibre: null, disponible: j.disponible, demande: j.demande };
  }
  return null;
}

/** The days an exit left without its eggs (shortages already recorded), for the stock's screen. */
export function rupturesOeufs(r: StockOeufsRejoue): { date: string; calibre: Calibre | null; oeufs: number }[] {
  const out: { date: string; calibre: Calibre | null; oeufs: number }[] = [];
  for (const j of r.jours) {
    for (const c of CALIBRES) if (j.manque_calibre[c]) out.push({ date: j.day, calibre: c, oeufs: j.manque_calibre[c] });
    const sans = j.manque - somme(j.manque_calibre);
    if (sans) out.push({ date: j.day, calibre: null, oeufs: sans });
  }
  return out;
}
