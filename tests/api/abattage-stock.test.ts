// Slaughter into the shop's stock through the real stack (docs/decisions/0246, 0247): a
// category naming a product raises its stock with a restock line of origin « Production » in the
// slaughter's transaction; an edit moves the stock back and forth; the cancel gives the birds back
// to the batch and takes the stock back; both are refused (409, nothing written) once the shop has
// sold the birds; the products' right is needed; another business's product is not found; the
// restock list cannot cancel such a line; a product's eggs per unit.
import { describe, expect, it } from 'vitest';
import { get, newBusiness, post, rightlessUser, tenantSnapshot, type Account } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';
import { ABATTAGE_MSG } from '@shared/messages/abattages';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { SHOP_MSG } from '@shared/messages/shop';
import { SANTE_MSG } from '@shared/messages/sante';
import { addDays, todayFor } from '@shared/dates';
import { as, boutique, ok, stockOf, type Shop } from './shop-fixtures';

async function bande(acc: Account, nb_sujet = 100, nom = 'Lot PAC') {
  const r = await post('/api/bande/create', { id_bande: -1, nom, type: 'chair', nb_sujet, date_demarage: pastDay('10-01') }, acc.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.id ?? r.body.bande?.id) as number;
}

async function produit(s: Shop, nom: string, extra: Record<string, unknown> = {}) {
  return ok(s.post('/api/produit', { id: 0, nom, description: null, quantite: 0, prix_cession: 1500, prix_vente: 3000, ...extra }));
}

const cat = (quantite: number, poids_min: number, poids_max: number, id_produit?: number | null, id?: number) => ({
  quantite,
  poids_min,
  poids_max,
  ...(id_produit !== undefined ? { id_produit } : {}),
  ...(id ? { id } : {}),
});

const lignes = async (s: Shop) => (await ok<any[]>(s.get('/api/produit/reappro/get'))).filter((r) => r.origine === 'PRODUCTION');

async function vendre(s: Shop, id_produit: number, quantite: number) {
  return s.post('/api/vente', { produits: [{ id_produit, quantite }], type: 'DIRECT' });
}

/** A business with a 100-bird broiler batch and two meat products at stock 0. */
async function ferme() {
  const acc = await newBusiness();
  const s = as(acc);
  const b = await bande(acc);
  const petit = await produit(s, 'Poulet PAC 1–1,5 kg');
  const gros = await produit(s, 'Poulet PAC 1,5–2 kg');
  return { acc, s, b, petit, gros };
}

