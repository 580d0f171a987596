// Buyers' numbers a seller blocked (`ENT#<t> / ECOMBLOQUE#<E.164>`): the storefront refuses their
// orders to that seller; the seller may unblock them.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../../lib/ddb';
import { queryPrefix, type TxItem } from '../../lib/store';
import type { NumeroBloque } from '@shared/schemas/ecommerce';
import { NUMERO_BLOQUE_PREFIX, numeroBloqueKey } from './keys';

/** Whether the seller blocked this number: one GetItem (eventually consistent: a block a second old may still let one order in, which the seller's list shows). */
export async function isNumeroBloque(t: number, telephone: string): Promise<boolean> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: numeroBloqueKey(t, telephone), ProjectionExpression: 'PK' }));
  return !!out.Item;
}

/** The seller's blocked numbers, newest first. */
export async function listNumerosBloques(t: number): Promise<NumeroBloque[]> {
  return (await queryPrefix(t, NUMERO_BLOQUE_PREFIX))
    .map((i) => ({ telephone: String(i.telephone), bloque_le: String(i.bloque_le) }))
    .sort((a, b) => b.bloque_le.localeCompare(a.bloque_le));
}

/** Blocks a number (again: the date moves, nothing else). */
export function numeroBloquePut(t: number, telephone: string, at: string): TxItem {
  return { Put: { TableName: tableName(), Item: { ...numeroBloqueKey(t, telephone), entity: 'NUMERO_BLOQUE', telephone, bloque_le: at } } };
}

/** Unblocks a blocked number; the condition refuses a number that is not blocked. */
export function numeroDebloqueDelete(t: number, telephone: string): TxItem {
  return { Delete: { TableName: tableName(), Key: numeroBloqueKey(t, telephone), ConditionExpression: 'attribute_exists(PK)' } };
}
