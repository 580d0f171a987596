// A layer flock's egg stock through the real stack (decisions 0243–0245): eggs
// collected by size enter on their day; batch sales, breakage and moves to a shop product leave
// it; a write that would leave any day short (its own or a later one, a size or the total) is
// refused with a 409 naming that day's figures and writes nothing; a move raises the product's
// stock with a restock line of origin Production, and its cancel is refused once the shop sold.
import { describe, expect, it } from 'vitest';
import { get, newBusiness, post, rightlessUser, type Account } from '../helpers/api';
import { addDays, todayFor } from '@shared/dates';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { BANDE_MSG } from '@shared/messages/bandes';
import { SANTE_MSG } from '@shared/messages/sante';
import { ok, stateOf } from './shop-fixtures';

const day = (n: number) => addDays(todayFor(), n);
type Sizes = Partial<Record<'s' | 'm' | 'l' | 'xl', number>>;

async function pondeuses(a: Account, nb_sujet = 400) {
  return ok(post('/api/bande/create', { nom: 'Pondeuses B', nb_sujet, date_demarage: day(-30), type: 'pondeuse', id_bande: -1 }, a.token));
}
async function collecte(a: Account, id_bande: number, date: string, sizes: Sizes) {
  const c = { s: 0, m: 0, l: 0, xl: 0, ...sizes };
  const collecte = c.s + c.m + c.l + c.xl;
  return ok(post('/api/bande/collect', { id_bande, id: -1, collecte, calibres: JSON.stringify(c), date_collecte: date }, a.token));
}
const vente = (a: Account, id_bande: number, date: string, quantite: number, over: Record<string, unknown> = {}) =>
  post('/api/bande/vente', { prix_unitaire: 100, quantite, id_bande, id_vente: -1, date, ...over }, a.token);
const casse = (a: Account, id_bande: number, date: string, quantite: number, over: Record<string, unknown> = {}) =>
  post('/api/bande/oeufs/casse', { id_bande, quantite, date, motif: 'Œufs cassés', ...over }, a.token);
const transfert = (a: Account, id_bande: number, id_produit: number, date: string, quantite: number, over: Record<string, unknown> = {}) =>
  post('/api/bande/oeufs/transfert', { id_bande, id_produit, quantite, unite: 'plateau', date, ...over }, a.token);
const stock = (a: Account, id: number) => ok(get(`/api/bande/oeufs/${id}`, a.token));
async function produit(a: Account, nom: string, over: Record<string, unknown> = {}) {
  return ok(post('/api/produit', { id: 0, nom, description: 'boutique', quantite: 0, prix_cession: 1500, prix_vente: 2500, ...over }, a.token));
}
const stockProduit = async (a: Account, id: number) => (await ok<any[]>(get('/api/produit?archives=1', a.token))).find((p) => p.id === id)!.quantite;

/** A refusal with its status and French message that writes nothing (id counters aside). */
async function refused(a: Account, send: () => Promise<{ status: number; body: any }>, status: number, message: string) {
  const before = await stateOf(a.tenantId);
  const r = await send();
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.message).toBe(message);
  expect(await stateOf(a.tenantId)).toBe(before);
}

