// What the batch detail's parts share: the dialog open over it, and the order and filter of its
// entries' lists.
import { jourSaisie } from '@shared/formulas';
import type { BandeDetail, Collecte, Depense, Pesage, Vente } from '@shared/schemas/bandes';
import type { OutboxEntry } from '../../../lib/offline/outbox';

/**
 * The one dialog open over the batch detail, with the entry it corrects (null: a new one), and
 * `refused`: an entry the server refused after sync, opened to be corrected.
 */
export type DetailDialog =
  | { kind: 'perte'; refused?: OutboxEntry }
  | { kind: 'depense'; depense: Depense | null; refused?: OutboxEntry }
  | { kind: 'vente'; vente: Vente | null; refused?: OutboxEntry }
  | { kind: 'pesage'; pesage: Pesage | null; refused?: OutboxEntry }
  | { kind: 'collecte'; collecte: Collecte | null; refused?: OutboxEntry }
  | { kind: 'bande' }
  // What the batch ate from the farm's store: lib/aliment/ConsommationDialog, batch fixed.
  | { kind: 'aliment'; refused?: OutboxEntry }
  | { kind: 'details'; type: number }
  | null;

/**
 * The dialog that corrects a refused entry of this batch: the kind it was typed in, on the same
 * entry when it corrected one (a sale edited offline stays an edit of that sale), else a new one.
 */
export function correctionDialog(e: OutboxEntry, b: BandeDetail, collectes: readonly Collecte[]): DetailDialog {
  const body = (e.body ?? {}) as { id?: number; id_vente?: number; depense?: { id?: number }; pesage?: { id?: number } };
  const byId = <T extends { id: number }>(list: readonly T[], id: number | undefined) => (id && id > 0 ? (list.find((x) => x.id === id) ?? null) : null);
  switch (e.kind) {
    case 'perte':
      return { kind: 'perte', refused: e };
    case 'depense':
      return { kind: 'depense', depense: byId(b.depenses, body.depense?.id), refused: e };
    case 'vente-bande':
      return { kind: 'vente', vente: byId(b.ventes, body.id_vente), refused: e };
    case 'pesage':
      return { kind: 'pesage', pesage: byId(b.pesages, body.pesage?.id), refused: e };
    case 'collecte':
      return { kind: 'collecte', collecte: byId(collectes, body.id), refused: e };
    case 'aliment-conso':
      return { kind: 'aliment', refused: e };
    default:
      return null;
  }
}

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
