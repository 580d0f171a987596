// Shop sales naming a batch (functions/ventes): the batch's sales are recorded in the SAME
// transaction as the shop sale (stock, creance), so the batch revenue can never disagree with the
// shop. These builders only return transaction items; the ventes domain runs the transaction.
import type { TxItem } from '../../lib/store';
import type { Guard } from './guard';
import { entryCancelUpdate, entryPut, entryRefPut, totalsUpdate } from './entries';

/**
 * Entries (one per shop line, dated the line's day), their id → batch pointers and ONE totals
 * update; the batch must be active, and the write is serialised by `guard` (functions/bandes/limits.ts
 * `shopSaleGuard`: a broiler batch's birds alive).
 */
export function shopSaleEntryItems(
  t: number,
  bandeId: number,
  entries: (Record<string, unknown> & { id: number; quantite: number; prix_total: number; created_at: string })[],
  guard?: Guard,
): TxItem[] {
  const items: TxItem[] = [];
  for (const e of entries) {
    const entry = { ...e, date: e.created_at.slice(0, 10) };
    items.push({ Put: { ...entryPut(t, bandeId, 'VTE', entry, 1), ConditionExpression: 'attribute_not_exists(PK)' } });
    items.push(entryRefPut(t, bandeId, 'VTE', entry.id));
  }
  const chiffre = entries.reduce((s, e) => s + e.prix_total, 0);
  const vendus = entries.reduce((s, e) => s + e.quantite, 0);
  items.push(totalsUpdate(t, bandeId, { chiffre_affaire: chiffre, nb_vendu: vendus }, guard));
  return items;
}

/** Cancels one such entry (not cancelled yet) and takes it out of the batch totals; the batch must be active. */
export function shopSaleCancelItems(t: number, bandeId: number, entry: { id: number; quantite: number; prix_total: number }): TxItem[] {
  return [entryCancelUpdate(t, bandeId, 'VTE', entry.id), totalsUpdate(t, bandeId, { chiffre_affaire: -entry.prix_total, nb_vendu: -entry.quantite })];
}
