// Stock adjustment (inventory count): the stock becomes the counted quantity, the
// difference is a movement with its reason in the restock history, in one transaction; never
// below 0; not cancellable; another business's product answers 404.
import { describe, expect, it } from 'vitest';
import { boutique, newShop, ok, produit, stateOf, stockOf } from './shop-fixtures';

describe('POST api/produit/ajustement', () => {
  it('sets the counted stock and records the signed movement with its reason', async () => {
    const s = await newShop();
    const p = await produit(s, 10);
    const r = await ok(s.post('/api/produit/ajustement', { id_produit: p.id, quantite: 7, motif: 'Vol constaté' }));
    expect(r.produit.quantite).toBe(7);
    expect(r.reappro).toMatchObject({ id_produit: p.id, quantite: -3, etat: 'AJUSTEMENT', motif: 'Vol constaté', avant: 10, apres: 7 });
    expect(await stockOf(s, p.id)).toBe(7);
    await ok(s.post('/api/produit/ajustement', { id_produit: p.id, quantite: 12, motif: 'Inventaire du mois' }));
    expect(await stockOf(s, p.id)).toBe(12);
    const list = await ok<any[]>(s.get('/api/produit/reappro/get'));
    expect(list.slice(0, 2).map((x) => [x.etat, x.quantite, x.motif])).toEqual([
      ['AJUSTEMENT', 5, 'Inventaire du mois'],
      ['AJUSTEMENT', -3, 'Vol constaté'],
    ]);
    // A count of 0 empties the shelf; an adjustment is never cancelled.
    await ok(s.post('/api/produit/ajustement', { id_produit: p.id, quantite: 0, motif: 'Casse' }));
    expect(await stockOf(s, p.id)).toBe(0);
    const c = await s.get(`/api/produit/reappro/cancele/${r.reappro.id}`);
    expect(c.status).toBe(400);
    expect(c.body.message).toContain("ne s'annule pas");
  });

  it('refuses a negative count, a missing reason, the same value, in French, and writes nothing', async () => {
    const s = await newShop();
    const p = await produit(s, 5);
    const before = await stateOf(s.acc.tenantId);
    for (const body of [
      { id_produit: p.id, quantite: -1, motif: 'Perte' },
      { id_produit: p.id, quantite: 3 },
      { id_produit: p.id, quantite: 3, motif: '  ' },
      { id_produit: p.id, quantite: 2.5, motif: 'Perte' },
      { id_produit: p.id, quantite: 5, motif: 'Rien' },
    ]) {
      const r = await s.post('/api/produit/ajustement', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message.length).toBeGreaterThan(5);
    }
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  it("answers 404 for another business's product", async () => {
    const a = await newShop();
    const b = await newShop();
    const theirs = await produit(b, 5);
    const before = await stateOf(b.acc.tenantId);
    expect((await a.post('/api/produit/ajustement', { id_produit: theirs.id, quantite: 1, motif: 'Essai' })).status).toBe(404);
    expect(await stateOf(b.acc.tenantId)).toBe(before);
  });

  it('under concurrent sales the stock ends at the count minus the sales made after it, never below 0', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 20);
    const sales = Array.from({ length: 8 }, () => s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }], type: 'DIRECT' }));
    const adj = s.post('/api/produit/ajustement', { id_produit: p.id, quantite: 4, motif: 'Inventaire' });
    const results = await Promise.all([...sales, adj]);
    const a = results[8];
    expect(a.status).toBe(200);
    const sold = results.slice(0, 8).filter((r) => r.status === 200).length;
    const stock = await stockOf(s, p.id);
    expect(stock).toBeGreaterThanOrEqual(0);
    // Every sale either happened before the count (already in `avant`) or after it (taken from 4).
    const soldAfter = 4 - stock;
    expect(a.body.reappro.avant).toBe(20 - (sold - soldAfter));
  });
});
