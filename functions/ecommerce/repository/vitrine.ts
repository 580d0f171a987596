// The storefront: published products read through the VITRINE partition of GSI1.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../../lib/ddb';
import { normalizeVille, type TypeProduit } from '../../../shared/schemas/ecommerce';
import { VITRINE_PK, vitrineSk } from './keys';
import { getProduitEcom, toProduitEcom, type ProduitEcomItem } from './produits-ecom';

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
