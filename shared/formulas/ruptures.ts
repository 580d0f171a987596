// What a departure of birds (a loss, a broiler sale, a slaughter) would break, and the French
// refusal that names it: the server's routes and the entry dialogs read this one function, so the
// screen refuses at once what the server would refuse, with the same words
// (docs/decisions/0219-refusals-name-the-day.md).
//
// A departure dated on a day takes its birds from that day on: the day itself may lack them, or a
// later day's departures (a sale, a slaughter, a loss already recorded) may no longer find theirs,
// or a later collection or weighing may no longer fit the birds left. The refusal names the first
// such day and the figure that breaks there, never today's count for a past day.
import { POIDS_MAX_G } from '../limits';
import { BANDE_MSG } from '../messages/bandes';
import { jourSaisie, oeufsLe, premiereImpossibilite, sujetsSortisLe, sujetsVivantsLe, type Impossibilite, type LotDate } from './birds';

/** A batch with its dated departures and its records (weighings, collections), as the checks read it. */
export type LotComplet = Parameters<typeof premiereImpossibilite>[0];

/**
 * A batch detail (GET api/bande/{id}) as the checks read it, so a screen refuses at once what the
 * server would refuse; a layer batch's collections come from their own query (cancelled ones may
 * stay in: every check skips them).
 */
export const lotDuDetail = (b: Omit<LotComplet, 'collectes'>, collectes: LotComplet['collectes'] = []): LotComplet => ({
  type: b.type,
  nb_sujet: b.nb_sujet,
  pertes: b.pertes,
  ventes: b.ventes,
  abatages: b.abatages,
  pesages: b.pesages,
  collectes,
});

export type SortieKind = 'perte' | 'vente' | 'abattage';

/** A departure of birds on a day. */
export interface Sortie {
  kind: SortieKind;
  quantite: number;
  day: string;
}

/** The departure being recorded or corrected; `ancienne`: the quantity a corrected entry had. */
export interface SortieSaisie extends Sortie {
  ancienne?: { quantite: number; day: string } | null;
}

export type Rupture =
  /** The entry's own day lacks the birds: `vivants` alive at the end of that day without it. */
  | { kind: 'jour'; sortie: SortieSaisie; vivants: number }
  /** A later day's departures would no longer find their birds: `vivants` alive at the start of that day. */
  | { kind: 'suite'; day: string; sorties: Sortie[]; vivants: number }
  | Impossibilite;

/** `lot` with the departure `s` added (dated on its day). */
export function avecSortie(lot: LotComplet, s: Sortie): LotComplet {
  if (s.kind === 'perte') return { ...lot, pertes: [...lot.pertes, { nombre: s.quantite, date: s.day, created_at: s.day }] };
  // A departure is birds: on a layer batch, a sale of hens (réforme).
  if (s.kind === 'vente') return { ...lot, ventes: [...(lot.ventes ?? []), { quantite: s.quantite, unite: 'sujet', date: s.day, created_at: s.day }] };
  return { ...lot, abatages: [...(lot.abatages ?? []), { quantite: s.quantite, date: s.day }] };
}

/** The birds one entry takes from the batch, by the one counting rule (`sujetsSortisLe`): 0 for an entry that takes none (a layer batch's egg sale). */
function oiseaux(type: LotDate['type'], part: Partial<LotDate>): number {
  return sujetsSortisLe({ type, nb_sujet: 0, pertes: [], ventes: [], abatages: [], ...part }, '9999-12-31');
}

/** The departures of a batch, each with the birds it takes and its day. */
export function sortiesDe(lot: LotDate): Sortie[] {
  const out: Sortie[] = [];
  for (const p of lot.pertes) out.push({ kind: 'perte', quantite: oiseaux(lot.type, { pertes: [p] }), day: jourSaisie(p) });
  for (const v of lot.ventes ?? []) out.push({ kind: 'vente', quantite: oiseaux(lot.type, { ventes: [v] }), day: jourSaisie(v) });
  for (const a of lot.abatages ?? []) out.push({ kind: 'abattage', quantite: oiseaux(lot.type, { abatages: [a] }), day: a.date.slice(0, 10) });
  return out.filter((s) => s.quantite > 0);
}

