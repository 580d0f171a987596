// Online products, online orders and the storefront index. Owns the ECOMP#, ECOMC# and
// ECOM_ACTIVE_COUNT keys of a business, and the VITRINE partition of GSI1:
//   online products of a business   PK ENT#<t>   SK begins_with ECOMP#
//   online orders of a business     PK ENT#<t>   SK begins_with ECOMC#
//   published products (storefront) GSI1PK VITRINE  GSI1SK <ville normalisée>#<type>#<t>#<id>
//                                   (set on an ACTIVE online product only; a city filter is a
//                                   begins_with on the sort key, a type filter a FilterExpression)
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/ddb';
import { keys, tenantPk } from '../lib/repo/keys';
import { queryPrefix, type TxItem } from '../lib/store';
import { normalizeVille, type CommandeEcom, type EtatCommandeEcom, type ProduitEcom, type TypeProduit } from '../../shared/schemas/ecommerce';
import { parseEntreprise, type Entreprise } from '../lib/repo/entreprises';

const pad = (id: number) => String(id).padStart(10, '0');
const produitEcomKey = (t: number, id: number) => ({ PK: tenantPk(t), SK: `ECOMP#${pad(id)}` });
const commandeKey = (t: number, id: number) => ({ PK: tenantPk(t), SK: `ECOMC#${pad(id)}` });
const countKey = (t: number) => ({ PK: tenantPk(t), SK: 'ECOM_ACTIVE_COUNT' });
export const VITRINE_PK = 'VITRINE';
const vitrineSk = (p: Pick<ProduitEcom, 'ville' | 'type_produit' | 'id'>, t: number) => `${normalizeVille(p.ville)}#${p.type_produit}#${pad(t)}#${pad(p.id)}`;

export type ProduitEcomItem = ProduitEcom & { tenantId: number };

