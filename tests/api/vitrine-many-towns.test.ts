// A seller in more towns than one transaction holds (decision 0405): its subscription's change
// writes its first VILLES_PAR_TRANSACTION towns with the change and the others just after. Its
// offers stand in 96 of the list's towns, which every marketplace test also uses: this file runs
// in its own project once the API files and journeys are done (vitest.config.ts, api-last), so that
// no page another test counts ever holds its cards.
import { beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { operatorAccount, post, rawDdb, tableName } from '../helpers/api';
import { normalizeVille } from '@shared/ecommerce';
import { NOMS_VILLES } from '@shared/villes';
import { rebuildIndexes } from '../../functions/ecommerce/repository/vitrine-index';
import { newShop, ok, produit, type Shop } from './shop-fixtures';
import { cards, indexItem } from './vitrine-fixtures';

let op: { token: string };
beforeAll(async () => {
  op = await operatorAccount();
}, 120_000);

const operator = (s: Shop, action: string, extra: Record<string, unknown> = {}) =>
  ok(post('/api/operateur/abonnement', { action, id_entreprise: s.acc.tenantId, motif: 'Test de la vitrine', ...extra }, op.token));

describe('a seller in more towns than one transaction holds', () => {
  it('its suspension and reactivation reach all 96 of its towns', async () => {
    const s = await newShop();
    const t = s.acc.tenantId;
    const p = await produit(s, 10, 3000, 'Poulet partout');
    const towns = NOMS_VILLES.slice(0, 96);
    // Its 96 offers written straight into the table, then the towns' indexes rebuilt from them (fast set-up).
    const items = towns.map((ville, i) => ({
      PK: `ENT#${t}`,
      SK: `ECOMP#${String(500 + i).padStart(10, '0')}`,
      entity: 'PRODUIT_ECOM',
      tenant_id: t,
      id: 500 + i,
      id_produit: p.id,
      code_produit: `P${500 + i}`,
      type_produit: 'poulet',
      nom_produit: `Poulet ${i}`,
      prix_unitaire: 3000,
      description: 'Poulet de chair',
      ville,
      adresse: 'x',
      images: [],
      etat: 'ACTIVE',
      currency: 'XOF',
      pays: 'Senegal',
      code_pays: 'sn',
      created_at: new Date().toISOString(),
      GSI1PK: 'VITRINE',
      GSI1SK: `${normalizeVille(ville)}#poulet#${String(t).padStart(10, '0')}#${String(500 + i).padStart(10, '0')}`,
    }));
    for (let i = 0; i < items.length; i += 25) {
      await rawDdb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    await rebuildIndexes(towns.map(normalizeVille), { doc: rawDdb(), table: tableName() });
    const entries = async () => Promise.all(towns.map(async (v) => (await indexItem(v))?.vendeurs?.[String(t)]));
    expect(new Set(await entries()).size).toBe(1);
    await operator(s, 'suspendre');
    expect(await entries()).toEqual(towns.map(() => 'suspendu'));
    expect(await cards(s, towns[95])).toEqual([]);
    await operator(s, 'reactiver');
    expect((await entries()).every((e) => typeof e === 'string' && Date.parse(e) > Date.now())).toBe(true);
    expect((await cards(s, towns[95])).map((c) => c.id)).toEqual([595]);
  });
});
