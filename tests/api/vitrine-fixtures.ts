// What the marketplace's town-index tests share (tests/api/vitrine-index.test.ts and
// tests/api/vitrine-many-towns.test.ts): a seller's cards on a page, and a town's index item.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { get, rawDdb, tableName } from '../helpers/api';
import { normalizeVille } from '@shared/ecommerce';
import { ok, type Shop } from './shop-fixtures';

export type Card = { id: number; id_entreprise: number; ville: string; entreprise: string; disponible: number; suite?: boolean };

/** The cards of `s` on the first page of a town (or of every town), by offer id. */
export async function cards(s: Shop, ville?: string): Promise<Card[]> {
  const page = await ok<Card[]>(get(`/api/vitrine/produits?limite=100${ville ? `&ville=${encodeURIComponent(ville)}` : ''}`));
  return page.filter((c) => c.id_entreprise === s.acc.tenantId).sort((a, b) => a.id - b.id);
}

export const indexItem = async (ville: string) =>
  (await rawDdb().send(new GetCommand({ TableName: tableName(), Key: { PK: `VITRINE#${normalizeVille(ville)}`, SK: 'INDEX' }, ConsistentRead: true }))).Item;
