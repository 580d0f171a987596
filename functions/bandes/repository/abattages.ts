// A slaughter record's side in its batch (the record itself is functions/abattages'): the batch's
// count of slaughtered birds and its copy of the record's quantity and day (ABT# item).
import { tableName } from '../../lib/ddb';
import type { TxItem } from '../../lib/store';
import { guardParts, OPEN, type Guard } from './guard';
import { k } from './keys';

/**
 * Slaughtered birds leave (delta > 0) or come back to (delta < 0) a batch, as transaction items:
 * the batch's count (the batch must be active; `guard` when checked), and its copy of the record
 * (`copy`: its quantity and day; null removes it, the record left the batch).
 */
export function abattageItems(
  t: number,
  bandeId: number,
  delta: number,
  id: number,
  copy: { quantite: number; date: string; produits?: { id: number; nom: string; quantite: number }[] } | null,
  guard?: Guard,
): { bande: TxItem; copy: TxItem } {
  const g = guardParts(guard);
  const adds = [...(delta !== 0 ? ['nb_abattu :d'] : []), ...(g.bump ? ['rev :one'] : [])];
  return {
    bande: {
      Update: {
        TableName: tableName(),
        Key: k.bande(t, bandeId),
        UpdateExpression: adds.length ? `ADD ${adds.join(', ')}` : 'SET statut = :active',
        ConditionExpression: [OPEN, ...g.cond].join(' AND '),
        ExpressionAttributeValues: { ':active': 'ACTIVE', ...(delta !== 0 ? { ':d': delta } : {}), ...(g.bump ? { ':one': 1 } : {}), ...g.values },
      },
    },
    copy: copy
      ? {
          Put: {
            TableName: tableName(),
            Item: {
              ...k.abatage(t, bandeId, id),
              entity: 'BANDE_ABT',
              id,
              quantite: copy.quantite,
              date: copy.date.slice(0, 10),
              ...(copy.produits?.length ? { produits: copy.produits } : {}),
            },
          },
        }
      : { Delete: { TableName: tableName(), Key: k.abatage(t, bandeId, id) } },
  };
}
