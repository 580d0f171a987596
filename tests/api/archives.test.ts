// Archive and restore ("undo and tidy") through the real stack: a product, a client or a
// batch made by mistake leaves the default lists and pickers but stays in the history and every
// total; it is listed (flagged) with ?archives=1 and comes back on restore. Rights, another
// business's ids and refusals write nothing. (The route table's security and fuzz suites cover the
// three rows too: 401/403/400, never a 5xx.)
import { describe, expect, it } from 'vitest';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { FORBIDDEN, boutique, client, newShop, ok, produit, stateOf, userWith } from './shop-fixtures';

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const ids = (list: { id: number }[]) => list.map((x) => x.id);

describe('POST api/produit/archiver', () => {
  it('takes a product out of the list and keeps its sales in the history and totals; ?archives=1 lists it flagged; restore brings it back', async () => {
    const s = await newShop();
    await boutique(s);
    const keep = await produit(s, 5, 1000, 'Oeufs');
    const wrong = await produit(s, 10, 2000, 'Poulet mal saisi');
    await ok(s.post('/api/vente', { produits: [{ id_produit: wrong.id, quantite: 3 }], type: 'DIRECT' }));
    const before = await ok(s.post('/api/vente/boutique', { debut: today(), fin: today() }));

    const a = await ok(s.post('/api/produit/archiver', { id: wrong.id, archive: true }));
    expect(a).toMatchObject({ id: wrong.id, nom: 'Poulet mal saisi', quantite: 7, archive: true });
    expect(ids(await ok(s.get('/api/produit')))).toEqual([keep.id]);
    const all = await ok<any[]>(s.get('/api/produit?archives=1'));
    expect(all.map((p) => [p.id, p.archive ?? false])).toEqual([
      [keep.id, false],
      [wrong.id, true],
    ]);
    // The history and its total are unchanged.
    const after = await ok(s.post('/api/vente/boutique', { debut: today(), fin: today() }));
    expect(after.chiffre_affaire).toBe(6000);
    expect(after).toEqual(before);

    // Idempotent: archiving again changes nothing.
    const snap = await stateOf(s.acc.tenantId);
    expect(await ok(s.post('/api/produit/archiver', { id: wrong.id, archive: true }))).toEqual(a);
    expect(await stateOf(s.acc.tenantId)).toBe(snap);

    const r = await ok(s.post('/api/produit/archiver', { id: wrong.id, archive: false }));
    expect(r.archive).toBeUndefined();
    expect(ids(await ok(s.get('/api/produit')))).toEqual([keep.id, wrong.id]);
  });

  it('refuses another business’s product (404), a user without the product right (403) and a bad body (400), writing nothing', async () => {
    const s = await newShop();
    const other = await newShop();
    const p = await produit(s, 1, 500);
    const seller = await userWith(s.acc, { userId: 50, role: 'vendeur', droits: { ventav: 'r' } });
    const snap = await stateOf(s.acc.tenantId);
    const foreign = await other.post('/api/produit/archiver', { id: p.id, archive: true });
    expect(foreign.status).toBe(404);
    expect((await seller.post('/api/produit/archiver', { id: p.id, archive: true })).body).toEqual(FORBIDDEN);
    const bad = await s.post('/api/produit/archiver', { id: p.id, archive: 'oui' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Choisissez d'archiver ou de restaurer.");
    expect(await stateOf(s.acc.tenantId)).toBe(snap);
    // A seller's picker (GET api/produit with ventav) does not offer the archived product.
    await ok(s.post('/api/produit/archiver', { id: p.id, archive: true }));
    expect(await ok(seller.get('/api/produit'))).toEqual([]);
  });
});

describe('POST api/client/archiver', () => {
  it('refuses a client who still owes money; once paid up, archives: out of the list and the repayment search, history kept; restore', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 20, 1000);
    const c = await client(s, { prenom: 'Awa', nom: 'Diop' });
    await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 2 }], type: 'EMPRUNT', id_client: c.id }));
    const snap = await stateOf(s.acc.tenantId);
    const owes = await s.post('/api/client/archiver', { id: c.id, archive: true });
    expect(owes.status).toBe(400);
    expect(owes.body.message).toBe(ARCHIVE_MSG.clientCreance(2000));
    expect(await stateOf(s.acc.tenantId)).toBe(snap);

    await ok(s.post('/api/versement', { id_client: c.id, montant: 2000 }));
    const a = await ok(s.post('/api/client/archiver', { id: c.id, archive: true }));
    expect(a).toMatchObject({ id: c.id, creance: 0, archive: true });
    expect(await ok(s.get('/api/clients'))).toEqual([]);
    expect(await ok(s.post('/api/versement/searchClient', { username: 'Awa' }))).toEqual([]);
    expect((await ok<any[]>(s.get('/api/clients?archives=1'))).map((x) => x.id)).toEqual([c.id]);
    // The repayment and the sale stay in the history.
    expect((await ok<any[]>(s.get('/api/versement'))).map((v) => v.montant)).toEqual([2000]);
    const h = await ok(s.post('/api/vente/boutique', { debut: today(), fin: today() }));
    expect(h.chiffre_affaire).toBe(2000);

    // Nothing adds a debt to an archived client; a new client with their phone is told to restore.
    const snap2 = await stateOf(s.acc.tenantId);
    const credit = await s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }], type: 'EMPRUNT', id_client: c.id });
    expect(credit.status).toBe(400);
    expect(credit.body.message).toBe(ARCHIVE_MSG.clientArchive);
    expect(await stateOf(s.acc.tenantId)).toBe(snap2);

    const r = await ok(s.post('/api/client/archiver', { id: c.id, archive: false }));
    expect(r.archive).toBeUndefined();
    expect((await ok<any[]>(s.get('/api/clients'))).map((x) => x.id)).toEqual([c.id]);
  });

  it('names the archived holder of a phone number on a duplicate, and refuses another business (404) and a user without clav (403)', async () => {
    const s = await newShop();
    const c = await client(s, { telephone: '771234567' });
    await ok(s.post('/api/client/archiver', { id: c.id, archive: true }));
    const dup = await s.post('/api/addOrUpdateClient', { id: 0, prenom: 'Ndeye', nom: 'Fall', telephone: '771234567' });
    expect(dup.status).toBe(402);
    expect(dup.body.message).toBe(ARCHIVE_MSG.clientTelArchive);
    const other = await newShop();
    expect((await other.post('/api/client/archiver', { id: c.id, archive: false })).status).toBe(404);
    const seller = await userWith(s.acc, { userId: 51, role: 'vendeur', droits: { ventav: 'r' } });
    expect((await seller.post('/api/client/archiver', { id: c.id, archive: false })).body).toEqual(FORBIDDEN);
    expect((await ok<any[]>(s.get('/api/clients?archives=1')))[0].archive).toBe(true);
  });
});

