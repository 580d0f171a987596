// The migration 2026-12-villes through the real local stack (docs/decisions/0308-towns-list.md): online
// products written, by raw DynamoDB puts, with towns typed before the list existed. A town of the
// list under another spelling is written as the list spells it (a published product's storefront
// key moves with it, so the town filter finds it); a town off the list is kept and reported; a
// second run changes nothing.
import { describe, expect, it } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { get, rawDdb, tableName } from '../helpers/api';
import { migrateBusinessVilles } from '../../infra/data/migrations/2026-12-villes';
import { rebuildIndexes } from '../../functions/ecommerce/repository/vitrine-index';
import { normalizeVille } from '@shared/ecommerce';
import { newShop, produit } from './shop-fixtures';

const pad = (x: number) => String(x).padStart(10, '0');

describe('migration 2026-12-villes', () => {
  it('maps free-text towns to the list, moves the storefront key, keeps and reports the rest', async () => {
    const s = await newShop();
    const t = s.acc.tenantId;
    const p = await produit(s, 20);
    const put = (id: number, ville: string, published: boolean) =>
      rawDdb().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            PK: `ENT#${t}`,
            SK: `ECOMP#${pad(id)}`,
            entity: 'PRODUIT_ECOM',
            tenant_id: t,
            id,
            id_produit: p.id,
            code_produit: `PEL-${id}`,
            type_produit: 'poulet',
            nom_produit: `Poulet ${id}`,
            prix_unitaire: 3000,
            description: 'Poulet de chair',
            ville,
            adresse: 'x',
            images: [],
            etat: published ? 'ACTIVE' : 'INACTIVE',
            currency: 'XOF',
            pays: 'Senegal',
            code_pays: 'sn',
            created_at: new Date().toISOString(),
            ...(published ? { GSI1PK: 'VITRINE', GSI1SK: `${normalizeVille(ville)}#poulet#${pad(t)}#${pad(id)}` } : {}),
          },
        }),
      );
    await put(901, 'st-louis', true);
    await put(902, 'SEDHIOU', false);
    await put(903, 'Ma ferme, route de Touba km 12', true);
    await put(904, 'Matam', true);
    const item = async (id: number) =>
      (await rawDdb().send(new GetCommand({ TableName: tableName(), Key: { PK: `ENT#${t}`, SK: `ECOMP#${pad(id)}` }, ConsistentRead: true }))).Item!;
    const inTown = async (ville: string) =>
      ((await get(`/api/vitrine/produits?ville=${encodeURIComponent(ville)}`)).body as { id: number; id_entreprise: number }[])
        .filter((c) => c.id_entreprise === t)
        .map((c) => c.id);
    // Before: `st-louis` is stored under its own key, the town filter misses it.
    expect(await inTown('Saint-Louis')).toEqual([]);

    const r = await migrateBusinessVilles(rawDdb(), tableName(), t);
    expect(r.changed).toBe(2);
    expect(r.kept).toEqual([`entreprise ${t}, produit en ligne 903 : ville « Ma ferme, route de Touba km 12 » gardée telle quelle (hors de la liste)`]);
    expect(await item(901)).toMatchObject({ ville: 'Saint-Louis', GSI1SK: `saint-louis#poulet#${pad(t)}#${pad(901)}` });
    expect(await item(902)).toMatchObject({ ville: 'Sédhiou' });
    expect((await item(902)).GSI1SK).toBeUndefined();
    expect(await item(903)).toMatchObject({ ville: 'Ma ferme, route de Touba km 12', etat: 'ACTIVE' });
    expect(await item(904)).toMatchObject({ ville: 'Matam' });
    // The storefront reads the town indexes, which the next migration (2026-12-vitrine-index)
    // builds from the offers as this one left them: run here for the towns concerned.
    await rebuildIndexes(['saint-louis', 'matam', '*'], { doc: rawDdb(), table: tableName() });
    expect(await inTown('Saint-Louis')).toEqual([901]);
    // The town off the list: found by the search without a town only (every page followed).
    const everywhere: number[] = [];
    for (let apres = '', n = 0; n < 100; n++) {
      const page = (await get(`/api/vitrine/produits${apres ? `?apres=${apres}` : ''}`)).body as { id: number; id_entreprise: number; suite?: boolean }[];
      everywhere.push(...page.filter((c) => c.id_entreprise === t).map((c) => c.id));
      const last = page[page.length - 1];
      if (!last?.suite) break;
      apres = `${last.id_entreprise}.${last.id}`;
    }
    expect(everywhere.sort()).toEqual([901, 903, 904]);

    const again = await migrateBusinessVilles(rawDdb(), tableName(), t);
    expect(again.changed).toBe(0);
  });
});