function toProduitEcom(item: Record<string, unknown>): ProduitEcomItem {
  return {
    id: Number(item.id),
    // tenant_id, or tenantId on a product stored before 2026-12-stored-names.
    tenantId: Number(item.tenant_id ?? item.tenantId),
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

function toCommande(item: Record<string, unknown>): CommandeEcom {
  return {
    id: Number(item.id),
    numero_commande: String(item.numero_commande),
    info_client: String(item.info_client),
    id_produit_ecom: Number(item.id_produit_ecom),
    id_produit: Number(item.id_produit),
    nom_produit: String(item.nom_produit),
    quantite: Number(item.quantite),
    prix_unitaire: Number(item.prix_unitaire),
    montant_total: Number(item.montant_total),
    etat: item.etat as EtatCommandeEcom,
    etat_paiement: item.etat_paiement === 'PAYED' ? 'PAYED' : 'PENDING',
    etat_livraison: item.etat_livraison === 'DELIVERED' ? 'DELIVERED' : 'PENDING',
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

/** A new online product (never published yet) or an edit; an edit of a published one moves its storefront entry. */
export function produitEcomPut(t: number, p: ProduitEcom, isNew: boolean): TxItem {
  const index = p.etat === 'ACTIVE' ? { GSI1PK: VITRINE_PK, GSI1SK: vitrineSk(p, t) } : {};
  return {
    Put: {
      TableName: tableName(),
      Item: { ...produitEcomKey(t, p.id), entity: 'PRODUIT_ECOM', tenant_id: t, ...p, ...index },
      // An edit must not resurrect a product or flip its etat under a concurrent publication.
      ConditionExpression: isNew ? 'attribute_not_exists(PK)' : 'attribute_exists(PK) AND etat = :etat',
      ...(isNew ? {} : { ExpressionAttributeValues: { ':etat': p.etat } }),
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
        UpdateExpression: 'SET n = if_not_exists(n, :zero) + :one, entity = :type',
        ...(max === null ? {} : { ConditionExpression: 'attribute_not_exists(n) OR n < :max' }),
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':type': 'ECOM_ACTIVE_COUNT', ...(max === null ? {} : { ':max': max }) },
      },
    },
    /** Refused when already published. */
    produit: {
      Update: {
        TableName: tableName(),
        Key: produitEcomKey(t, p.id),
        UpdateExpression: 'SET etat = :a, GSI1PK = :pk, GSI1SK = :sk, published_at = :at',
        ConditionExpression: 'attribute_exists(PK) AND etat <> :a',
        ExpressionAttributeValues: { ':a': 'ACTIVE', ':pk': VITRINE_PK, ':sk': vitrineSk(p, t), ':at': new Date().toISOString() },
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
export function unpublishItems(t: number, id: number): { produit: TxItem; count: TxItem } {
  return {
    produit: {
      Update: {
        TableName: tableName(),
        Key: produitEcomKey(t, id),
        UpdateExpression: 'SET etat = :i REMOVE GSI1PK, GSI1SK',
        ConditionExpression: 'attribute_exists(PK) AND etat = :a',
        ExpressionAttributeValues: { ':a': 'ACTIVE', ':i': 'INACTIVE' },
      },
    },
    count: {
      Update: {
        TableName: tableName(),
        Key: countKey(t),
        UpdateExpression: 'SET n = n - :one',
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

/** One seller's products in one city and type are contiguous in the index: the prefix they share. */
const sellerGroupOf = (sk: string) => sk.slice(0, sk.lastIndexOf('#') + 1);
/** Sorts after every key of a group (`…#<tenant>#` + digits), so a query can start past it. */
const PAST_GROUP = '~';
/** Queries one page may cost at most (each reads at most VITRINE_QUERY_ITEMS items). */
export const VITRINE_MAX_QUERIES = 20;
const VITRINE_QUERY_ITEMS = 100;

/**
 * A page of the storefront: published products of sellers `sellerOk` accepts (a valid
 * subscription), optionally in one city and of one type, at most `perSeller` of any one seller,
 * up to `limit`. One seller's products in a city and type are one stretch of the VITRINE index
 * (…#<ville>#<type>#<tenant>#<id>), so a seller that is not accepted, or whose share is full, is
 * skipped in one step by starting the next query past its stretch: a page fills with other
 * sellers' products however many products a lapsed seller left published, and the work stays
 * bounded (VITRINE_MAX_QUERIES).
 */
export async function queryVitrinePage(opts: {
  ville?: string;
  type?: TypeProduit;
  limit: number;
  perSeller: number;
  sellerOk: (tenantId: number) => Promise<boolean>;
  /** The page starts after this product's place in the index (vitrineCursor). */
  after?: string;
}): Promise<ProduitEcomItem[]> {
  const ville = opts.ville ? normalizeVille(opts.ville) : '';
  const page: ProduitEcomItem[] = [];
  const taken = new Map<number, number>();
  // A cursor outside the town's stretch would make BETWEEN's bounds cross (a ValidationException):
  // such a page is simply empty.
  if (ville && opts.after !== undefined && !opts.after.startsWith(`${ville}#`)) return page;
  let after: string | undefined = opts.after;
  for (let queries = 0; page.length < opts.limit && queries < VITRINE_MAX_QUERIES; queries++) {
    const from = after ?? (ville ? `${ville}#` : undefined);
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        // Past `after` (exclusive), within the city's keys when filtered.
        KeyConditionExpression: ville ? `GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to` : from ? 'GSI1PK = :pk AND GSI1SK > :from' : 'GSI1PK = :pk',
        ...(opts.type ? { FilterExpression: 'type_produit = :type' } : {}),
        ExpressionAttributeValues: {
          ':pk': VITRINE_PK,
          ...(from ? { ':from': from } : {}),
          ...(ville ? { ':to': `${ville}#${PAST_GROUP}` } : {}),
          ...(opts.type ? { ':type': opts.type } : {}),
        },
        Limit: VITRINE_QUERY_ITEMS,
      }),
    );
    let skipped = false;
    for (const item of out.Items ?? []) {
      const sk = String(item.GSI1SK);
      // BETWEEN is inclusive: the key we stopped at was already taken.
      if (after !== undefined && sk <= after) continue;
      const p = toProduitEcom(item);
      const n = taken.get(p.tenantId) ?? 0;
      if (n >= opts.perSeller || !(await opts.sellerOk(p.tenantId))) {
        after = `${sellerGroupOf(sk)}${PAST_GROUP}`;
        skipped = true;
        break;
      }
      if (p.etat === 'ACTIVE') {
        page.push(p);
        taken.set(p.tenantId, n + 1);
      }
      after = sk;
      if (page.length >= opts.limit) break;
    }
    if (skipped) continue;
    if (!out.LastEvaluatedKey) break;
    after = String(out.LastEvaluatedKey.GSI1SK);
  }
  return page;
}

/**
 * The place in the storefront's index of online product `id` of business `t` (published or not
 * since: its town and type are still on the item), where the next page starts; null when it does
 * not exist.
 */
export async function vitrineCursor(t: number, id: number): Promise<string | null> {
  const p = await getProduitEcom(t, id);
  return p ? vitrineSk(p, t) : null;
}

export async function getEntreprise(t: number): Promise<Entreprise | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.entreprise(t) }));
  return out.Item ? parseEntreprise(out.Item) : null;
}

// ── online orders ──

export async function getCommande(t: number, id: number): Promise<CommandeEcom | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: commandeKey(t, id), ConsistentRead: true }));
  return out.Item ? toCommande(out.Item) : null;
}

