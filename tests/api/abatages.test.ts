// Slaughter records through the real stack (spec part 2 §5, §7, §8): creation and edit with weight
// categories, the spec's rules, the batch's live count (placed − losses − slaughtered − sold) that
// a slaughter can never exceed, even under concurrency, rights and tenant isolation.
import { describe, expect, it } from 'vitest';
import { get, newBusiness, post, rightlessUser, tenantSnapshot, type Account } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';

async function bande(acc: Account, nb_sujet = 100) {
  const r = await post('/api/bande/create', { id_bande: -1, nom: `Lot ${nb_sujet}`, type: 'chair', nb_sujet, date_demarage: pastDay('10-01') }, acc.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.id ?? r.body.bande?.id) as number;
}

const cat = (quantite: number, poids_min: number, poids_max: number, id?: number) => ({ quantite, poids_min, poids_max, ...(id ? { id } : {}) });

describe('POST api/bande/abatage', () => {
  it('records a slaughter with categories; the birds leave the batch; list and detail show it', async () => {
    const acc = await newBusiness();
    const b = await bande(acc);
    expect((await post('/api/bande/perte', { nombre: 10, id_bande: b }, acc.token)).status).toBe(200);
    const r = await post(
      '/api/bande/abatage',
      { id: -1, quantite: 50, id_bande: b, date: pastDay('11-20'), category: [cat(30, 1.2, 1.5), cat(20, 1.5, 2)], deleted_categories_id: [] },
      acc.token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('Abattage enregistré');
    expect(r.body.abatage).toMatchObject({ quantite: 50, id_bande: b, date: pastDay('11-20'), bande: { id: b } });
    expect(r.body.abatage.categories).toHaveLength(2);
    const list = await get('/api/bande/abatage/list', acc.token);
    expect(list.status).toBe(200);
    expect(list.body.map((a: any) => a.id)).toEqual([r.body.abatage.id]);
    const one = await get(`/api/bande/abatage/list/${r.body.abatage.id}`, acc.token);
    expect(one.body).toEqual(r.body.abatage);
    expect((await get(`/api/bande/${b}`, acc.token)).body.nb_abattu).toBe(50);
    // 40 birds remain alive: 41 is refused, 40 passes, then none is left.
    const over = await post('/api/bande/abatage', { quantite: 41, id_bande: b }, acc.token);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Il ne reste que 40 sujets vivants dans cette bande.');
    expect((await post('/api/bande/abatage', { quantite: 40, id_bande: b }, acc.token)).status).toBe(200);
    expect((await post('/api/bande/abatage', { quantite: 1, id_bande: b }, acc.token)).status).toBe(400);
  });

  it("refuses what §5 refuses, with the spec's messages, and writes nothing", async () => {
    const acc = await newBusiness();
    const b = await bande(acc);
    const before = await tenantSnapshot(acc.tenantId);
    const cases: [unknown, string | null][] = [
      [{ quantite: 0, id_bande: b }, null],
      [{ quantite: 5 }, 'Veuillez choisir la bande.'],
      [{ quantite: 5, id_bande: b, category: [cat(0, 1, 2)] }, null],
      [{ quantite: 5, id_bande: b, category: [cat(5, 0.05, 2)] }, null],
      [{ quantite: 5, id_bande: b, category: [cat(5, 2, 1)] }, 'Le poids minimum doit être inférieur ou égal au poids maximum.'],
      [{ quantite: 4, id_bande: b, category: [cat(2, 1, 2), cat(2, 1, 2)] }, 'Cette catégorie existe déjà'],
      [
        { quantite: 5, id_bande: b, category: [cat(2, 1, 2), cat(2, 2, 3)] },
        'La somme des quantités des catégories doit être égale au nombre total de sujets abattus.',
      ],
      [{ quantite: 5, id_bande: 9999 }, null],
      [{ id: 4242, quantite: 5, id_bande: b }, null],
    ];
    for (const [body, message] of cases) {
      const r = await post('/api/bande/abatage', body, acc.token);
      expect([400, 404], JSON.stringify(body)).toContain(r.status);
      if (message) expect(r.body.message, JSON.stringify(body)).toContain(message);
    }
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
  });

  it('edits a slaughter: quantity difference to the batch, categories kept, deleted and added', async () => {
    const acc = await newBusiness();
    const b = await bande(acc);
    const a = (await post('/api/bande/abatage', { quantite: 50, id_bande: b, category: [cat(30, 1, 1.5), cat(20, 1.5, 2)] }, acc.token)).body.abatage;
    const [c1, c2] = a.categories;
    const r = await post(
      '/api/bande/abatage',
      { id: a.id, quantite: 45, id_bande: b, category: [cat(30, 1, 1.5, c1.id), cat(15, 2, 2.5)], deleted_categories_id: [c2.id] },
      acc.token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.abatage.categories.map((c: any) => [c.quantite, c.poids_min])).toEqual([
      [30, 1],
      [15, 2],
    ]);
    expect(r.body.abatage.categories[0].id).toBe(c1.id);
    expect((await get(`/api/bande/${b}`, acc.token)).body.nb_abattu).toBe(45);
    // Moved to another batch: the birds go back to the first.
    const b2 = await bande(acc, 60);
    expect((await post('/api/bande/abatage', { id: a.id, quantite: 45, id_bande: b2 }, acc.token)).status).toBe(200);
    expect((await get(`/api/bande/${b}`, acc.token)).body.nb_abattu).toBe(0);
    expect((await get(`/api/bande/${b2}`, acc.token)).body.nb_abattu).toBe(45);
    // A category of another record cannot be named.
    const foreign = await post('/api/bande/abatage', { id: a.id, quantite: 45, id_bande: b2, deleted_categories_id: [99999] }, acc.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Catégorie introuvable.');
  });

  it('never takes more birds than are alive under 10 parallel slaughters', async () => {
    const acc = await newBusiness();
    const b = await bande(acc, 100);
    const results = await Promise.all(Array.from({ length: 10 }, () => post('/api/bande/abatage', { quantite: 15, id_bande: b }, acc.token)));
    const okCount = results.filter((r) => r.status === 200).length;
    expect(okCount).toBeLessThanOrEqual(6);
    expect(results.every((r) => [200, 400, 409].includes(r.status))).toBe(true);
    const nb = (await get(`/api/bande/${b}`, acc.token)).body.nb_abattu;
    expect(nb).toBe(okCount * 15);
    expect(nb).toBeLessThanOrEqual(100);
  });

  it('a staff member holding only Abattage picks a batch and records; another business sees nothing (404)', async () => {
    const acc = await newBusiness();
    const b = await bande(acc);
    const staff = await rightlessUser(acc, 60, { abatav: 'r' });
    expect((await get('/api/bande', staff.token)).status).toBe(200);
    expect((await get(`/api/bande/${b}`, staff.token)).status).toBe(403);
    const a = await post('/api/bande/abatage', { quantite: 5, id_bande: b }, staff.token);
    expect(a.status).toBe(200);
    const other = await newBusiness();
    expect((await get(`/api/bande/abatage/list/${a.body.abatage.id}`, other.token)).status).toBe(404);
    expect((await get('/api/bande/abatage/list', other.token)).body).toEqual([]);
    const before = await tenantSnapshot(acc.tenantId);
    expect((await post('/api/bande/abatage', { quantite: 5, id_bande: b }, other.token)).status).toBe(404);
    expect((await post('/api/bande/abatage', { id: a.body.abatage.id, quantite: 1, id_bande: b }, other.token)).status).toBe(404);
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
  });
});
