// Shops of a business and the shop counter that enforces the plan's shop limit. Owns the
// BOUTIQUE# and BOUTIQUE_COUNT keys.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/ddb';
import { keys, tenantPk } from '../lib/repo/keys';
import type { Boutique } from '@shared/schemas/boutiques';
import { queryPrefix, type TxItem } from '../lib/store';

const boutiqueKey = (tenantId: number, id: number) => ({ PK: tenantPk(tenantId), SK: `BOUTIQUE#${id}` });
/** The shop counter (plan limit); the operator's console reads it as the business's usage. */
export const countKey = (tenantId: number) => ({ PK: tenantPk(tenantId), SK: 'BOUTIQUE_COUNT' });

function toBoutique(item: Record<string, unknown>): Boutique {
  return {
    id: Number(item.id),
    nom: String(item.nom),
    adresse: (item.adresse as string) || null,
    indicatif: String(item.indicatif || '+221'),
    telephone: (item.telephone as string) || null,
    email: (item.email as string) || null,
    etat: 'ACTIVE',
    created_at: String(item.created_at),
  };
}

export async function getBoutique(tenantId: number, id: number): Promise<Boutique | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: boutiqueKey(tenantId, id), ConsistentRead: true }));
  return out.Item ? toBoutique(out.Item) : null;
}

/** All shops: one Query on the tenant partition (prefix BOUTIQUE#), by id. */
export async function listBoutiques(tenantId: number): Promise<Boutique[]> {
  return (await queryPrefix(tenantId, 'BOUTIQUE#')).map(toBoutique).sort((a, b) => a.id - b.id);
}

/** How many shops the business has (the plan limit counts them). */
export async function boutiqueCount(tenantId: number): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: countKey(tenantId), ConsistentRead: true }));
  return Number(out.Item?.n ?? 0);
}

/**
 * Creates a shop and counts it in one transaction: the counter's condition (count < max) makes
 * the plan limit hold under concurrent creations. Shops are never deleted, so the count only grows.
 */
export function newBoutiqueItems(tenantId: number, b: Boutique, max: number): { place: TxItem; boutique: TxItem } {
  return {
    /** Refused when the plan's shops are all taken. */
    place: {
      Update: {
        TableName: tableName(),
        Key: countKey(tenantId),
        UpdateExpression: 'SET n = if_not_exists(n, :zero) + :one, entity = :type',
        ConditionExpression: 'attribute_not_exists(n) OR n < :max',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': max, ':type': 'BOUTIQUE_COUNT' },
      },
    },
    boutique: {
      Put: { TableName: tableName(), Item: { ...boutiqueKey(tenantId, b.id), entity: 'BOUTIQUE', ...b }, ConditionExpression: 'attribute_not_exists(PK)' },
    },
  };
}

/**
 * The business's first shop, written by the sign-up transaction (so a new business can sell at
 * once): named after the business, editable like any other; the shop counter starts at 1 and the
 * id counter at 1.
 */
export function firstBoutiqueItems(tenantId: number, nom: string, createdAt: string, indicatif = '+221'): TxItem[] {
  const b: Boutique = { id: 1, nom, adresse: null, indicatif, telephone: null, email: null, etat: 'ACTIVE', created_at: createdAt };
  return [
    { Put: { TableName: tableName(), Item: { ...countKey(tenantId), entity: 'BOUTIQUE_COUNT', n: 1 } } },
    { Put: { TableName: tableName(), Item: { ...boutiqueKey(tenantId, 1), entity: 'BOUTIQUE', ...b } } },
    { Put: { TableName: tableName(), Item: { ...keys.tenantCounter(tenantId, 'BOUTIQUE'), n: 1 } } },
  ];
}

export function boutiqueUpdate(tenantId: number, b: Omit<Boutique, 'etat' | 'created_at'>): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: boutiqueKey(tenantId, b.id),
      UpdateExpression: 'SET nom = :n, adresse = :a, indicatif = :i, telephone = :t, email = :e',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':n': b.nom, ':a': b.adresse, ':i': b.indicatif, ':t': b.telephone, ':e': b.email },
    },
  };
}
