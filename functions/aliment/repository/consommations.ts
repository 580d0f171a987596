// What a batch ate from the store: the CON# item in the batch's collection (GET
// api/bande/{id} reads it with the entries), its id → batch pointer, its index by day for the
// consumptions' list, and — in the same transaction — the ledger (./registre.ts) and the BANDE
// item's guard (its day on or after the start, the batch open: functions/bandes/repository/guard.ts).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ConsommationAliment } from '@shared/schemas/aliment';
import type { ConsoBandes, Registre } from '@shared/formulas/aliment';
import { ddb, tableName } from '../../lib/ddb';
import { refuseEachWith, refuseWith, staleRead, transactOrRefuse } from '../../lib/refusal';
import { queryAll, type TxItem } from '../../lib/store';
import { bandeGuardUpdate, GUARDED_CONFLICT_ATTEMPTS } from '../../bandes/public';
import { k } from './keys';
import { registreUpdate } from './registre';

/** A consumption as stored (its value is not stored: it moves with the ledger's costs). */
export type ConsoItem = Omit<ConsommationAliment, 'valeur' | 'nom_bande'> & { version: number; deleted_at?: string };

export function toConso(i: Record<string, any>): ConsoItem {
  const { PK: _pk, SK: _sk, GSI2PK: _g1, GSI2SK: _g2, entity: _e, ...rest } = i;
  return rest as ConsoItem;
}

/**
 * Records a consumption, all or nothing: its item (with its day index), its pointer, the ledger
 * conditioned on the version read, and the batch's `{ start }` guard. A failed condition (the
 * ledger moved, the batch closed, archived or its start moved after the day, another writer claimed
 * an id: `claims`, lib/repo/counters `idClaims`) throws StaleRead: the route reads, checks and writes again.
 */
export async function addConso(
  t: number,
  c: ConsoItem,
  lu: { version: number },
  jours: Registre,
  bandes: ConsoBandes,
  claims: readonly TxItem[],
): Promise<void> {
  const item: TxItem = {
    Put: {
      TableName: tableName(),
      Item: { ...k.conso(t, c.id_bande, c.id), ...k.consoJour(t, c.date, c.id), entity: 'ALIMENT_CON', ...c },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  const ref: TxItem = { Put: { TableName: tableName(), Item: { ...k.consoRef(t, c.id), entity: 'ALIMENT_CON_REF', id_bande: c.id_bande } } };
  await transactOrRefuse(
    // The claims first: a lost claim is what a refusal of the consumption's Put (same id) means.
    [
      ...refuseEachWith(staleRead, claims),
      item,
      ref,
      refuseWith(staleRead, registreUpdate(t, lu, jours, bandes)),
      refuseWith(staleRead, bandeGuardUpdate(t, c.id_bande, { start: c.date })),
    ],
    GUARDED_CONFLICT_ATTEMPTS,
  );
}

/** Which batch a consumption belongs to (the cancel carries only its id); null: none of this business. */
export async function consoBande(t: number, id: number): Promise<number | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.consoRef(t, id), ConsistentRead: true }));
  return out.Item ? Number(out.Item.id_bande) : null;
}

export async function getConso(t: number, bandeId: number, id: number): Promise<ConsoItem | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.conso(t, bandeId, id), ConsistentRead: true }));
  return out.Item ? toConso(out.Item) : null;
}

/**
 * Cancels a consumption read at `c.version`: etat DELETED (it stays in the lists), the ledger
 * without its grams. The batch is not touched: giving feed back breaks none of its rules, so a
 * closed batch's consumption can still be corrected. StaleRead when either moved since read.
 */
export async function cancelConso(t: number, c: ConsoItem, at: string, lu: { version: number }, jours: Registre, bandes: ConsoBandes): Promise<void> {
  const item: TxItem = {
    Update: {
      TableName: tableName(),
      Key: k.conso(t, c.id_bande, c.id),
      UpdateExpression: 'SET etat = :del, deleted_at = :at, version = :next',
      ConditionExpression: 'version = :v AND etat = :active',
      ExpressionAttributeValues: { ':del': 'DELETED', ':at': at, ':next': c.version + 1, ':v': c.version, ':active': 'ACTIVE' },
    },
  };
  await transactOrRefuse([refuseWith(staleRead, item), refuseWith(staleRead, registreUpdate(t, lu, jours, bandes))], GUARDED_CONFLICT_ATTEMPTS);
}

/** The consumptions dated in [debut, fin] (cancelled ones included), by day. */
export async function consosBetween(t: number, debut: string, fin: string): Promise<ConsoItem[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :s AND :e',
    ExpressionAttributeValues: { ':pk': k.consoJourPk(t), ':s': `${debut}#`, ':e': `${fin}#~` },
  });
  return items.map(toConso);
}