describe('POST api/bande/archiver', () => {
  it('takes an archived batch out of the list and the batches’ dashboard; it takes no entry until restored', async () => {
    const s = await newShop();
    const b = await ok(s.post('/api/bande/create', { id_bande: -1, nom: 'Erreur', nb_sujet: 100, date_demarage: daysAgo(10), type: 'chair' }));
    const other = await ok(s.post('/api/bande/create', { id_bande: -1, nom: 'Vraie', nb_sujet: 50, date_demarage: daysAgo(10), type: 'chair' }));
    await ok(s.post('/api/bande/perte', { nombre: 4, id_bande: b.id }));
    const dashBefore = await ok<any[]>(s.get('/api/bande/dashboard//'));

    const a = await ok(s.post('/api/bande/archiver', { id: b.id, archive: true }));
    expect(a).toMatchObject({ id: b.id, statut: 'ACTIVE', archive: true, nb_perte: 4 });
    expect(ids(await ok(s.get('/api/bande')))).toEqual([other.id]);
    expect(ids(await ok(s.get('/api/bande/')))).toEqual([other.id]);
    const flagged = (await ok<any[]>(s.get('/api/bande?archives=1'))).map((x) => [x.id, x.archive ?? false]);
    expect(flagged.sort((x, y) => x[0] - y[0])).toEqual([
      [b.id, true],
      [other.id, false],
    ]);
    // The batches' dashboard leaves it out (decision 0215: an archived batch never counts in the
    // batches, birds, mortality or cost per bird); the other batch's row is unchanged.
    const dash = await ok<any[]>(s.get('/api/bande/dashboard//'));
    expect(dash).toEqual(dashBefore.filter((x) => x.id !== b.id));
    // Its page still opens (from a dashboard row or a sale's history).
    expect((await s.get(`/api/bande/${b.id}`)).status).toBe(200);

    // No entry while archived, nothing written.
    const snap = await stateOf(s.acc.tenantId);
    const perte = await s.post('/api/bande/perte', { nombre: 1, id_bande: b.id });
    expect(perte.status).toBe(400);
    expect(perte.body.message).toBe(ARCHIVE_MSG.bandeArchivee);
    expect(await stateOf(s.acc.tenantId)).toBe(snap);

    await ok(s.post('/api/bande/archiver', { id: b.id, archive: false }));
    expect(ids(await ok(s.get('/api/bande'))).sort()).toEqual([b.id, other.id].sort());
    expect((await s.post('/api/bande/perte', { nombre: 1, id_bande: b.id })).status).toBe(200);
  });

  it('refuses another business (404) and a user without bandav (403), writing nothing', async () => {
    const s = await newShop();
    const b = await ok(s.post('/api/bande/create', { id_bande: -1, nom: 'B', nb_sujet: 10, date_demarage: daysAgo(2), type: 'chair' }));
    const seller = await userWith(s.acc, { userId: 52, role: 'vendeur', droits: { ventav: 'r' } });
    const snap = await stateOf(s.acc.tenantId);
    const other = await newShop();
    expect((await other.post('/api/bande/archiver', { id: b.id, archive: true })).status).toBe(404);
    expect((await seller.post('/api/bande/archiver', { id: b.id, archive: true })).body).toEqual(FORBIDDEN);
    expect(await stateOf(s.acc.tenantId)).toBe(snap);
  });
});
