// What the marketplace's tests share (tests/api/vitrine-index.test.ts, vitrine-many-towns.test.ts,
// abuse.test.ts): a seller's cards on a page, a town's index item, the operator's change of a
// seller's subscription, and published offers written straight into the table.
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { get, operatorAccount, post, rawDdb, tableName } from '../helpers/api';
import { normalizeVille } from '@shared/ecommerce';
import { rebuildIndexes } from '../../functions/ecommerce/repository/vitrine-index';
import { ok, type Shop } from './shop-fixtures';

export type Card = { id: number; id_entreprise: number; ville: string; entreprise: string; disponible: number; suite?: boolean };

/** The cards of `s` on the first page of a town (or of every town), by offer id. */
export async function cards(s: Shop, ville?: string): Promise<Card[]> {
  const page = await ok<Card[]>(get(`/api/vitrine/produits?limite=100${ville ? `&ville=${encodeURIComponent(ville)}` : ''}`));
  return page.filter((c) => c.id_entreprise === s.acc.tenantId).sort((a, b) => a.id - b.id);
}

export const indexItem = async (ville: string) =>
  (await rawDdb().send(new GetCommand({ TableName: tableName(), Key: { PK: `VITRINE#${normalizeVille(ville)}`, SK: 'INDEX' }, ConsistentRead: true }))).Item;

let operatorToken: Promise<string> | undefined;

/** The operator's change of `s`'s subscription (its console's route), by an operator made at the file's first call. */
export async function operatorOn(s: Shop, action: string, extra: Record<string, unknown> = {}) {
  operatorToken ??= operatorAccount().then((op) => op.token);
  return ok(post('/api/operateur/abonnement', { action, id_entreprise: s.acc.tenantId, motif: 'Test de la vitrine', ...extra }, await operatorToken));
}

export interface RawOffre {
  id: number;
  ville: string;
  id_produit: number;
  nom_produit: string;
  prix_unitaire: number;
  description: string;
}

type Key = { PK: string; SK: string };
const pad = (x: number) => String(x).padStart(10, '0');

/** BatchWriteItems of 25, each sent again with what DynamoDB left unprocessed. */
async function batchWrite(requests: Record<string, unknown>[]) {
  for (let i = 0; i < requests.length; i += 25) {
    let batch = requests.slice(i, i + 25);
    while (batch.length) {
      const out = await rawDdb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: batch } }));
      batch = (out.UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined) ?? [];
    }
  }
}

const rebuild = (villes: string[]) => rebuildIndexes([...new Set(villes.map(normalizeVille))], { doc: rawDdb(), table: tableName() });

/**
 * Published offers of business `t` written straight into the table as the app stores them (a fast
 * set-up for many offers), then their towns' indexes rebuilt by the documented rebuild (as the
 * migration and `npm run vitrine:reindex` do: an index is never written by hand). Their keys, for
 * `removeOffres`.
 */
export async function writeOffres(t: number, offres: RawOffre[]): Promise<Key[]> {
  const items = offres.map((o) => ({
    PK: `ENT#${t}`,
    SK: `ECOMP#${pad(o.id)}`,
    entity: 'PRODUIT_ECOM',
    tenant_id: t,
    id: o.id,
    id_produit: o.id_produit,
    code_produit: `P${o.id}`,
    type_produit: 'poulet',
    nom_produit: o.nom_produit,
    prix_unitaire: o.prix_unitaire,
    description: o.description,
    ville: o.ville,
    adresse: 'x',
    images: [],
    etat: 'ACTIVE',
    currency: 'XOF',
    pays: 'Senegal',
    code_pays: 'sn',
    created_at: new Date().toISOString(),
    GSI1PK: 'VITRINE',
    GSI1SK: `${normalizeVille(o.ville)}#poulet#${pad(t)}#${pad(o.id)}`,
  }));
  await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
  await rebuild(offres.map((o) => o.ville));
  return items.map(({ PK, SK }) => ({ PK, SK }));
}

/** Deletes offers written by `writeOffres` and rebuilds their towns' indexes. */
export async function removeOffres(keys: Key[], villes: string[]) {
  await batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
  await rebuild(villes);
}
