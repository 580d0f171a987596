// Repayments through the real stack: amount > 0 and ≤ creance (atomically, also under parallel
// repayments), cancellation restoring the creance once, the client search, rights and isolation.
import { describe, expect, it } from 'vitest';
import { FORBIDDEN, boutique, client, creanceOf, newShop, ok, produit, stateOf, userWith, type Shop } from './shop-fixtures';

/** A client owing `amount` FCFA through an EMPRUNT sale. */
async function debtor(s: Shop, amount: number, fields: Record<string, unknown> = {}) {
  const c = await client(s, fields);
  const p = await produit(s, 1, amount, `Article ${c.id}`);
  await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }], type: 'EMPRUNT', id_client: c.id }));
  return c;
}

describe('POST api/versement', () => {
  it('lowers the creance and answers the repayment with the client', async () => {
    const s = await newShop();
    await boutique(s);
    const c = await debtor(s, 10000);
    const r = await ok(s.post('/api/versement', { id_client: c.id, montant: 4000 }));
    expect(r.versement).toMatchObject({
      id_client: c.id,
      montant: 4000,
      etat: 'VALID',
      client: { prenom: 'Fatou', nom: 'Sow', numero_compte: c.numero_compte },
    });
    expect(r.client.creance).toBe(6000);
    expect(await creanceOf(s, c.id)).toBe(6000);
    await ok(s.post('/api/versement', { id_client: c.id, montant: 6000 }));
    expect(await creanceOf(s, c.id)).toBe(0);
    const list = await ok<any[]>(s.get('/api/versement'));
    expect(list.map((v) => v.montant)).toEqual([6000, 4000]);
    expect(list[0].client).toMatchObject({ prenom: 'Fatou' });
  });

  it("refuses more than the creance with 'Montant supérieur à la créance', and 0 or a fraction, writing nothing", async () => {
    const s = await newShop();
    await boutique(s);
    const c = await debtor(s, 5000);
    const before = await stateOf(s.acc.tenantId);
    const r = await s.post('/api/versement', { id_client: c.id, montant: 5001 });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, message: 'Montant supérieur à la créance' });
    for (const montant of [0, -100, 10.5]) expect((await s.post('/api/versement', { id_client: c.id, montant })).status).toBe(400);
    const noClient = await s.post('/api/versement', { montant: 100 });
    expect(noClient.status).toBe(400);
    expect(noClient.body.message).toContain('Veuillez choisir le client.');
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  it('never drives the creance below 0 under parallel repayments that exceed it', async () => {
    const s = await newShop();
    await boutique(s);
    const c = await debtor(s, 10000);
    const results = await Promise.all(Array.from({ length: 12 }, () => s.post('/api/versement', { id_client: c.id, montant: 3000 })));
    const okCount = results.filter((r) => r.status === 200).length;
    expect(okCount).toBe(3);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.message === 'Montant supérieur à la créance')).toBe(true);
    expect(await creanceOf(s, c.id)).toBe(1000);
    expect((await ok<any[]>(s.get('/api/versement'))).filter((v) => v.etat === 'VALID')).toHaveLength(3);
  });

  it("answers 404 for another business's client", async () => {
    const a = await newShop();
    const b = await newShop();
    await boutique(b);
    await client(b, { prenom: 'Premier' });
    const theirs = await debtor(b, 2000); // id 2; a has no client
    const r = await a.post('/api/versement', { id_client: theirs.id, montant: 100 });
    expect(r.status).toBe(404);
    expect(await creanceOf(b, theirs.id)).toBe(2000);
  });
});

describe('GET api/versement/annuler/{id}', () => {
  it('restores the creance once and marks the repayment CANCELED', async () => {
    const s = await newShop();
    await boutique(s);
    const c = await debtor(s, 8000);
    const v = await ok(s.post('/api/versement', { id_client: c.id, montant: 5000 }));
    const results = await Promise.all(Array.from({ length: 5 }, () => s.get(`/api/versement/annuler/${v.versement.id}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const done = results.find((r) => r.status === 200)!.body;
    expect(done.versement.etat).toBe('CANCELED');
    expect(done.client.creance).toBe(8000);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body).toEqual({ code: 400, message: 'Ce versement est déjà annulé.' });
    expect(await creanceOf(s, c.id)).toBe(8000);
    expect((await ok<any[]>(s.get('/api/versement')))[0].etat).toBe('CANCELED');
  });

  it("answers 404 for an unknown id or another business's repayment", async () => {
    const a = await newShop();
    const b = await newShop();
    await boutique(b);
    const c = await debtor(b, 3000);
    const v = await ok(b.post('/api/versement', { id_client: c.id, montant: 1000 }));
    expect((await a.get(`/api/versement/annuler/${v.versement.id}`)).status).toBe(404);
    expect((await b.get('/api/versement/annuler/999')).status).toBe(404);
    expect((await b.get('/api/versement/annuler/abc')).status).toBe(400);
    expect(await creanceOf(b, c.id)).toBe(2000);
  });
});

describe('POST api/versement/searchClient', () => {
  it('matches first name, last name or phone ignoring case and spaces, within the business only', async () => {
    const s = await newShop();
    await client(s, { prenom: 'Mame Diarra', nom: 'Bousso', telephone: '771234567' });
    await client(s, { prenom: 'Ibrahima', nom: 'Ndiaye', telephone: '781112233' });
    const other = await newShop();
    await client(other, { prenom: 'Mame', nom: 'Autre' });
    const names = async (q: string) => (await ok<any[]>(s.post('/api/versement/searchClient', { username: q }))).map((c) => c.prenom);
    expect(await names('mamediarra')).toEqual(['Mame Diarra']);
    expect(await names('  NDIAYE ')).toEqual(['Ibrahima']);
    expect(await names('77 123')).toEqual(['Mame Diarra']);
    // as a number: with its code, 00, dots
    expect(await names('+221 77 123 45 67')).toEqual(['Mame Diarra']);
    expect(await names('00221 78.111.22.33')).toEqual(['Ibrahima']);
    expect(await names('zzz')).toEqual([]);
    const empty = await s.post('/api/versement/searchClient', { username: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('La recherche requis');
  });

  it('answers 403 on every repayment row without the remav right', async () => {
    const s = await newShop();
    await boutique(s);
    const c = await debtor(s, 1000);
    const u = await userWith(s.acc, { userId: 90, role: 'vendeur', droits: { clav: 'r', ventav: 'r' } });
    expect((await u.post('/api/versement', { id_client: c.id, montant: 500 })).body).toEqual(FORBIDDEN);
    expect((await u.get('/api/versement')).status).toBe(403);
    expect((await u.post('/api/versement/searchClient', { username: 'fatou' })).status).toBe(403);
    expect((await u.get('/api/versement/annuler/1')).status).toBe(403);
    expect(await creanceOf(s, c.id)).toBe(1000);
  });
});