describe('the egg stock: sizes, trays, exits checked on every day', () => {
  it('enters collections by size, takes sized exits from their size and unsized ones smallest first (the worked example of docs/oeufs.md)', async () => {
    const a = await newBusiness();
    const b = await pondeuses(a);
    await collecte(a, b.id, day(-5), { s: 10, m: 60, l: 20 });
    // Day −4: one tray of M sold from the batch, 5 eggs broken without a size (they leave S first).
    const v = await ok(vente(a, b.id, day(-4), 1, { unite: 'plateau', calibre: 'm' }));
    expect(v).toMatchObject({ unite: 'plateau', calibre: 'm' });
    const c = await ok(casse(a, b.id, day(-4), 5));
    expect(c.message).toBe(OEUFS_MSG.casseEnregistree);
    expect(c.casse).toMatchObject({ genre: 'casse', date: day(-4), oeufs: -5, calibre: null, motif: 'Œufs cassés' });
    let s = await stock(a, b.id);
    expect(s).toMatchObject({
      id_bande: b.id,
      stock_oeufs: 55,
      plateaux: { plateaux: 1, oeufs: 25 },
      par_calibre: { s: 5, m: 30, l: 20, xl: 0 },
      non_commercialisables: 0,
      bilan: { collectes: 90, vendus: 30, casses: 5, transferes: 0, par_produit: [] },
      ruptures: [],
    });
    expect(s.mouvements.map((m: any) => [m.genre, m.date, m.oeufs, m.calibre])).toEqual([
      ['casse', day(-4), -5, null],
      ['vente', day(-4), -30, 'm'],
      ['collecte', day(-5), 90, null],
    ]);
    // 31 more M on day −4: 60 M were there, 61 asked.
    await refused(a, () => vente(a, b.id, day(-4), 31, { calibre: 'm' }), 409, OEUFS_MSG.stockInsuffisant(day(-4), 'm', 60, 61));
    // A breakage of 2 trays of L: 40 > 20.
    await refused(a, () => casse(a, b.id, day(-3), 2, { unite: 'plateau', calibre: 'l' }), 409, OEUFS_MSG.stockInsuffisant(day(-3), 'l', 20, 60));
    // The whole stock, unsized: 56 > 55.
    await refused(a, () => casse(a, b.id, day(-1), 56), 409, OEUFS_MSG.stockInsuffisant(day(-1), null, 55, 56));
    // Exactly the stock is fine; a cancelled breakage gives its eggs back.
    const all = await ok(casse(a, b.id, day(-1), 55, { motif: 'Œufs perdus' }));
    expect((await stock(a, b.id)).stock_oeufs).toBe(0);
    const back = await ok(get(`/api/bande/oeufs/casse/delete/${all.casse.id}`, a.token));
    expect(back).toMatchObject({ message: OEUFS_MSG.casseAnnulee, casse: { id: all.casse.id, etat: 'DELETED' } });
    await refused(a, () => get(`/api/bande/oeufs/casse/delete/${all.casse.id}`, a.token), 400, OEUFS_MSG.dejaAnnule);
    s = await stock(a, b.id);
    expect(s.stock_oeufs).toBe(55);
    expect(s.mouvements[0]).toMatchObject({ id: all.casse.id, genre: 'casse', etat: 'DELETED' });
    // Eggs are whole; a size only goes with eggs; a broiler batch has no egg stock.
    await refused(a, () => vente(a, b.id, day(-1), 1, { unite: 'sujet', calibre: 'm', prix_unitaire: 2000 }), 400, OEUFS_MSG.calibreSansOeufs);
    const chair = await ok(post('/api/bande/create', { nom: 'Chair', nb_sujet: 100, date_demarage: day(-10), type: 'chair', id_bande: -1 }, a.token));
    await refused(a, () => get(`/api/bande/oeufs/${chair.id}`, a.token), 400, OEUFS_MSG.pasPondeuse);
    await refused(a, () => casse(a, chair.id, day(-1), 1), 400, OEUFS_MSG.pasPondeuse);
    // Dates: not before the start, not in the future.
    await refused(a, () => casse(a, b.id, day(-31), 1), 400, BANDE_MSG.dateBeforeStart(day(-30)));
    await refused(a, () => casse(a, b.id, day(1), 1), 400, BANDE_MSG.dateFuture);
  });

  it('refuses a backdated exit that empties a later day, and a sale edit only for what it adds', async () => {
    const a = await newBusiness();
    const b = await pondeuses(a);
    await collecte(a, b.id, day(-5), { s: 100 });
    const v = await ok(vente(a, b.id, day(-3), 80));
    // 30 broken on day −5 leave 70 there, but day −3's sale needs 80.
    await refused(a, () => casse(a, b.id, day(-5), 30), 409, OEUFS_MSG.stockInsuffisant(day(-3), null, 70, 80));
    // 20 broken on day −5 is fine (day −3: 80 for 80).
    await ok(casse(a, b.id, day(-5), 20));
    // The sale's edit to 81 adds one egg that was not there; back to 70 only gives eggs back.
    await refused(a, () => vente(a, b.id, day(-3), 81, { id_vente: v.id }), 409, OEUFS_MSG.stockInsuffisant(day(-3), null, 80, 81));
    await ok(vente(a, b.id, day(-3), 70, { id_vente: v.id }));
    expect((await stock(a, b.id)).stock_oeufs).toBe(10);
  });

  it("refuses a collection's decrease or cancel that leaves an exit without its eggs; a cancelled collection is listed", async () => {
    const a = await newBusiness();
    const b = await pondeuses(a);
    const c1 = await collecte(a, b.id, day(-5), { s: 50, m: 50 });
    await ok(vente(a, b.id, day(-4), 60));
    await refused(a, () => get(`/api/bande/collect/delete/${c1.id}`, a.token), 409, OEUFS_MSG.collecteNecessaire(day(-4), null, 0, 60));
    await refused(
      a,
      () =>
        post(
          '/api/bande/collect',
          { id_bande: b.id, id: c1.id, collecte: 50, calibres: JSON.stringify({ s: 25, m: 25, l: 0, xl: 0 }), date_collecte: day(-5) },
          a.token,
        ),
      409,
      OEUFS_MSG.collecteNecessaire(day(-4), null, 50, 60),
    );
    // Another collection the same day carries the sale: the first may go.
    await collecte(a, b.id, day(-5), { m: 70 });
    await ok(get(`/api/bande/collect/delete/${c1.id}`, a.token));
    const s = await stock(a, b.id);
    expect(s).toMatchObject({ stock_oeufs: 10, par_calibre: { s: 0, m: 10, l: 0, xl: 0 }, bilan: { collectes: 70, vendus: 60 } });
    expect(s.mouvements.find((m: any) => m.genre === 'collecte' && m.id === c1.id)).toMatchObject({
      etat: 'DELETED',
      oeufs: 100,
      calibres: { s: 50, m: 50, l: 0, xl: 0 },
    });
  });

  it("holds a withdrawal's eggs apart: breakage still allowed, moves and sales refused on its days", async () => {
    const a = await newBusiness();
    const b = await pondeuses(a);
    const p = await produit(a, 'Plateau calibre M', { oeufs_par_unite: 30 });
    await collecte(a, b.id, day(-5), { m: 100 });
    await ok(
      post(
        '/api/sante/traitement',
        {
          id_bande: b.id,
          produit: 'Amoxicilline',
          molecule: 'Amoxicilline',
          motif: 'Toux',
          debut: day(-3),
          fin: day(-2),
          attente_viande_jours: 0,
          attente_oeufs_jours: 1,
          cout: 2500,
        },
        a.token,
      ),
    );
    await collecte(a, b.id, day(-2), { m: 90 });
    const s = await stock(a, b.id);
    expect(s).toMatchObject({ stock_oeufs: 100, non_commercialisables: 90 });
    expect(s.mouvements.find((m: any) => m.date === day(-2))).toMatchObject({ genre: 'collecte', non_commercialisable: true });
    await refused(a, () => transfert(a, b.id, p.id, day(-1), 1), 409, SANTE_MSG.attenteOeufs(day(-1)));
    await refused(a, () => vente(a, b.id, day(-1), 10), 409, SANTE_MSG.attenteOeufs(day(-1)));
    await ok(casse(a, b.id, day(-1), 10));
    // The day after the withdrawal, the held-apart eggs still never enter the stock.
    await refused(a, () => casse(a, b.id, day(0), 91), 409, OEUFS_MSG.stockInsuffisant(day(0), null, 90, 91));
  });
});

