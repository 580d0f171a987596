// Online products (`ENT#<t> / ECOMP#<id>`), their publication under the plan's limit
// (`ECOM_ACTIVE_COUNT`) and the seller's profile the storefront shows.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../../lib/ddb';
import { keys } from '../../lib/repo/keys';
import { queryPrefix, type TxItem } from '../../lib/store';
import type { ProduitEcom, TypeProduit } from '@shared/schemas/ecommerce';
import { parseEntreprise, type Entreprise } from '../../lib/repo/entreprises';
import { countKey, produitEcomKey, VITRINE_PK, vitrineSk } from './keys';
import { storedValue } from '../../lib/repo/stored-names';

export type ProduitEcomItem = ProduitEcom & { tenantId: number };

export function toProduitEcom(item: Record<string, unknown>): ProduitEcomItem {
  return {
    id: Number(item.id),
    // tenant_id, or tenantId on a product stored before 2026-12-stored-names.
    tenantId: Number(storedValue(item, 'tenantId')),
    id_produit: Number(item.id_produit),
    code_produit: String(item.code_produit),
    type_produit: item.type_produit as TypeProduit,
    nom_produit: String(item.nom_produit),
    prix_unitaire: Number(item.prix_unitaire),
    description: String(item.description ?? ''),
    ville: String(item.ville ?? ''),
    adresse: String(item.adresse ?? ''),
    images: Array.isArray(item.images) ? (item.images as string[]) : [],
    etat: item.etat === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
    currency: 'XOF',
    pays: String(item.pays ?? 'Senegal'),
    code_pays: String(item.code_pays ?? 'sn'),
    created_at: String(item.created_at),
  };
}

export async function getProduitEcom(t: number, id: number): Promise<ProduitEcomItem | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: produitEcomKey(t, id), ConsistentRead: true }));
  return out.Item ? toProduitEcom(out.Item) : null;
}

export async function listProduitsEcom(t: number): Promise<ProduitEcomItem[]> {
  return (await queryPrefix(t, 'ECOMP#')).map(toProduitEcom).sort((a, b) => a.id - b.id);
}

/**
 * A new online product (never published yet) or an edit; an edit of a published one moves its
 * storefront entry. `readVille`: an edit's town as read, which must not have moved meanwhile (the
 * town index entry the edit leaves is that town's).
 */
export function produitEcomPut(t: number, p: ProduitEcom, isNew: boolean, readVille?: string): TxItem {
  const index = p.etat === 'ACTIVE' ? { GSI1PK: VITRINE_PK, GSI1SK: vitrineSk(p, t) } : {};
  return {
    Put: {
      TableName: tableName(),
      Item: { ...produitEcomKey(t, p.id), entity: 'PRODUIT_ECOM', tenant_id: t, ...p, ...index },
      // An edit must not resurrect a product or flip its etat under a concurrent publication.
      ConditionExpression: isNew ? 'attribute_not_exists(PK)' : `attribute_exists(PK) AND etat = :etat${readVille === undefined ? '' : ' AND ville = :rv'}`,
      ...(isNew ? {} : { ExpressionAttributeValues: { ':etat': p.etat, ...(readVille === undefined ? {} : { ':rv': readVille }) } }),
    },
  };
}

/**
 * The seller's towns changed (an offer published, unpublished or moved): the revision of its
 * published offers grows, which a concurrent subscription change checks (vitrine-index.ts
 * `vendeurIndexSteps`) so that it never misses a town index it must write to.
 */
export function villesRevUpdate(t: number): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: countKey(t),
      UpdateExpression: 'SET entity = :type ADD rev :one',
      ExpressionAttributeValues: { ':type': 'ECOM_ACTIVE_COUNT', ':one': 1 },
    },
  };
}

/**
 * Publishing: the product becomes ACTIVE and enters the storefront index, and the business's
 * count of published products grows, in one transaction whose counter condition holds the plan's
 * limit under concurrent publications (`max` null = unlimited).
 */