/**
 * The first thing recording `sortie` breaks: `avant` is the batch without the entry (a corrected
 * entry's old version left out), `apres` the batch with it. Birds alive only fall on the days birds
 * leave, so those days are checked from the entry's own day on, then the collections and weighings;
 * the earliest day wins (the birds first on the same day). Null when the entry fits.
 */
export function premiereRupture(avant: LotComplet, apres: LotComplet, sortie: SortieSaisie): Rupture | null {
  const sorties = sortiesDe(apres);
  const days = [...new Set(sorties.map((s) => s.day).filter((d) => d >= sortie.day))].sort();
  let birds: Rupture | null = null;
  for (const day of days) {
    const left = sujetsVivantsLe(apres, day);
    if (left >= 0) continue;
    if (day === sortie.day) birds = { kind: 'jour', sortie, vivants: Math.max(0, sujetsVivantsLe(avant, day)) };
    else {
      // The later day's own departures (the entry is on an earlier day): alive at that day's start.
      const those = sortiesDe(avant).filter((s) => s.day === day);
      const taken = those.reduce((n, s) => n + s.quantite, 0);
      birds = { kind: 'suite', day, sorties: those, vivants: Math.max(0, Math.floor(left + taken)) };
    }
    break;
  }
  const records = premiereImpossibilite(apres, sortie.day);
  if (birds && (!records || ruptureDay(birds) <= records.day)) return birds;
  return records;
}

const ruptureDay = (r: Rupture) => (r.kind === 'jour' ? r.sortie.day : r.day);

/**
 * The French refusal of a rupture. On its own day: today's wording on today (the figure the batch
 * card shows), that day's birds on a past day; a corrected sale says what it had and what it asks.
 */
export function ruptureMessage(r: Rupture, today: string): string {
  if (r.kind === 'collecte') return BANDE_MSG.collecteImpossible(r.day, r.oeufs, r.vivants);
  if (r.kind === 'pesage') return BANDE_MSG.pesageImpossible(r.day, r.echantillon, r.vivants);
  if (r.kind === 'suite') return BANDE_MSG.sortiesImpossibles(r.day, r.sorties, r.vivants);
  const { sortie: s, vivants } = r;
  if (s.ancienne && s.ancienne.day === s.day) return BANDE_MSG.correctionImpossible(s.kind, s.ancienne.quantite, s.quantite, s.day, vivants);
  return s.day >= today ? BANDE_MSG.tooManyLosses(vivants) : BANDE_MSG.restaitVivants(s.day, vivants);
}

/** The refusal of recording `sortie` on the batch `avant` (without the entry), or null when it fits. */
export function refusSortie(avant: LotComplet, sortie: SortieSaisie, today: string): string | null {
  const r = premiereRupture(avant, avecSortie(avant, sortie), sortie);
  return r ? ruptureMessage(r, today) : null;
}

// ── the records of a day: eggs within the hens, a sample within the flock ──

/**
 * The refusal of a collection of `collecte` eggs on `day`, or null: the day's eggs (this one and
 * the day's others) never exceed the hens alive that day. `lot`: the batch without the collection
 * being corrected.
 */
export function refusCollecte(lot: LotComplet, collecte: number, day: string): string | null {
  const deja = oeufsLe(lot.collectes, day);
  const vivants = Math.max(0, sujetsVivantsLe(lot, day));
  return deja + collecte > vivants ? BANDE_MSG.tooManyEggs(day, vivants, deja) : null;
}

/** The refusal of a weighing, or null: an average weight under its type's hard maximum, a sample within the birds alive that day. */
export function refusPesage(lot: LotComplet, p: { poidsG: number; echantillon: number; day: string }): string | null {
  if (p.poidsG > POIDS_MAX_G[lot.type]) return BANDE_MSG.weightTooHigh(lot.type);
  const vivants = Math.max(0, sujetsVivantsLe(lot, p.day));
  return p.echantillon > vivants ? BANDE_MSG.sampleTooLarge(p.day, vivants) : null;
}