describe('moves to the shop', () => {
  it("raises the product's stock with a restock line of origin Production; its cancel reverses both, refused once the shop sold", async () => {
    const a = await newBusiness();
    const b = await pondeuses(a);
    const p = await produit(a, 'Plateau calibre M', { oeufs_par_unite: 30 });
    await collecte(a, b.id, day(-5), { s: 20, m: 90 });
    const t1 = await ok(transfert(a, b.id, p.id, day(-4), 2, { calibre: 'm' }));
    expect(t1).toMatchObject({
      message: OEUFS_MSG.transfertEnregistre,
      transfert: { genre: 'transfert', date: day(-4), oeufs: -60, calibre: 'm', produit: { id: p.id, nom: 'Plateau calibre M' }, unites_produit: 2 },
      produit: { id: p.id, quantite: 2 },
    });
    expect(await stockProduit(a, p.id)).toBe(2);
    const lignes = await ok<any[]>(get('/api/produit/reappro/get', a.token));
    const ligne = lignes.find((l) => l.source?.id === t1.transfert.id);
    expect(ligne).toMatchObject({
      id_produit: p.id,
      quantite: 2,
      etat: 'VALID',
      origine: 'PRODUCTION',
      source: { type: 'oeufs', id: t1.transfert.id, id_bande: b.id, bande_nom: 'Pondeuses B', date: day(-4) },
    });
    let s = await stock(a, b.id);
    expect(s).toMatchObject({
      stock_oeufs: 50,
      par_calibre: { s: 20, m: 30, l: 0, xl: 0 },
      bilan: { transferes: 60, par_produit: [{ id_produit: p.id, nom: 'Plateau calibre M', oeufs: 60, unites: 2 }] },
    });
    // Refusals: not whole units, the day's M short, a product that is not an egg product, archived, another business's.
    await refused(a, () => transfert(a, b.id, p.id, day(-4), 45, { unite: 'oeuf' }), 400, OEUFS_MSG.unitesEntieres(45, 30, 'Plateau calibre M'));
    await refused(a, () => transfert(a, b.id, p.id, day(-4), 2, { calibre: 'm' }), 409, OEUFS_MSG.stockInsuffisant(day(-4), 'm', 90, 120));
    const poulet = await produit(a, 'Poulet');
    await refused(a, () => transfert(a, b.id, poulet.id, day(-4), 1), 400, OEUFS_MSG.produitSansOeufs('Poulet'));
    const vieux = await produit(a, 'Plateau ancien', { oeufs_par_unite: 30 });
    await ok(post('/api/produit/archiver', { id: vieux.id, archive: true }, a.token));
    await refused(a, () => transfert(a, b.id, vieux.id, day(-4), 1), 400, OEUFS_MSG.produitArchive);
    // Another business's product, with an id this business does not have (ids are per business).
    const other = await newBusiness();
    for (const n of [1, 2, 3]) await produit(other, `Plateau ${n}`, { oeufs_par_unite: 30 });
    const theirs = await produit(other, 'Plateau voisin', { oeufs_par_unite: 30 });
    await refused(a, () => transfert(a, b.id, theirs.id, day(-4), 1), 404, OEUFS_MSG.produitNotFound);
    // The shop sells one tray: the move's cancel (2 trays) is refused, nothing written.
    await ok(post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }], type: 'DIRECT' }, a.token));
    await refused(a, () => get(`/api/bande/oeufs/transfert/delete/${t1.transfert.id}`, a.token), 409, OEUFS_MSG.dejaVendu('Plateau calibre M', 1, 2));
    // A second move of one tray of S+M eggs (unsized: the 20 S first), then its cancel.
    const t2 = await ok(transfert(a, b.id, p.id, day(-3), 1));
    expect(await stockProduit(a, p.id)).toBe(2);
    s = await stock(a, b.id);
    expect(s).toMatchObject({ stock_oeufs: 20, par_calibre: { s: 0, m: 20, l: 0, xl: 0 } });
    const back = await ok(get(`/api/bande/oeufs/transfert/delete/${t2.transfert.id}`, a.token));
    expect(back).toMatchObject({ message: OEUFS_MSG.transfertAnnule, transfert: { id: t2.transfert.id, etat: 'DELETED' }, produit: { id: p.id, quantite: 1 } });
    expect(await stockProduit(a, p.id)).toBe(1);
    expect((await ok<any[]>(get('/api/produit/reappro/get', a.token))).find((l) => l.source?.id === t2.transfert.id)).toMatchObject({ etat: 'CANCELED' });
    s = await stock(a, b.id);
    expect(s.stock_oeufs).toBe(50);
    expect(s.bilan.par_produit).toEqual([{ id_produit: p.id, nom: 'Plateau calibre M', oeufs: 60, unites: 2 }]);
    await refused(a, () => get(`/api/bande/oeufs/transfert/delete/${t2.transfert.id}`, a.token), 400, OEUFS_MSG.dejaAnnule);
    // Breakage and moves are entries: the batch's type is fixed and it can no longer be deleted.
    await refused(
      a,
      () => post('/api/bande/create', { nom: 'Pondeuses B', nb_sujet: 400, date_demarage: day(-30), type: 'chair', id_bande: b.id }, a.token),
      400,
      BANDE_MSG.typeFixed,
    );
  });

  it("answers 404 for another business's batch, move and breakage; moves need the products' right too", async () => {
    const a = await newBusiness();
    const b = await pondeuses(a);
    const p = await produit(a, 'Plateau calibre L', { oeufs_par_unite: 30 });
    await collecte(a, b.id, day(-2), { l: 120 });
    const t = await ok(transfert(a, b.id, p.id, day(-1), 1));
    const c = await ok(casse(a, b.id, day(-1), 3));
    const other = await newBusiness();
    const mine = await produit(other, 'Plateau', { oeufs_par_unite: 30 });
    await refused(other, () => get(`/api/bande/oeufs/${b.id}`, other.token), 404, OEUFS_MSG.bandeNotFound);
    await refused(other, () => casse(other, b.id, day(-1), 1), 404, BANDE_MSG.bandeNotFound);
    await refused(other, () => transfert(other, b.id, mine.id, day(-1), 1), 404, BANDE_MSG.bandeNotFound);
    await refused(other, () => get(`/api/bande/oeufs/transfert/delete/${t.transfert.id}`, other.token), 404, OEUFS_MSG.transfertNotFound);
    await refused(other, () => get(`/api/bande/oeufs/casse/delete/${c.casse.id}`, other.token), 404, OEUFS_MSG.casseNotFound);
    // A user with the batches' right only: breakage yes, moves 403.
    const staff = await rightlessUser(a, 70, { bandav: 'r' });
    await ok(casse({ ...a, token: staff.token }, b.id, day(-1), 1));
    for (const send of [
      () => transfert({ ...a, token: staff.token }, b.id, p.id, day(-1), 1),
      () => get(`/api/bande/oeufs/transfert/delete/${t.transfert.id}`, staff.token),
    ]) {
      const before = await stateOf(a.tenantId);
      expect((await send()).status).toBe(403);
      expect(await stateOf(a.tenantId)).toBe(before);
    }
    const both = await rightlessUser(a, 71, { bandav: 'r', prav: 'r' });
    await ok(transfert({ ...a, token: both.token }, b.id, p.id, day(-1), 1));
  });
});