describe('a slaughter into the shop stock', () => {
  it("raises each named product's stock by its category, with restock lines of origin Production", async () => {
    const { acc, s, b, petit, gros } = await ferme();
    const day = pastDay('11-20');
    const r = await ok(
      s.post('/api/bande/abatage', {
        id: -1,
        quantite: 50,
        id_bande: b,
        date: day,
        category: [cat(30, 1, 1.5, petit.id), cat(15, 1.5, 2, gros.id), cat(5, 2, 3)],
      }),
    );
    const a = r.abatage;
    expect(a.categories.map((c: any) => [c.quantite, c.id_produit ?? null, c.produit?.nom ?? null])).toEqual([
      [30, petit.id, 'Poulet PAC 1–1,5 kg'],
      [15, gros.id, 'Poulet PAC 1,5–2 kg'],
      [5, null, null],
    ]);
    expect(await stockOf(s, petit.id)).toBe(30);
    expect(await stockOf(s, gros.id)).toBe(15);
    const detail = (await get(`/api/bande/${b}`, acc.token)).body;
    expect(detail.nb_abattu).toBe(50);
    // The batch's copy of the record says which products its birds became (its report reads it).
    expect(detail.abatages).toEqual([
      {
        id: a.id,
        quantite: 50,
        date: day,
        produits: [
          { id: petit.id, nom: 'Poulet PAC 1–1,5 kg', quantite: 30 },
          { id: gros.id, nom: 'Poulet PAC 1,5–2 kg', quantite: 15 },
        ],
      },
    ]);
    const ls = await lignes(s);
    expect(ls.map((l) => [l.id, l.id_produit, l.quantite, l.etat]).sort((x, y) => x[0] - y[0])).toEqual([
      [a.categories[0].id_reappro, petit.id, 30, 'VALID'],
      [a.categories[1].id_reappro, gros.id, 15, 'VALID'],
    ]);
    for (const l of ls) expect(l.source).toEqual({ type: 'abattage', id: a.id, id_bande: b, bande_nom: 'Lot PAC', date: day });
    // The detail answers what the save answered.
    expect((await get(`/api/bande/abatage/list/${a.id}`, acc.token)).body).toEqual(a);
  });

  it('an edit moves the stock between products; an unchanged category keeps its line', async () => {
    const { s, b, petit, gros } = await ferme();
    const a = (await ok(s.post('/api/bande/abatage', { quantite: 50, id_bande: b, category: [cat(30, 1, 1.5, petit.id), cat(20, 1.5, 2, gros.id)] }))).abatage;
    const [c1, c2] = a.categories;
    // One category sent twice would claim its line twice: refused, nothing written.
    const snap = await tenantSnapshot(s.acc.tenantId);
    const twice = await s.post('/api/bande/abatage', {
      id: a.id,
      quantite: 50,
      id_bande: b,
      category: [cat(30, 1, 1.5, petit.id, c1.id), cat(20, 1.6, 2, petit.id, c1.id)],
      deleted_categories_id: [c2.id],
    });
    expect([twice.status, twice.body.message]).toEqual([400, ABATTAGE_MSG.categoryNotFound]);
    expect(await tenantSnapshot(s.acc.tenantId)).toBe(snap);
    // The first category's birds go to the big birds' product; the second stays as it is.
    const e = (
      await ok(
        s.post('/api/bande/abatage', {
          id: a.id,
          quantite: 50,
          id_bande: b,
          date: a.date,
          category: [cat(30, 1, 1.5, gros.id, c1.id), cat(20, 1.5, 2, gros.id, c2.id)],
        }),
      )
    ).abatage;
    expect(await stockOf(s, petit.id)).toBe(0);
    expect(await stockOf(s, gros.id)).toBe(50);
    expect(e.categories[1].id_reappro).toBe(c2.id_reappro);
    expect(e.categories[0].id_reappro).not.toBe(c1.id_reappro);
    const ls = await lignes(s);
    expect(ls.find((l) => l.id === c1.id_reappro).etat).toBe('CANCELED');
    expect(ls.filter((l) => l.etat === 'VALID').map((l) => [l.id_produit, l.quantite])).toEqual(
      expect.arrayContaining([
        [gros.id, 30],
        [gros.id, 20],
      ]),
    );
    // Fewer birds, the first category back to its product, the second to none.
    await ok(
      s.post('/api/bande/abatage', {
        id: a.id,
        quantite: 40,
        id_bande: b,
        date: a.date,
        category: [cat(25, 1, 1.5, petit.id, c1.id), cat(15, 1.5, 2, null, c2.id)],
      }),
    );
    expect(await stockOf(s, petit.id)).toBe(25);
    expect(await stockOf(s, gros.id)).toBe(0);
    expect((await lignes(s)).filter((l) => l.etat === 'VALID').map((l) => [l.id_produit, l.quantite])).toEqual([[petit.id, 25]]);
    // Moved to another day: the line's source changes, its units stay.
    const day = pastDay('11-25');
    const moved = (
      await ok(
        s.post('/api/bande/abatage', {
          id: a.id,
          quantite: 40,
          id_bande: b,
          date: day,
          category: [cat(25, 1, 1.5, petit.id, c1.id), cat(15, 1.5, 2, null, c2.id)],
        }),
      )
    ).abatage;
    expect(await stockOf(s, petit.id)).toBe(25);
    const valid = (await lignes(s)).filter((l) => l.etat === 'VALID');
    expect(valid.map((l) => [l.id, l.source.date])).toEqual([[moved.categories[0].id_reappro, day]]);
  });

  it('refuses an edit or a cancel that would take back birds the shop has sold (409), writing nothing', async () => {
    const { acc, s, b, petit, gros } = await ferme();
    await boutique(s);
    const a = (await ok(s.post('/api/bande/abatage', { quantite: 50, id_bande: b, category: [cat(30, 1, 1.5, petit.id), cat(20, 1.5, 2, gros.id)] }))).abatage;
    const [c1, c2] = a.categories;
    await ok(vendre(s, petit.id, 25));
    const before = await tenantSnapshot(acc.tenantId);
    const edit = await s.post('/api/bande/abatage', {
      id: a.id,
      quantite: 50,
      id_bande: b,
      date: a.date,
      category: [cat(30, 1, 1.5, gros.id, c1.id), cat(20, 1.5, 2, gros.id, c2.id)],
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(OEUFS_MSG.dejaVendu('Poulet PAC 1–1,5 kg', 5, 30));
    const fewer = await s.post('/api/bande/abatage', {
      id: a.id,
      quantite: 40,
      id_bande: b,
      date: a.date,
      category: [cat(20, 1, 1.5, petit.id, c1.id), cat(20, 1.5, 2, gros.id, c2.id)],
    });
    expect(fewer.status).toBe(409);
    expect(fewer.body.message).toBe(OEUFS_MSG.dejaVendu('Poulet PAC 1–1,5 kg', 5, 10));
    const cancel = await s.get(`/api/bande/abatage/delete/${a.id}`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(OEUFS_MSG.dejaVendu('Poulet PAC 1–1,5 kg', 5, 30));
    // A business refusal, final: the outbox does not send it again.
    expect([edit.body.definitif, cancel.body.definitif]).toEqual([true, true]);
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
    // What the shop still holds can move: 5 fewer birds in the first category.
    await ok(
      s.post('/api/bande/abatage', {
        id: a.id,
        quantite: 45,
        id_bande: b,
        date: a.date,
        category: [cat(25, 1, 1.5, petit.id, c1.id), cat(20, 1.5, 2, gros.id, c2.id)],
      }),
    );
    expect(await stockOf(s, petit.id)).toBe(0);
  });

  it('the cancel gives the birds back and takes the stock back; the record stays, DELETED, and can no longer change', async () => {
    const { acc, s, b, petit } = await ferme();
    const a = (await ok(s.post('/api/bande/abatage', { quantite: 60, id_bande: b, category: [cat(60, 1, 1.5, petit.id)] }))).abatage;
    expect(await stockOf(s, petit.id)).toBe(60);
    const r = await ok(s.get(`/api/bande/abatage/delete/${a.id}`));
    expect(r.message).toBe(ABATTAGE_MSG.annule);
    expect(r.abatage).toMatchObject({ id: a.id, etat: 'DELETED', quantite: 60 });
    expect(await stockOf(s, petit.id)).toBe(0);
    expect((await lignes(s)).map((l) => l.etat)).toEqual(['CANCELED']);
    expect((await get(`/api/bande/${b}`, acc.token)).body.nb_abattu).toBe(0);
    const list = await ok<any[]>(s.get('/api/bande/abatage/list'));
    expect(list.map((x) => [x.id, x.etat])).toEqual([[a.id, 'DELETED']]);
    const before = await tenantSnapshot(acc.tenantId);
    const again = await s.get(`/api/bande/abatage/delete/${a.id}`);
    expect([again.status, again.body.message]).toEqual([400, ABATTAGE_MSG.dejaAnnule]);
    const edit = await s.post('/api/bande/abatage', { id: a.id, quantite: 10, id_bande: b });
    expect([edit.status, edit.body.message]).toEqual([400, ABATTAGE_MSG.annuleNonModifiable]);
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
    // The 100 birds are all alive again: all of them can be slaughtered, no more.
    expect((await s.post('/api/bande/abatage', { quantite: 101, id_bande: b })).status).toBe(400);
    await ok(s.post('/api/bande/abatage', { quantite: 100, id_bande: b }));
  });

  it('a cancel without products needs only Abattage; a closed batch cannot take its birds back', async () => {
    const { acc, s, b } = await ferme();
    const staff = as(acc, (await rightlessUser(acc, 61, { abatav: 'r' })).token);
    const a = (await ok(staff.post('/api/bande/abatage', { quantite: 10, id_bande: b }))).abatage;
    await ok(staff.get(`/api/bande/abatage/delete/${a.id}`));
    expect((await get(`/api/bande/${b}`, acc.token)).body.nb_abattu).toBe(0);
    const a2 = (await ok(s.post('/api/bande/abatage', { quantite: 10, id_bande: b }))).abatage;
    await ok(s.post('/api/bande/cloturer', { id_bande: b }));
    const before = await tenantSnapshot(acc.tenantId);
    const r = await s.get(`/api/bande/abatage/delete/${a2.id}`);
    expect([r.status, r.body.message]).toEqual([400, ABATTAGE_MSG.annulationBandeClose]);
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
  });

  it("needs the products' right to name a product or to move the stock of a record that names one (403, nothing written)", async () => {
    const { acc, s, b, petit } = await ferme();
    const staff = as(acc, (await rightlessUser(acc, 62, { abatav: 'r' })).token);
    const before = await tenantSnapshot(acc.tenantId);
    const r = await staff.post('/api/bande/abatage', { quantite: 10, id_bande: b, category: [cat(10, 1, 2, petit.id)] });
    expect([r.status, r.body.message]).toEqual([403, ABATTAGE_MSG.droitProduits]);
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
    const a = (await ok(s.post('/api/bande/abatage', { quantite: 10, id_bande: b, category: [cat(10, 1, 2, petit.id)] }))).abatage;
    const mid = await tenantSnapshot(acc.tenantId);
    // Dropping the product would take the stock back: the products' right again.
    const edit = await staff.post('/api/bande/abatage', { id: a.id, quantite: 10, id_bande: b, category: [cat(10, 1, 2, null, a.categories[0].id)] });
    expect(edit.status).toBe(403);
    expect((await staff.get(`/api/bande/abatage/delete/${a.id}`)).status).toBe(403);
    expect(await tenantSnapshot(acc.tenantId)).toBe(mid);
    // With both rights it passes.
    const both = as(acc, (await rightlessUser(acc, 63, { abatav: 'r', prav: 'r' })).token);
    await ok(both.get(`/api/bande/abatage/delete/${a.id}`));
    expect(await stockOf(s, petit.id)).toBe(0);
  });

  it("another business's product is not found (404); an archived or egg product is refused (400); nothing written", async () => {
    const { acc, s, b, petit } = await ferme();
    const other = as(await newBusiness());
    // Product ids count per business: theirs is their 5th, an id none of ours has.
    for (let i = 1; i < 5; i++) await produit(other, `Produit voisin ${i}`);
    const theirs = await produit(other, 'Poulet voisin');
    expect(theirs.id).toBe(5);
    const oeufs = await produit(s, "Plateau d'œufs", { oeufs_par_unite: 30 });
    const archived = await produit(s, 'Ancien poulet');
    await ok(s.post('/api/produit/archiver', { id: archived.id, archive: true }));
    const before = await tenantSnapshot(acc.tenantId);
    const theirsBefore = await tenantSnapshot(other.acc.tenantId);
    const tries: [number, number, string][] = [
      [theirs.id, 404, ABATTAGE_MSG.produitNotFound],
      [987654, 404, ABATTAGE_MSG.produitNotFound],
      [archived.id, 400, ABATTAGE_MSG.produitArchive('Ancien poulet')],
      [oeufs.id, 400, ABATTAGE_MSG.produitOeufs("Plateau d'œufs")],
    ];
    for (const [id, status, message] of tries) {
      const r = await s.post('/api/bande/abatage', { quantite: 10, id_bande: b, category: [cat(5, 1, 2, petit.id), cat(5, 2, 3, id)] });
      expect([r.status, r.body.message], String(id)).toEqual([status, message]);
    }
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
    expect(await tenantSnapshot(other.acc.tenantId)).toBe(theirsBefore);
    // Another business cannot cancel ours.
    const a = (await ok(s.post('/api/bande/abatage', { quantite: 10, id_bande: b, category: [cat(10, 1, 2, petit.id)] }))).abatage;
    expect((await other.get(`/api/bande/abatage/delete/${a.id}`)).status).toBe(404);
    expect(await stockOf(s, petit.id)).toBe(10);
  });

  it('the restock list cannot cancel a line of origin Production (400, nothing written); a typed one still cancels', async () => {
    const { acc, s, b, petit } = await ferme();
    const a = (await ok(s.post('/api/bande/abatage', { quantite: 10, id_bande: b, category: [cat(10, 1, 2, petit.id)] }))).abatage;
    const before = await tenantSnapshot(acc.tenantId);
    const r = await s.get(`/api/produit/reappro/cancele/${a.categories[0].id_reappro}`);
    expect([r.status, r.body.message]).toEqual([400, SHOP_MSG.reapproProduction('abattage')]);
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
    const typed = await ok(s.post('/api/produit/reappro/new', { id_produit: petit.id, quantite: 4 }));
    await ok(s.get(`/api/produit/reappro/cancele/${typed.reappro.id}`));
    expect(await stockOf(s, petit.id)).toBe(10);
    // Once its slaughter is cancelled, the line is cancelled with it: asked again, that is what the
    // list says, not to go and cancel a slaughter already cancelled.
    await ok(s.get(`/api/bande/abatage/delete/${a.id}`));
    const cancelled = await tenantSnapshot(acc.tenantId);
    const again = await s.get(`/api/produit/reappro/cancele/${a.categories[0].id_reappro}`);
    expect([again.status, again.body.message]).toEqual([400, SHOP_MSG.reapproAlreadyCanceled]);
    expect(await tenantSnapshot(acc.tenantId)).toBe(cancelled);
  });

  it('sales and a cancel at the same time: the shop never sells birds the cancel took back', async () => {
    const { acc, s, b, petit } = await ferme();
    await boutique(s);
    const a = (await ok(s.post('/api/bande/abatage', { quantite: 30, id_bande: b, category: [cat(30, 1, 2, petit.id)] }))).abatage;
    const results = await Promise.all([s.get(`/api/bande/abatage/delete/${a.id}`), ...Array.from({ length: 8 }, () => vendre(s, petit.id, 3))]);
    expect(
      results.every((r) => [200, 400, 409].includes(r.status)),
      JSON.stringify(results.map((r) => [r.status, r.body?.message])),
    ).toBe(true);
    const cancelled = results[0].status === 200;
    const sold = results.slice(1).filter((r) => r.status === 200).length * 3;
    // Cancelled: nothing sold is missing from the stock, so every sale landed before none could.
    expect(await stockOf(s, petit.id)).toBe(cancelled ? 0 : 30 - sold);
    if (cancelled) expect(sold).toBe(0);
    else expect(results[0].status).toBe(409);
    expect((await get(`/api/bande/${b}`, acc.token)).body.nb_abattu).toBe(cancelled ? 0 : 30);
  });
});

describe('a restock line of eggs sent from a flock', () => {
  it("is refused by the restock list too (400, nothing written): its cancel is the move's", async () => {
    const acc = await newBusiness();
    const s = as(acc);
    const b = (await ok(s.post('/api/bande/create', { id_bande: -1, nom: 'Ponte A', type: 'pondeuse', nb_sujet: 100, date_demarage: pastDay('10-01') }))).id;
    await ok(s.post('/api/bande/collect', { id_bande: b, id: -1, collecte: 60, calibres: '{"s":0,"m":60,"l":0,"xl":0}', date_collecte: pastDay('11-01') }));
    const p = await produit(s, 'Plateau calibre M', { oeufs_par_unite: 30 });
    await ok(s.post('/api/bande/oeufs/transfert', { id_bande: b, id_produit: p.id, quantite: 2, unite: 'plateau', calibre: 'm', date: pastDay('11-02') }));
    expect(await stockOf(s, p.id)).toBe(2);
    const [line] = await lignes(s);
    expect(line).toMatchObject({
      id_produit: p.id,
      quantite: 2,
      etat: 'VALID',
      source: { type: 'oeufs', id_bande: b, bande_nom: 'Ponte A', date: pastDay('11-02') },
    });
    const before = await tenantSnapshot(acc.tenantId);
    const r = await s.get(`/api/produit/reappro/cancele/${line.id}`);
    expect([r.status, r.body.message]).toEqual([400, SHOP_MSG.reapproProduction('oeufs')]);
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
  });
});

describe('a slaughter into stock inside a meat withdrawal', () => {
  it('is refused (409, final) and moves no stock; the day after the window it passes', async () => {
    const day = (n: number) => addDays(todayFor(), n);
    const acc = await newBusiness();
    const s = as(acc);
    const b = (await ok(s.post('/api/bande/create', { id_bande: -1, nom: 'Lot traité', type: 'chair', nb_sujet: 100, date_demarage: day(-40) }))).id as number;
    const p = await produit(s, 'Poulet PAC');
    await ok(
      s.post('/api/sante/traitement', {
        id_bande: b,
        produit: 'Oxytétracycline 20 %',
        molecule: 'Oxytétracycline',
        motif: 'Maladie respiratoire',
        debut: day(-10),
        fin: day(-8),
        attente_viande_jours: 3,
        attente_oeufs_jours: 0,
      }),
    );
    const before = await tenantSnapshot(acc.tenantId);
    const r = await s.post('/api/bande/abatage', { quantite: 10, id_bande: b, date: day(-5), category: [cat(10, 1, 2, p.id)] });
    expect([r.status, r.body.message, r.body.definitif]).toEqual([409, SANTE_MSG.attenteViande(day(-5)), true]);
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
    await ok(s.post('/api/bande/abatage', { quantite: 10, id_bande: b, date: day(-4), category: [cat(10, 1, 2, p.id)] }));
    expect(await stockOf(s, p.id)).toBe(10);
  });
});

describe("a product's eggs per unit", () => {
  it('is saved on create and edit, kept when absent, cleared by null, and validated', async () => {
    const s = as(await newBusiness());
    const p = await produit(s, 'Plateau calibre M', { oeufs_par_unite: 30 });
    expect(p.oeufs_par_unite).toBe(30);
    const find = async () => (await ok<any[]>(s.get('/api/produit'))).find((x) => x.id === p.id);
    expect((await find()).oeufs_par_unite).toBe(30);
    const edit = { id: p.id, nom: 'Plateau calibre M', description: null, quantite: 0, prix_cession: 1500, prix_vente: 3000 };
    await ok(s.post('/api/produit', edit));
    expect((await find()).oeufs_par_unite).toBe(30);
    expect((await ok(s.post('/api/produit', { ...edit, oeufs_par_unite: 12 }))).oeufs_par_unite).toBe(12);
    await ok(s.post('/api/produit', { ...edit, oeufs_par_unite: null }));
    expect((await find()).oeufs_par_unite).toBeUndefined();
    for (const bad of [0, 361, 1.5, '30']) {
      const r = await s.post('/api/produit', { ...edit, oeufs_par_unite: bad });
      expect(r.status, String(bad)).toBe(400);
    }
    expect((await find()).oeufs_par_unite).toBeUndefined();
  });
});
