// Shop sale lines. Owns the VENTE# keys and the sales-by-date index:
//   line         PK ENT#<t>  SK VENTE#<id>
//   by date      GSI1PK ENT#<t>#VENTES  GSI1SK <created_at ISO>#<id, 10 digits>  (history = one Query by range)
// A line records the seller's shop, the price after discount and, when the sale named a batch,
// the id of the batch sale entry written in the same transaction. It is the business's one sales
// ledger: a delivered customer order and a paid-or-delivered online order write their
// lines here too (`source` COMMANDE / ECOMMERCE), so history, turnover, dashboard and CSV agree.
import { BatchGetCommand, GetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/ddb';
import { tenantPk } from '../lib/repo/keys';
import type { VenteLigne } from '@shared/schemas/ventes';
import { queryAll, type TxItem } from '../lib/store';

const pad = (id: number) => String(id).padStart(10, '0');
const venteKey = (tenantId: number, id: number) => ({ PK: tenantPk(tenantId), SK: `VENTE#${id}` });
const byDatePk = (tenantId: number) => `${tenantPk(tenantId)}#VENTES`;

/** A stored line: the history line (shared/schemas/ventes.ts) with the shop as an id, plus its batch entry. */
export type VenteRecord = Omit<VenteLigne, 'boutique' | 'date'> & {
  /** Computed when read (created_at's day), never stored. */
  date?: string;
  id_boutique: number;
  /** Id of the batch sale entry recorded with this line (when id_bande is set). */
  bande_entry_id: number | null;
  created_by: number;
};

function toRecord(i: Record<string, unknown>): VenteRecord {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, entity: _e, type, type_vente, ...rest } = i;
  // A line written before the kind attribute was `entity` stores its sale type as type_vente (its
  // `type` is the kind, VENTE) until the migration 2026-12-stored-names moves it. Lines stored
  // before orders wrote ledger lines carry no source: they are shop sales. A line counts on the day
  // of its created_at (the outbox's saisi_le when plausible), answered as `date`.
  return {
    ...(rest as unknown as VenteRecord),
    type: (type_vente ?? type) as VenteLigne['type'],
    source: (i.source as VenteLigne['source']) ?? 'BOUTIQUE',
    date: String(i.created_at).slice(0, 10),
  };
}

/** The line's Put: the item's kind is `entity`, so the sale type is stored as the spec's `type`. */
export function ventePut(tenantId: number, v: VenteRecord): TxItem {
  const { type, date: _date, ...rest } = v;
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...venteKey(tenantId, v.id),
        GSI1PK: byDatePk(tenantId),
        GSI1SK: `${v.created_at}#${pad(v.id)}`,
        entity: 'VENTE',
        type,
        ...rest,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export async function getVente(tenantId: number, id: number): Promise<VenteRecord | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: venteKey(tenantId, id), ConsistentRead: true }));
  return out.Item ? toRecord(out.Item) : null;
}

export function venteCancelUpdate(tenantId: number, id: number, at: string): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: venteKey(tenantId, id),
      UpdateExpression: 'SET etat = :d, deleted_at = :at',
      ConditionExpression: 'etat = :v',
      ExpressionAttributeValues: { ':d': 'DELETED', ':v': 'VALID', ':at': at },
    },
  };
}

/**
 * Lines recorded between two days inclusive (YYYY-MM-DD, Africa/Dakar = UTC): one Query on GSI1
 * with a range on the ISO time stamp ('~' sorts after every time character). Newest first.
 */
export async function ventesBetween(tenantId: number, debut: string, fin: string): Promise<VenteRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :s AND :e',
    ExpressionAttributeValues: { ':pk': byDatePk(tenantId), ':s': debut.slice(0, 10), ':e': `${fin.slice(0, 10)}~` },
    ScanIndexForward: false,
  });
  return items.map(toRecord);
}

/** Lines one sale may hold (shared/schemas/ventes.ts MAX_VENTE_LINES): the ids a transaction may span. */
const LIGNES_PAR_VENTE_MAX = 20;

/**
 * The lines of one sale (a POST api/vente, an order's delivery): their ids follow the first one,
 * which is the transaction's id, so one BatchGetItem of the 20 ids from it finds them all without
 * an index (a shared receipt). Ordered by id; empty when no line has that transaction.
 */
export async function venteTransaction(tenantId: number, idTransaction: number): Promise<VenteRecord[]> {
  const out: VenteRecord[] = [];
  let keys: Record<string, unknown>[] | undefined = Array.from({ length: LIGNES_PAR_VENTE_MAX }, (_, i) => venteKey(tenantId, idTransaction + i));
  for (let attempt = 0; keys?.length; attempt++) {
    // Throttled past a few backoffs: a 5xx the client retries, never a partial receipt.
    if (attempt >= 8) throw new Error('BatchGetItem: keys still unprocessed');
    if (attempt) await new Promise((r) => setTimeout(r, Math.min(500, 20 * 2 ** attempt)));
    const res: BatchGetCommandOutput = await ddb().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true } } }));
    for (const item of res.Responses?.[tableName()] ?? []) if (Number(item.id_transaction) === idTransaction) out.push(toRecord(item));
    keys = res.UnprocessedKeys?.[tableName()]?.Keys;
  }
  return out.sort((a, b) => a.id - b.id);
}
