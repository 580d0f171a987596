// Products and restocks through the real stack: the initial quantity as a first restock, stock not
// editable from the product form, restock and its cancellation (refused when the stock is gone).
import { describe, expect, it } from 'vitest';
import { FORBIDDEN, boutique, newShop, ok, produit, stateOf, stockOf, userWith } from './shop-fixtures';

describe('POST api/produit and GET api/produit', () => {
  it('creates a product; its initial quantity is recorded as a first, cancellable restock', async () => {
    const s = await newShop();
    const p = await produit(s, 12, 2500, 'Poulet braisé');
    expect(p).toMatchObject({ nom: 'Poulet braisé', quantite: 12, prix_vente: 2500, prix_cession: 1250, description: 'frais' });
    const list = await ok<any[]>(s.get('/api/produit'));
    expect(list).toEqual([p]);
    const reappros = await ok<any[]>(s.get('/api/produit/reappro/get'));
    expect(reappros).toHaveLength(1);
    expect(reappros[0]).toMatchObject({ id_produit: p.id, produit: { id: p.id, nom: 'Poulet braisé' }, quantite: 12, etat: 'VALID' });
    // Without quantity: no restock.
    await produit(s, 0, 100, 'Oeufs');
    expect(await ok<any[]>(s.get('/api/produit/reappro/get'))).toHaveLength(1);
  });

  it('refuses a negative, null or fractional quantity or price in French and writes nothing; only the name is required', async () => {
    const s = await newShop();
    const before = await stateOf(s.acc.tenantId);
    const cases: [Record<string, unknown>, string][] = [
      [{ quantite: -5 }, 'La quantité ne peut pas être négative'],
      [{ prix_cession: -1 }, 'Le prix de cession ne peut pas être négatif'],
      [{ prix_vente: -2 }, 'Le prix de vente ne peut pas être négatif'],
      [{ prix_vente: null }, 'Le prix de vente doit être un nombre'],
      [{ prix_vente: '' }, 'Le prix de vente doit être un nombre'],
      [{ prix_vente: '1500' }, 'Le prix de vente doit être un nombre'],
      [{ prix_vente: 12.5 }, 'Le prix de vente doit être un nombre entier'],
      [{ quantite: 1.5 }, 'La quantité doit être un nombre entier'],
    ];
    for (const [fields, message] of cases) {
      const r = await s.post('/api/produit', { id: 0, nom: 'Aliment', quantite: 3, prix_cession: 100, prix_vente: 200, ...fields });
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.body.message).toContain(message);
    }
    expect(await stateOf(s.acc.tenantId)).toBe(before);
    // A field left out entirely is 0 (spec: only the name is required).
    const bare = await ok(s.post('/api/produit', { nom: 'Sac' }));
    expect(bare).toMatchObject({ nom: 'Sac', quantite: 0, prix_cession: 0, prix_vente: 0, description: null });
    const zero = await ok(s.post('/api/produit', { id: 0, nom: 'Fumier', quantite: 0, prix_cession: 0, prix_vente: 0 }));
    expect(zero).toMatchObject({ quantite: 0, prix_vente: 0 });
  });

  it('updates name, description and prices but never the stock', async () => {
    const s = await newShop();
    const p = await produit(s, 7, 1000);
    const u = await ok(s.post('/api/produit', { id: p.id, nom: 'Poulet fermier', description: '', quantite: 500, prix_cession: 600, prix_vente: 1200 }));
    expect(u).toMatchObject({ id: p.id, nom: 'Poulet fermier', description: null, quantite: 7, prix_cession: 600, prix_vente: 1200 });
    expect(await stockOf(s, p.id)).toBe(7);
  });

  it('refuses a missing name or a non-number price in French, and writes nothing', async () => {
    const s = await newShop();
    const before = await stateOf(s.acc.tenantId);
    const r = await s.post('/api/produit', { id: 0, nom: '  ', quantite: 3 });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('Nom requis');
    const r2 = await s.post('/api/produit', { id: 0, nom: 'X', prix_vente: 'cher' });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toContain('prix de vente');
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  it("answers 404 when updating another business's product", async () => {
    const a = await newShop();
    const b = await newShop();
    const theirs = await produit(b, 3);
    const r = await a.post('/api/produit', { id: theirs.id, nom: 'Volé' });
    expect(r.status).toBe(404);
    expect((await ok<any[]>(b.get('/api/produit')))[0].nom).toBe('Poulet');
    expect(await ok<any[]>(a.get('/api/produit'))).toEqual([]);
  });
});

describe('restocks', () => {
  it('adds stock, lists restocks newest first, and a cancellation takes the stock back once', async () => {
    const s = await newShop();
    const p = await produit(s, 2);
    const r = await ok(s.post('/api/produit/reappro/new', { id_produit: p.id, quantite: 10 }));
    expect(r.reappro).toMatchObject({ id_produit: p.id, quantite: 10, etat: 'VALID', produit: { nom: 'Poulet' } });
    expect(r.produit.quantite).toBe(12);
    const list = await ok<any[]>(s.get('/api/produit/reappro/get'));
    expect(list.map((x) => x.quantite)).toEqual([10, 2]);
    const c = await ok(s.get(`/api/produit/reappro/cancele/${r.reappro.id}`));
    expect(c.reappro.etat).toBe('CANCELED');
    expect(c.produit.quantite).toBe(2);
    const again = await s.get(`/api/produit/reappro/cancele/${r.reappro.id}`);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Cet approvisionnement est déjà annulé.');
    expect(await stockOf(s, p.id)).toBe(2);
  });

  it('refuses to cancel a restock whose stock has been sold, with a clear message, and changes nothing', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 0);
    const r = await ok(s.post('/api/produit/reappro/new', { id_produit: p.id, quantite: 5 }));
    await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 3 }], type: 'DIRECT' }));
    const before = await stateOf(s.acc.tenantId);
    const c = await s.get(`/api/produit/reappro/cancele/${r.reappro.id}`);
    expect(c.status).toBe(400);
    expect(c.body.message).toBe("Impossible d'annuler cet approvisionnement : il ne reste que 2 Poulet en stock, moins que les 5 approvisionnés.");
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  it('refuses a quantity below 1 or a missing product in French, and writes nothing', async () => {
    const s = await newShop();
    const p = await produit(s, 1);
    const before = await stateOf(s.acc.tenantId);
    for (const body of [{ id_produit: p.id, quantite: 0 }, { id_produit: p.id, quantite: 1.5 }, { quantite: 3 }]) {
      const r = await s.post('/api/produit/reappro/new', body);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/quantité|produit/i);
    }
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  it("answers 404 for another business's product or restock, and touches nothing there", async () => {
    const a = await newShop();
    const b = await newShop();
    const theirs = await produit(b, 4);
    const theirRestock = (await ok<any[]>(b.get('/api/produit/reappro/get')))[0];
    expect((await a.post('/api/produit/reappro/new', { id_produit: theirs.id, quantite: 3 })).status).toBe(404);
    expect((await a.get(`/api/produit/reappro/cancele/${theirRestock.id}`)).status).toBe(404);
    expect(await stockOf(b, theirs.id)).toBe(4);
    expect((await ok<any[]>(b.get('/api/produit/reappro/get')))[0].etat).toBe('VALID');
  });

  it('answers 403 on every product row without the prav right', async () => {
    const s = await newShop();
    const p = await produit(s, 3);
    // Neither prav nor a screen that reads products (ventav, commav: tests/api/rights.test.ts).
    const u = await userWith(s.acc, { userId: 60, role: 'vendeur', droits: { remav: 'r', clav: 'r' } });
    expect((await u.get('/api/produit')).body).toEqual(FORBIDDEN);
    expect((await u.post('/api/produit', { id: 0, nom: 'X' })).status).toBe(403);
    expect((await u.post('/api/produit/reappro/new', { id_produit: p.id, quantite: 1 })).status).toBe(403);
    expect((await u.get('/api/produit/reappro/get')).status).toBe(403);
    expect((await u.get('/api/produit/reappro/cancele/1')).status).toBe(403);
    expect(await stockOf(s, p.id)).toBe(3);
  });
});
