// A layer flock's egg stock under concurrent writes (decision 0243): every exit
// (a batch sale, a breakage, a move, a shop sale naming the batch) and a collection's cancel is
// checked on the batch as read and written under its revision, so writes sent at once are checked
// one after the other: whatever lands, no day ends short (the stock's `ruptures` stay empty) and
// the stock is what was collected less what left. A move's cancel racing a shop sale of its
// product: the product's stock conditions make one of them lose, never a negative stock.
import { describe, expect, it } from 'vitest';
import { get, newBusiness, post, type Account } from '../helpers/api';
import { addDays, todayFor } from '@shared/dates';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { SHOP_MSG } from '@shared/messages/shop';
import { ok } from './shop-fixtures';

const day = (n: number) => addDays(todayFor(), n);

async function pondeuses(a: Account) {
  return ok(post('/api/bande/create', { nom: 'Pondeuses C', nb_sujet: 500, date_demarage: day(-20), type: 'pondeuse', id_bande: -1 }, a.token));
}
async function collecte(a: Account, id_bande: number, date: string, c: { s: number; m: number; l: number; xl: number }) {
  return ok(post('/api/bande/collect', { id_bande, id: -1, collecte: c.s + c.m + c.l + c.xl, calibres: JSON.stringify(c), date_collecte: date }, a.token));
}
async function produit(a: Account, nom: string, over: Record<string, unknown> = {}) {
  return ok(post('/api/produit', { id: 0, nom, description: 'boutique', quantite: 0, prix_cession: 50, prix_vente: 100, ...over }, a.token));
}
const stockProduit = async (a: Account, id: number) => (await ok<any[]>(get('/api/produit', a.token))).find((p) => p.id === id)!.quantite;

describe('concurrent exits of one layer batch', () => {
  it('20 sales, breakages, moves and shop sales sent at once with a collection cancel never leave a day short', async () => {
    const a = await newBusiness();
    const b = await pondeuses(a);
    const plateau = await produit(a, 'Plateau calibre M', { oeufs_par_unite: 30 });
    const vrac = await produit(a, 'Œufs en vrac', { quantite: 1000 });
    await collecte(a, b.id, day(-3), { s: 50, m: 100, l: 50, xl: 0 });
    const extra = await collecte(a, b.id, day(-3), { s: 30, m: 0, l: 0, xl: 0 });
    // 230 eggs; the 20 exits ask for 490, M for 180 of its 100.
    const sends: (() => Promise<{ status: number; body: any }>)[] = [];
    for (let i = 0; i < 5; i++)
      sends.push(() => post('/api/bande/vente', { prix_unitaire: 2500, quantite: 1, unite: 'plateau', id_bande: b.id, id_vente: -1, date: day(-2) }, a.token));
    for (let i = 0; i < 5; i++)
      sends.push(() => post('/api/bande/oeufs/casse', { id_bande: b.id, quantite: 20, calibre: 'm', date: day(-1), motif: 'Œufs fêlés' }, a.token));
    for (let i = 0; i < 5; i++)
      sends.push(() =>
        post('/api/bande/oeufs/transfert', { id_bande: b.id, id_produit: plateau.id, quantite: 1, unite: 'plateau', calibre: 'm', date: day(-2) }, a.token),
      );
    for (let i = 0; i < 5; i++)
      sends.push(() => post('/api/vente', { id_bande: b.id, produits: [{ id_produit: vrac.id, quantite: 20 }], type: 'DIRECT' }, a.token));
    sends.push(() => get(`/api/bande/collect/delete/${extra.id}`, a.token));
    const answers = await Promise.all(sends.map((s) => s()));
    let taken = 0;
    let moved = 0;
    answers.forEach((r, i) => {
      const eggs = i < 5 ? 30 : i < 10 ? 20 : i < 15 ? 30 : i < 20 ? 20 : 0;
      if (r.status === 200) {
        taken += eggs;
        if (i >= 10 && i < 15) moved++;
        return;
      }
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body.message).toMatch(i === 20 ? /^Impossible : sans ces œufs, le stock/ : /^Stock d'œufs insuffisant le /);
    });
    const cancelled = answers[20]!.status === 200;
    const s = await ok(get(`/api/bande/oeufs/${b.id}`, a.token));
    expect(s.ruptures, JSON.stringify(s.mouvements)).toEqual([]);
    expect(s.stock_oeufs).toBe((cancelled ? 200 : 230) - taken);
    expect(s.par_calibre.m).toBeGreaterThanOrEqual(0);
    expect(s.bilan.transferes).toBe(moved * 30);
    expect(await stockProduit(a, plateau.id)).toBe(moved);
    // Something of each kind found its eggs, and the stock was not over-sold.
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThanOrEqual(230);
  });

  it("a move's cancel racing a shop sale of its product never leaves the product's stock negative", async () => {
    const a = await newBusiness();
    const b = await pondeuses(a);
    const plateau = await produit(a, 'Plateau calibre L', { oeufs_par_unite: 30 });
    await collecte(a, b.id, day(-1), { s: 0, m: 0, l: 300, xl: 0 });
    for (let round = 0; round < 5; round++) {
      const t = await ok(post('/api/bande/oeufs/transfert', { id_bande: b.id, id_produit: plateau.id, quantite: 2, unite: 'plateau', date: day(-1) }, a.token));
      const before = await stockProduit(a, plateau.id);
      const [cancel, sale] = await Promise.all([
        get(`/api/bande/oeufs/transfert/delete/${t.transfert.id}`, a.token),
        post('/api/vente', { produits: [{ id_produit: plateau.id, quantite: before }], type: 'DIRECT' }, a.token),
      ]);
      // The product held exactly the move's 2 trays (plus what earlier rounds left, all sold here): one of the two loses.
      expect([cancel.status, sale.status].filter((s) => s === 200).length, JSON.stringify([cancel.body, sale.body])).toBe(1);
      if (cancel.status !== 200) {
        expect(cancel.status).toBe(409);
        expect(cancel.body.message).toBe(OEUFS_MSG.dejaVendu('Plateau calibre L', 0, 2));
      } else {
        expect(sale.status).toBe(400);
        expect(sale.body.message).toBe(SHOP_MSG.stockInsufficient(before - 2, 'Plateau calibre L'));
      }
      const after = await stockProduit(a, plateau.id);
      expect(after).toBe(cancel.status === 200 ? before - 2 : 0);
      expect(after).toBeGreaterThanOrEqual(0);
    }
  });
});