/** Every online order of the business, newest first. */
export async function listCommandes(t: number): Promise<CommandeEcom[]> {
  return (await queryPrefix(t, 'ECOMC#')).map(toCommande).sort((a, b) => b.id - a.id);
}

export function newCommandePut(t: number, c: CommandeEcom): TxItem {
  return {
    Put: { TableName: tableName(), Item: { ...commandeKey(t, c.id), entity: 'COMMANDE_ECOM', ...c }, ConditionExpression: 'attribute_not_exists(PK)' },
  };
}

/** Combined state from the two halves (spec §4). */
export function etatOf(paiement: 'PENDING' | 'PAYED', livraison: 'PENDING' | 'DELIVERED'): EtatCommandeEcom {
  if (paiement === 'PAYED' && livraison === 'DELIVERED') return 'FINISHED';
  if (paiement === 'PAYED') return 'PAYED';
  if (livraison === 'DELIVERED') return 'DELIVERED';
  return 'PENDING';
}

/** Cancels a still pending order (neither paid nor delivered). */
export function commandeCancelUpdate(t: number, id: number): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: commandeKey(t, id),
      UpdateExpression: 'SET etat = :c, canceled_at = :at',
      ConditionExpression: 'etat = :p',
      ExpressionAttributeValues: { ':c': 'CANCELED', ':p': 'PENDING', ':at': new Date().toISOString() },
    },
  };
}

/** Quantity and price of a pending order (server-computed total). */
export function commandeEditUpdate(t: number, id: number, quantite: number, prix: number, total: number): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: commandeKey(t, id),
      UpdateExpression: 'SET quantite = :q, prix_unitaire = :p, montant_total = :m',
      ConditionExpression: 'etat = :pending',
      ExpressionAttributeValues: { ':q': quantite, ':p': prix, ':m': total, ':pending': 'PENDING' },
    },
  };
}

/** Marks paid / delivered from the state read (`from`), so a concurrent change fails the condition. */
export function commandeStateUpdate(t: number, c: CommandeEcom, next: { etat_paiement: 'PENDING' | 'PAYED'; etat_livraison: 'PENDING' | 'DELIVERED' }): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: commandeKey(t, c.id),
      UpdateExpression: 'SET etat_paiement = :ep, etat_livraison = :el, etat = :e, updated_at = :at',
      // Quantity and total as read: the ledger line written beside it holds these figures.
      ConditionExpression: 'etat = :from AND quantite = :q AND montant_total = :m',
      ExpressionAttributeValues: {
        ':ep': next.etat_paiement,
        ':el': next.etat_livraison,
        ':e': etatOf(next.etat_paiement, next.etat_livraison),
        ':from': c.etat,
        ':q': c.quantite,
        ':m': c.montant_total,
        ':at': new Date().toISOString(),
      },
    },
  };
}