export function publishItems(t: number, p: ProduitEcom, max: number | null): { place: TxItem; produit: TxItem } {
  return {
    /** Refused when the plan's places on the storefront are all taken. */
    place: {
      Update: {
        TableName: tableName(),
        Key: countKey(t),
        // rev: the seller's towns may change (villesRevUpdate).
        UpdateExpression: 'SET n = if_not_exists(n, :zero) + :one, entity = :type ADD rev :one',
        ...(max === null ? {} : { ConditionExpression: 'attribute_not_exists(n) OR n < :max' }),
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':type': 'ECOM_ACTIVE_COUNT', ...(max === null ? {} : { ':max': max }) },
      },
    },
    /** Refused when already published, or moved to another town since read. */
    produit: {
      Update: {
        TableName: tableName(),
        Key: produitEcomKey(t, p.id),
        UpdateExpression: 'SET etat = :a, GSI1PK = :pk, GSI1SK = :sk, published_at = :at',
        // The town as read: the storefront keys (GSI1, the town index) are that town's.
        ConditionExpression: 'attribute_exists(PK) AND etat <> :a AND ville = :v',
        ExpressionAttributeValues: { ':a': 'ACTIVE', ':pk': VITRINE_PK, ':sk': vitrineSk(p, t), ':at': new Date().toISOString(), ':v': p.ville },
      },
    },
  };
}

/**
 * A new online product saved already published, or an unpublished one saved and published
 * (one step from the product list): the business's count of published products grows
 * under the plan's limit (item 0, as in publishItems) and the product is written ACTIVE with its
 * storefront entry (item 1: new, or still unpublished as read), in one transaction.
 */
export function saveAndPublishItems(t: number, p: ProduitEcom, isNew: boolean, max: number | null): { place: TxItem; produit: TxItem } {
  const active = { ...p, etat: 'ACTIVE' as const };
  return {
    place: publishItems(t, active, max).place,
    /** Refused when the product changed since it was read. */
    produit: {
      Put: {
        TableName: tableName(),
        Item: {
          ...produitEcomKey(t, p.id),
          entity: 'PRODUIT_ECOM',
          tenant_id: t,
          ...active,
          GSI1PK: VITRINE_PK,
          GSI1SK: vitrineSk(active, t),
          published_at: new Date().toISOString(),
        },
        ConditionExpression: isNew ? 'attribute_not_exists(PK)' : 'attribute_exists(PK) AND etat <> :a',
        ...(isNew ? {} : { ExpressionAttributeValues: { ':a': 'ACTIVE' } }),
      },
    },
  };
}

/**
 * Unpublishing: the product leaves the storefront index and goes back to INACTIVE, and the
 * business's count of published products shrinks, in one transaction (the product must still be
 * ACTIVE: two unpublications cannot both take one off the count).
 */
export function unpublishItems(t: number, id: number, ville: string): { produit: TxItem; count: TxItem } {
  return {
    /** Refused when no longer published, or moved to another town since read (the town index entry removed is `ville`'s). */
    produit: {
      Update: {
        TableName: tableName(),
        Key: produitEcomKey(t, id),
        UpdateExpression: 'SET etat = :i REMOVE GSI1PK, GSI1SK',
        ConditionExpression: 'attribute_exists(PK) AND etat = :a AND ville = :v',
        ExpressionAttributeValues: { ':a': 'ACTIVE', ':i': 'INACTIVE', ':v': ville },
      },
    },
    count: {
      Update: {
        TableName: tableName(),
        Key: countKey(t),
        UpdateExpression: 'SET n = n - :one ADD rev :one',
        ConditionExpression: 'n >= :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  };
}

export async function activeCount(t: number): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: countKey(t), ConsistentRead: true }));
  return Number(out.Item?.n ?? 0);
}

export async function getEntreprise(t: number): Promise<Entreprise | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.entreprise(t) }));
  return out.Item ? parseEntreprise(out.Item) : null;
}
