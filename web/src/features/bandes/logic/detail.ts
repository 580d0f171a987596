// What the batch detail's parts share: the dialog open over it, and the order and filter of its
// entries' lists.
import { jourSaisie } from '../../../../../shared/formulas';
import type { Collecte, Depense, Pesage, Vente } from '../../../../../shared/schemas/bandes';

/** The one dialog open over the batch detail, with the entry it corrects (null: a new one). */
export type DetailDialog =
  | { kind: 'perte' }
  | { kind: 'depense'; depense: Depense | null }
  | { kind: 'vente'; vente: Vente | null }
  | { kind: 'pesage'; pesage: Pesage | null }
  | { kind: 'collecte'; collecte: Collecte | null }
  | { kind: 'bande' }
  | { kind: 'details'; type: number }
  | null;

/** Not cancelled (a weighing, collection or loss may carry `etat`; the answers' types do not all name it). */
export const live = (e: object) => (e as { etat?: string }).etat !== 'DELETED';

/** Newest day first, then the latest typed of a day. */
export const byDayDesc = <T extends { id: number; date?: string | null; created_at: string }>(a: T, b: T) => {
  const da = jourSaisie(a);
  const db = jourSaisie(b);
  return da < db ? 1 : da > db ? -1 : b.id - a.id;
};

/** Newest weighing first, then the latest typed of a day. */
export const byPriseDesc = (x: Pesage, y: Pesage) => (x.date_prise < y.date_prise ? 1 : x.date_prise > y.date_prise ? -1 : y.id - x.id);
