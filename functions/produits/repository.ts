// Products (stock) and restocks of a business. Owns the PRODUIT# and REAPPRO# keys; sales and
// order deliveries move the stock through the transaction items exported here.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_STOCK } from '@shared/schemas/common';
import { LIMIT_MSG } from '@shared/messages/limits';
import { SHOP_MSG } from '@shared/messages/shop';
import { badRequest, notFound, type AppError } from '../lib/errors';
import { ddb, tableName } from '../lib/ddb';
import { tenantPk } from '../lib/repo/keys';
import type { Produit, Reappro, ReapproEtat, SourceProduction } from '@shared/schemas/produits';
import { batchGetAll, queryPrefix, type TxItem } from '../lib/store';

/** Stock is read consistently; a key DynamoDB leaves unprocessed is asked at most 5 times. */
const PRODUCT_READS = { consistent: true, rounds: 5 };

const produitKey = (tenantId: number, id: number) => ({ PK: tenantPk(tenantId), SK: `PRODUIT#${id}` });
const reapproKey = (tenantId: number, id: number) => ({ PK: tenantPk(tenantId), SK: `REAPPRO#${id}` });

function toProduit(item: Record<string, unknown>): Produit {
  return {
    id: Number(item.id),
    nom: String(item.nom),
    description: (item.description as string) || null,
    quantite: Number(item.quantite ?? 0),
    prix_cession: Number(item.prix_cession ?? 0),
    prix_vente: Number(item.prix_vente ?? 0),
    created_at: String(item.created_at),
    ...(item.archive_at ? { archive: true as const } : {}),
    ...(item.oeufs_par_unite ? { oeufs_par_unite: Number(item.oeufs_par_unite) } : {}),
  };
}

function toReappro(item: Record<string, unknown>): Reappro {
  return {
    id: Number(item.id),
    id_produit: Number(item.id_produit),
    produit: { id: Number(item.id_produit), nom: String(item.produit_nom) },
    quantite: Number(item.quantite),
    etat: item.etat as ReapproEtat,
    created_at: String(item.created_at),
    ...(item.etat === 'AJUSTEMENT' ? { motif: String(item.motif ?? ''), avant: Number(item.avant), apres: Number(item.apres) } : {}),
    ...(item.origine === 'PRODUCTION' ? { origine: 'PRODUCTION' as const, source: item.source as SourceProduction } : {}),
  };
}

export async function getProduit(tenantId: number, id: number): Promise<Produit | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: produitKey(tenantId, id), ConsistentRead: true }));
  return out.Item ? toProduit(out.Item) : null;
}

/** Several products by id (one BatchGetItem per 100 ids); missing ids are absent from the map. */
export async function getProduits(tenantId: number, ids: number[]): Promise<Map<number, Produit>> {
  const items = await batchGetAll(
    [...new Set(ids)].map((id) => produitKey(tenantId, id)),
    PRODUCT_READS,
  );
  return new Map(items.map((item) => [Number(item.id), toProduit(item)]));
}

/** The key of a product in `getProduitsDe`'s answer. */
export const produitDeKey = (tenantId: number, id: number) => `${tenantId}#${id}`;

/**
 * Products of several businesses by (business, id), 100 keys per BatchGetItem: the marketplace's
 * page names products of many sellers, and one request per seller made its cost grow with the
 * sellers of a town (104 requests for a page of a town at 10 000 farms: docs/scale.md). Keyed by
 * `produitDeKey`; missing ones are absent.
 */
export async function getProduitsDe(refs: { tenantId: number; id: number }[]): Promise<Map<string, Produit>> {
  // An item's key back to the ref it answers.
  const refOf = new Map(
    refs.map((r) => {
      const k = produitKey(r.tenantId, r.id);
      return [`${k.PK}|${k.SK}`, produitDeKey(r.tenantId, r.id)] as const;
    }),
  );
  const items = await batchGetAll(
    [...refOf.keys()].map((k) => ({ PK: k.split('|')[0], SK: k.split('|')[1] })),
    PRODUCT_READS,
  );
  const found = new Map<string, Produit>();
  for (const item of items) {
    const ref = refOf.get(`${String(item.PK)}|${String(item.SK)}`);
    if (ref) found.set(ref, toProduit(item));
  }
  return found;
}

/** All products: one Query on the tenant partition (prefix PRODUIT#). */
export async function listProduits(tenantId: number): Promise<Produit[]> {
  return (await queryPrefix(tenantId, 'PRODUIT#')).map(toProduit).sort((a, b) => a.id - b.id);
}

