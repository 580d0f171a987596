// Shops through the real stack: creation within the plan's limit (422, also under parallel
// creations), update, list, validation, rights and tenant isolation.
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { rawDdb, tableName } from '../helpers/api';
import { FORBIDDEN, newShop as signUp, ok, stateOf, userWith, withoutShops, type Shop } from './shop-fixtures';

/** A business without the sign-up shop, so each test counts its own shops. */
const newShop = async () => withoutShops(await signUp());

async function setPlan(s: Shop, plan: string) {
  await rawDdb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: `ENT#${s.acc.tenantId}`, SK: 'SUBSCRIPTION' },
      UpdateExpression: 'SET #p = :p',
      ExpressionAttributeNames: { '#p': 'plan' },
      ExpressionAttributeValues: { ':p': plan },
    }),
  );
}

describe('sign-up', () => {
  it('creates the first shop, named after the business, editable; Démarrage then allows no second', async () => {
    const s = await signUp();
    const [b] = await ok<any[]>(s.get('/api/boutique'));
    expect(b).toMatchObject({ id: 1, nom: 'Ferme Test', indicatif: '+221', etat: 'ACTIVE' });
    expect((await s.post('/api/boutique', { nom: 'Deux' })).status).toBe(422);
    expect(await ok(s.post('/api/boutique/update', { id_boutique: 1, nom: 'Boutique du marché' }))).toMatchObject({ id: 1, nom: 'Boutique du marché' });
    // It can sell at once.
    const p = await ok(s.post('/api/produit', { id: 0, nom: 'Oeufs', quantite: 10, prix_cession: 50, prix_vente: 100 }));
    expect((await s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 2 }], type: 'DIRECT' })).status).toBe(200);
  });
});

describe('POST api/boutique', () => {
  it('creates a shop with +221 by default and lists it', async () => {
    const s = await newShop();
    const b = await ok(s.post('/api/boutique', { nom: 'Boutique Thiaroye', adresse: 'Route de Rufisque', telephone: '33 800 00 00', email: 'b@x.sn' }));
    expect(b).toMatchObject({
      nom: 'Boutique Thiaroye',
      adresse: 'Route de Rufisque',
      indicatif: '+221',
      telephone: '+221338000000',
      email: 'b@x.sn',
      etat: 'ACTIVE',
    });
    expect(await ok<any[]>(s.get('/api/boutique'))).toEqual([b]);
  });

  it('answers 422 beyond the Démarrage limit (1 shop) and writes nothing', async () => {
    const s = await newShop();
    await ok(s.post('/api/boutique', { nom: 'A' }));
    const before = await stateOf(s.acc.tenantId);
    const r = await s.post('/api/boutique', { nom: 'B' });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ code: 422, message: 'Vous avez atteint le nombre de boutiques autorisées' });
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  it('holds the Professionnel limit (3) under 8 parallel creations', async () => {
    const s = await newShop();
    await setPlan(s, 'pro');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => s.post('/api/boutique', { nom: `Boutique ${i}` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 422)).toHaveLength(5);
    expect(await ok<any[]>(s.get('/api/boutique'))).toHaveLength(3);
  });

  it('refuses a missing name or a bad e-mail in French, and writes nothing', async () => {
    const s = await newShop();
    const before = await stateOf(s.acc.tenantId);
    const r = await s.post('/api/boutique', { nom: '', adresse: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('Nom requis');
    expect((await s.post('/api/boutique', { nom: 'A', email: 'faux' })).status).toBe(400);
    expect((await s.post('/api/boutique', { nom: 'A', indicatif: 'abc' })).status).toBe(400);
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });
});

describe('POST api/boutique/update', () => {
  it('updates a shop', async () => {
    const s = await newShop();
    const b = await ok(s.post('/api/boutique', { nom: 'A' }));
    // an Ivorian number in a Senegalese business: written with its code; the dial code is the number's
    const u = await ok(
      s.post('/api/boutique/update', { id_boutique: b.id, nom: 'A bis', adresse: 'Pikine', indicatif: '+221', telephone: '+225 07 00 00 00 00', email: '' }),
    );
    expect(u).toMatchObject({
      id: b.id,
      nom: 'A bis',
      adresse: 'Pikine',
      indicatif: '+225',
      telephone: '+2250700000000',
      email: null,
      etat: 'ACTIVE',
      created_at: b.created_at,
    });
    expect(await ok<any[]>(s.get('/api/boutique'))).toEqual([u]);
  });

  it("answers 404 for another business's shop and changes nothing there", async () => {
    const a = await newShop();
    const b = await newShop();
    const theirs = await ok(b.post('/api/boutique', { nom: 'Leur boutique' }));
    const r = await a.post('/api/boutique/update', { id_boutique: theirs.id, nom: 'Volée' });
    expect(r.status).toBe(404);
    expect((await ok<any[]>(b.get('/api/boutique')))[0].nom).toBe('Leur boutique');
    expect(await ok<any[]>(a.get('/api/boutique'))).toEqual([]);
  });

  it('answers 403 on every shop row without the boutav right', async () => {
    const s = await newShop();
    const b = await ok(s.post('/api/boutique', { nom: 'A' }));
    const u = await userWith(s.acc, { userId: 95, role: 'vendeur', droits: { ventav: 'r' } });
    expect((await u.get('/api/boutique')).body).toEqual(FORBIDDEN);
    expect((await u.post('/api/boutique', { nom: 'B' })).status).toBe(403);
    expect((await u.post('/api/boutique/update', { id_boutique: b.id, nom: 'C' })).status).toBe(403);
    expect((await ok<any[]>(s.get('/api/boutique')))[0].nom).toBe('A');
  });
});
