// The storefront's reads: the published products of a search through the VITRINE partition of
// GSI1, and the sellers behind them (subscription and profile) in BatchGets of 100 keys.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../../lib/ddb';
import { keys } from '../../lib/repo/keys';
import { parseSubscription, type Subscription } from '../../lib/repo/subscriptions';
import { parseEntreprise, type Entreprise } from '../../lib/repo/entreprises';
import { normalizeVille, type TypeProduit } from '@shared/schemas/ecommerce';
import { VITRINE_PK } from './keys';
import { batchGetAll } from '../../lib/store';
import { toProduitEcom, type ProduitEcomItem } from './produits-ecom';

/**
 * Queries (1 MB each, about 600 published products) one search may cost at most: far above
 * today's marketplace; past it the later keys of the index would go unread, so a marketplace near
 * it needs a lighter index (docs/decisions/0306-marketplace-fair-pages.md).
 */
export const VITRINE_MAX_QUERIES = 10;

/**
 * Every published product of a search (a town: one stretch of the index, `<ville>#…`; a type: a
 * filter), whoever its seller: the storefront keeps the sellers in force and cuts the pages.
 */
export async function readVitrine(opts: { ville?: string; type?: TypeProduit }): Promise<ProduitEcomItem[]> {
  const ville = opts.ville ? normalizeVille(opts.ville) : '';
  const items: ProduitEcomItem[] = [];
  let start: Record<string, unknown> | undefined;
  for (let queries = 0; queries < VITRINE_MAX_QUERIES; queries++) {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: ville ? 'GSI1PK = :pk AND begins_with(GSI1SK, :ville)' : 'GSI1PK = :pk',
        ...(opts.type ? { FilterExpression: 'type_produit = :type' } : {}),
        ExpressionAttributeValues: {
          ':pk': VITRINE_PK,
          ...(ville ? { ':ville': `${ville}#` } : {}),
          ...(opts.type ? { ':type': opts.type } : {}),
        },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) {
      const p = toProduitEcom(item);
      if (p.etat === 'ACTIVE') items.push(p);
    }
    start = out.LastEvaluatedKey;
    if (!start) break;
  }
  return items;
}

export interface VendeurVitrine {
  sub: Subscription | null;
  entreprise: Entreprise | null;
}

/**
 * The subscription and profile of each seller, two keys per seller in BatchGets of 100 keys: the
 * check that a seller is in force costs one request per 50 sellers, never one per product.
 */
export async function readVendeurs(tenantIds: number[]): Promise<Map<number, VendeurVitrine>> {
  const found = new Map<number, VendeurVitrine>(tenantIds.map((t) => [t, { sub: null, entreprise: null }]));
  for (const item of await batchGetAll(tenantIds.flatMap((t) => [keys.subscription(t), keys.entreprise(t)]))) {
    const v = found.get(Number(String(item.PK).slice('ENT#'.length)));
    if (!v) continue;
    if (item.SK === 'SUBSCRIPTION') v.sub = parseSubscription(item);
    else v.entreprise = parseEntreprise(item);
  }
  return found;
}