/**
 * A product's publication revision (`pub_rev`): every publication of one of its online products
 * moves it in the publication's transaction (produitPublishGuard), so an archive that read none
 * published at revision `pubRev` commits only if no publication landed since. 0: never published.
 */
export async function getProduitPubRev(tenantId: number, id: number): Promise<{ produit: Produit; pubRev: number } | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: produitKey(tenantId, id), ConsistentRead: true }));
  return out.Item ? { produit: toProduit(out.Item), pubRev: Number(out.Item.pub_rev ?? 0) } : null;
}

/**
 * Archives (`archive_at` set, the first date kept) or restores (removed) a product: it
 * leaves or comes back to the lists; its stock, sales and restocks stay as they are. An archive
 * carries the publication revision read with the online products (`pubRev`): archiving and
 * publishing are one conditional state of this item, so a publication and an archive sent
 * together never both land (an archived product live on the storefront).
 */
export function produitArchiveUpdate(tenantId: number, id: number, archive: boolean, at: string, pubRev = 0): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: produitKey(tenantId, id),
      UpdateExpression: archive ? 'SET archive_at = if_not_exists(archive_at, :at)' : 'REMOVE archive_at',
      ConditionExpression: archive ? `attribute_exists(PK) AND ${pubRev ? 'pub_rev = :rev' : 'attribute_not_exists(pub_rev)'}` : 'attribute_exists(PK)',
      ...(archive ? { ExpressionAttributeValues: { ':at': at, ...(pubRev ? { ':rev': pubRev } : {}) } } : {}),
    },
  };
}

/**
 * The product's side of a publication (or of an edit that keeps an online product published):
 * it commits only while the product is not archived, and moves its publication revision, so an
 * archive checked before it lands fails and reads again.
 */
export function produitPublishGuard(tenantId: number, id: number): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: produitKey(tenantId, id),
      UpdateExpression: 'ADD pub_rev :one',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(archive_at)',
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

export function newProduitPut(tenantId: number, p: Produit): TxItem {
  return {
    Put: { TableName: tableName(), Item: { ...produitKey(tenantId, p.id), entity: 'PRODUIT', ...p }, ConditionExpression: 'attribute_not_exists(PK)' },
  };
}

/**
 * Name, description and prices; the stock is never written from the product form. Eggs per unit:
 * a number sets it, null removes it, undefined leaves it as it is.
 */
export function produitDetailsUpdate(
  tenantId: number,
  p: Pick<Produit, 'id' | 'nom' | 'description' | 'prix_cession' | 'prix_vente'>,
  oeufsParUnite?: number | null,
): TxItem {
  const set = 'SET nom = :n, description = :d, prix_cession = :pc, prix_vente = :pv';
  return {
    Update: {
      TableName: tableName(),
      Key: produitKey(tenantId, p.id),
      UpdateExpression: oeufsParUnite ? `${set}, oeufs_par_unite = :opu` : oeufsParUnite === null ? `${set} REMOVE oeufs_par_unite` : set,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: {
        ':n': p.nom,
        ':d': p.description,
        ':pc': p.prix_cession,
        ':pv': p.prix_vente,
        ...(oeufsParUnite ? { ':opu': oeufsParUnite } : {}),
      },
    },
  };
}

/** Adds stock; the stock stays ≤ MAX_STOCK whatever runs concurrently (callers check it first). */
export function stockAdd(tenantId: number, produitId: number, quantite: number): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: produitKey(tenantId, produitId),
      UpdateExpression: 'SET quantite = quantite + :q',
      ConditionExpression: 'attribute_exists(PK) AND quantite <= :lim',
      ExpressionAttributeValues: { ':q': quantite, ':lim': MAX_STOCK - quantite },
    },
  };
}

/** Why a stockAdd failed: the product is gone (404) or its stock would pass the limit (400). */
export async function stockAddRefusal(tenantId: number, produitId: number): Promise<AppError> {
  const p = await getProduit(tenantId, produitId);
  return p ? badRequest(LIMIT_MSG.stock(p.nom)) : notFound(SHOP_MSG.produitNotFound);
}

/** Takes stock; the condition keeps it ≥ 0 whatever runs concurrently. */
export function stockTake(tenantId: number, produitId: number, quantite: number): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: produitKey(tenantId, produitId),
      UpdateExpression: 'SET quantite = quantite - :q',
      ConditionExpression: 'attribute_exists(PK) AND quantite >= :q',
      ExpressionAttributeValues: { ':q': quantite },
    },
  };
}