describe('shop sales naming a batch', () => {
  it("takes a layer batch's shop sale from its egg stock (checked), and refuses one with an egg product's line", async () => {
    const a = await newBusiness();
    const b = await pondeuses(a);
    const vrac = await produit(a, 'Œufs en vrac', { quantite: 500, prix_vente: 100, prix_cession: 50 });
    const plateau = await produit(a, 'Plateau calibre M', { oeufs_par_unite: 30, quantite: 10 });
    await collecte(a, b.id, day(0), { s: 40 });
    const sale = (produits: unknown[]) => post('/api/vente', { id_bande: b.id, produits, type: 'DIRECT' }, a.token);
    await refused(a, () => sale([{ id_produit: vrac.id, quantite: 41 }]), 409, OEUFS_MSG.stockInsuffisant(day(0), null, 40, 41));
    await refused(a, () => sale([{ id_produit: plateau.id, quantite: 1 }]), 400, OEUFS_MSG.venteBoutiqueProduitOeufs('Plateau calibre M'));
    await ok(sale([{ id_produit: vrac.id, quantite: 40 }]));
    const s = await stock(a, b.id);
    expect(s).toMatchObject({ stock_oeufs: 0, bilan: { vendus: 40 } });
    // Now the batch's own sale finds nothing.
    await refused(a, () => vente(a, b.id, day(0), 1), 409, OEUFS_MSG.stockInsuffisant(day(0), null, 40, 41));
  });
});
