// Repayments (versements) of client debts. Owns the VERSEMENT# keys; the creance moves through
// the clients repository's transaction items, in the same transaction.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/ddb';
import { tenantPk } from '../lib/repo/keys';
import type { Affectation, VersementEtat } from '@shared/schemas/versements';
import { queryPrefix, type TxItem } from '../lib/store';

const versementKey = (tenantId: number, id: number) => ({ PK: tenantPk(tenantId), SK: `VERSEMENT#${id}` });

export interface VersementRecord {
  id: number;
  id_client: number;
  montant: number;
  etat: VersementEtat;
  created_at: string;
  canceled_at?: string;
  affectations: Affectation[];
}

function toRecord(item: Record<string, unknown>): VersementRecord {
  return {
    id: Number(item.id),
    id_client: Number(item.id_client),
    montant: Number(item.montant),
    etat: item.etat as VersementEtat,
    created_at: String(item.created_at),
    // Repayments stored before allocations existed paid no order in particular.
    affectations: (item.affectations as Affectation[]) ?? [],
    ...(item.canceled_at ? { canceled_at: String(item.canceled_at) } : {}),
  };
}

export async function getVersement(tenantId: number, id: number): Promise<VersementRecord | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: versementKey(tenantId, id), ConsistentRead: true }));
  return out.Item ? toRecord(out.Item) : null;
}

/** All repayments: one Query on the tenant partition (prefix VERSEMENT#), newest first. */
export async function listVersements(tenantId: number): Promise<VersementRecord[]> {
  return (await queryPrefix(tenantId, 'VERSEMENT#')).map(toRecord).sort((a, b) => b.id - a.id);
}

export function newVersementPut(tenantId: number, v: VersementRecord): TxItem {
  return {
    Put: { TableName: tableName(), Item: { ...versementKey(tenantId, v.id), entity: 'VERSEMENT', ...v }, ConditionExpression: 'attribute_not_exists(PK)' },
  };
}

export function versementCancelUpdate(tenantId: number, id: number, at: string): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: versementKey(tenantId, id),
      UpdateExpression: 'SET etat = :c, canceled_at = :at',
      ConditionExpression: 'etat = :v',
      ExpressionAttributeValues: { ':c': 'CANCELED', ':v': 'VALID', ':at': at },
    },
  };
}