/** The stored restock record (a restock, or an inventory count with its extra fields). */
function reapproItem(tenantId: number, r: Reappro): Record<string, unknown> {
  return {
    ...reapproKey(tenantId, r.id),
    entity: 'REAPPRO',
    id: r.id,
    id_produit: r.id_produit,
    produit_nom: r.produit.nom,
    quantite: r.quantite,
    etat: r.etat,
    created_at: r.created_at,
  };
}

export function newReapproPut(tenantId: number, r: Reappro): TxItem {
  return { Put: { TableName: tableName(), Item: reapproItem(tenantId, r), ConditionExpression: 'attribute_not_exists(PK)' } };
}

export async function getReappro(tenantId: number, id: number): Promise<Reappro | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: reapproKey(tenantId, id), ConsistentRead: true }));
  return out.Item ? toReappro(out.Item) : null;
}

/** All restocks: one Query on the tenant partition (prefix REAPPRO#), newest first. */
export async function listReappros(tenantId: number): Promise<Reappro[]> {
  return (await queryPrefix(tenantId, 'REAPPRO#')).map(toReappro).sort((a, b) => b.id - a.id);
}

/**
 * An inventory count, in one transaction: the product's stock set to the counted value (condition:
 * still the value read, so a sale or restock in between makes the caller re-read and retry instead
 * of being silently overwritten; the count itself is ≥ 0) and the movement recorded among the
 * restocks (etat AJUSTEMENT, signed quantity, reason, stock before and after).
 */
export function ajustementItems(tenantId: number, r: Reappro & { motif: string; avant: number; apres: number }): { stock: TxItem; mouvement: TxItem } {
  return {
    /** Refused when the stock moved since it was read. */
    stock: {
      Update: {
        TableName: tableName(),
        Key: produitKey(tenantId, r.id_produit),
        UpdateExpression: 'SET quantite = :apres',
        ConditionExpression: 'attribute_exists(PK) AND quantite = :avant',
        ExpressionAttributeValues: { ':apres': r.apres, ':avant': r.avant },
      },
    },
    mouvement: {
      Put: {
        TableName: tableName(),
        Item: { ...reapproItem(tenantId, { ...r, etat: 'AJUSTEMENT' }), motif: r.motif, avant: r.avant, apres: r.apres },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  };
}

export function reapproCancelUpdate(tenantId: number, id: number, at: string): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: reapproKey(tenantId, id),
      UpdateExpression: 'SET etat = :c, canceled_at = :at',
      ConditionExpression: 'etat = :v',
      ExpressionAttributeValues: { ':c': 'CANCELED', ':v': 'VALID', ':at': at },
    },
  };
}

// ── restocks of origin « Production » ──
// A flock's eggs sent to a product and a slaughter's birds become the product's stock through one
// restock line each, written in the move's (or the slaughter's) own transaction; they leave with it.

/**
 * The product's stock raised by `quantite` units and its restock line of origin « Production », as
 * transaction items. The caller maps a failed stock item with `stockAddRefusal` (product gone, or
 * the stock limit).
 */
export function productionReapproItems(
  tenantId: number,
  r: { id: number; id_produit: number; produit_nom: string; quantite: number; created_at: string; source: SourceProduction },
): { stock: TxItem; ligne: TxItem } {
  const line: Reappro = {
    id: r.id,
    id_produit: r.id_produit,
    produit: { id: r.id_produit, nom: r.produit_nom },
    quantite: r.quantite,
    etat: 'VALID',
    created_at: r.created_at,
  };
  return {
    stock: stockAdd(tenantId, r.id_produit, r.quantite),
    ligne: {
      Put: {
        TableName: tableName(),
        Item: { ...reapproItem(tenantId, line), origine: 'PRODUCTION', source: r.source },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  };
}

/**
 * Such a restock taken back (its source cancelled or edited): the line marked CANCELED (condition:
 * still VALID) and its units taken from the product's stock (condition: still there, i.e. the shop
 * has not sold them; the caller maps that failure to OEUFS_MSG.dejaVendu).
 */
export function productionReapproCancelItems(
  tenantId: number,
  r: { id: number; id_produit: number; quantite: number },
  at: string,
): { ligne: TxItem; stock: TxItem } {
  return { ligne: reapproCancelUpdate(tenantId, r.id, at), stock: stockTake(tenantId, r.id_produit, r.quantite) };
}
