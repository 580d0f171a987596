// Clients through the real stack: create and update (creance never from the form, +221 fixed,
// generated account number), duplicate phone (402), list, rights and tenant isolation.
import { describe, expect, it } from 'vitest';
import { FORBIDDEN, client, newShop, ok, stateOf, userWith } from './shop-fixtures';

describe('POST api/addOrUpdateClient', () => {
  it('creates a client with a generated account number, +221 and a zero creance whatever is sent', async () => {
    const s = await newShop();
    const c = await ok(
      s.post('/api/addOrUpdateClient', {
        id: 0,
        prenom: ' Awa ',
        nom: 'Ndiaye',
        telephone: '77 123 45 67',
        email: 'AWA@x.sn',
        indicatif: '+33',
        creance: 50000,
      }),
    );
    expect(c).toMatchObject({ prenom: 'Awa', nom: 'Ndiaye', telephone: '+221771234567', email: 'awa@x.sn', indicatif: '+221', creance: 0 });
    expect(c.numero_compte).toMatch(/^CLI-\d{6}$/);
    const second = await client(s, { prenom: 'Binta' });
    expect(second.numero_compte).not.toBe(c.numero_compte);
    expect(second).toMatchObject({ telephone: null, email: null });
  });

  it('updates names, phone and e-mail but never the creance', async () => {
    const s = await newShop();
    const c = await client(s, { telephone: '770000001' });
    const u = await ok(s.post('/api/addOrUpdateClient', { id: c.id, prenom: 'Fatou', nom: 'Diallo', telephone: '770000002', creance: 999, indicatif: '+1' }));
    expect(u).toMatchObject({ id: c.id, nom: 'Diallo', telephone: '+221770000002', creance: 0, indicatif: '+221', numero_compte: c.numero_compte });
    const list = await ok<any[]>(s.get('/api/clients'));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: c.id, nom: 'Diallo', creance: 0 });
    // The old number is free again; the new one is taken.
    expect((await s.post('/api/addOrUpdateClient', { id: 0, prenom: 'X', nom: 'Y', telephone: '770000001' })).status).toBe(200);
    expect((await s.post('/api/addOrUpdateClient', { id: 0, prenom: 'X', nom: 'Y', telephone: '770000002' })).status).toBe(402);
  });

  it('answers 402 for a phone already registered in the business, and writes nothing', async () => {
    const s = await newShop();
    await client(s, { telephone: '771112222' });
    const other = await client(s, { telephone: '771113333' });
    const before = await stateOf(s.acc.tenantId);
    const dup = await s.post('/api/addOrUpdateClient', { id: 0, prenom: 'B', nom: 'C', telephone: '77 111 22 22' });
    expect(dup.status).toBe(402);
    expect(dup.body).toEqual({ code: 402, message: 'Le client est déjà enregistré.' });
    // the same number written with its code (one number, one form)
    expect((await s.post('/api/addOrUpdateClient', { id: 0, prenom: 'B', nom: 'C', telephone: '+221 77 111 22 22' })).status).toBe(402);
    const dupUpdate = await s.post('/api/addOrUpdateClient', { id: other.id, prenom: 'B', nom: 'C', telephone: '771112222' });
    expect(dupUpdate.status).toBe(402);
    expect(await stateOf(s.acc.tenantId)).toBe(before);
    // The same phone in another business is fine.
    const s2 = await newShop();
    expect((await s2.post('/api/addOrUpdateClient', { id: 0, prenom: 'B', nom: 'C', telephone: '771112222' })).status).toBe(200);
  });

  it('lets exactly one of simultaneous creations with the same phone through', async () => {
    const s = await newShop();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => s.post('/api/addOrUpdateClient', { id: 0, prenom: 'A', nom: 'B', telephone: '780000000' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 402, 402, 402, 402]);
    expect(await ok<any[]>(s.get('/api/clients'))).toHaveLength(1);
  });

  it('refuses a missing first name or a bad e-mail in French, and writes nothing', async () => {
    const s = await newShop();
    const before = await stateOf(s.acc.tenantId);
    const r = await s.post('/api/addOrUpdateClient', { id: 0, prenom: '', nom: 'Sow' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('Prénom requis');
    const r2 = await s.post('/api/addOrUpdateClient', { id: 0, prenom: 'A', nom: 'Sow', email: 'pas-un-email' });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toContain('Adresse email invalide');
    const r3 = await s.post('/api/addOrUpdateClient', { id: 0, prenom: 'A', nom: 'Sow', telephone: '77-12' });
    expect(r3.status).toBe(400);
    expect(r3.body.message).toBe('Numéro de téléphone invalide pour le Sénégal : 9 chiffres, par ex. 77 123 45 67.');
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  it("answers 404 for another business's client and changes nothing there", async () => {
    const a = await newShop();
    const b = await newShop();
    const theirs = await client(b);
    const r = await a.post('/api/addOrUpdateClient', { id: theirs.id, prenom: 'Pirate', nom: 'X' });
    expect(r.status).toBe(404);
    expect((await ok<any[]>(b.get('/api/clients')))[0].prenom).toBe('Fatou');
    expect(await ok<any[]>(a.get('/api/clients'))).toEqual([]);
  });

  it('answers 403 without the clav right, and serves a user who holds it', async () => {
    const s = await newShop();
    await client(s);
    // remav alone reads no client list (the sale and order screens' rights do: tests/api/rights.test.ts).
    const seller = await userWith(s.acc, { userId: 50, role: 'vendeur', droits: { remav: 'r' } });
    expect((await seller.get('/api/clients')).body).toEqual(FORBIDDEN);
    expect((await seller.post('/api/addOrUpdateClient', { id: 0, prenom: 'A', nom: 'B' })).status).toBe(403);
    const clerk = await userWith(s.acc, { userId: 51, role: 'vendeur', droits: { clav: 'r' } });
    expect(await ok<any[]>(clerk.get('/api/clients'))).toHaveLength(1);
  });
});
