// Breed standards: the published curves, a business's own targets replacing them (for
// that business only), the batch's breed (default by type, refused across types) and the feed
// expense's unit the conversion ratio needs.
import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, newBusiness, type Account } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';
import { RACES } from '@shared/breeds';

let A: Account;
let B: Account;
beforeAll(async () => {
  [A, B] = await Promise.all([newBusiness(), newBusiness()]);
});

describe('GET api/races, POST api/race', () => {
  it('lists the published breeds: Cobb 500 with its 2022 figures', async () => {
    const r = await get('/api/races', A.token, { droit: 'bandav:r' });
    expect(r.status).toBe(200);
    expect(r.body.map((x: any) => x.code)).toEqual(RACES.map((x) => x.code));
    const cobb = r.body.find((x: any) => x.code === 'cobb500');
    expect(cobb.poids.find((p: any) => p.jour === 42).g).toBe(3278);
    expect(cobb.personnalise).toBeUndefined();
  });

  it('keeps a business’s own targets, sorted by age, for that business only', async () => {
    const saved = await post(
      '/api/race',
      {
        code: 'lohmann-brown',
        poids: [],
        ic: [],
        ponte: [
          { semaine: 30, pct: 92 },
          { semaine: 22, pct: 50 },
          { semaine: 30, pct: 93 },
        ],
      },
      A.token,
      { droit: 'bandav:r' },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.ponte).toEqual([
      { semaine: 22, pct: 50 },
      { semaine: 30, pct: 93 },
    ]);
    const mine = (await get('/api/races', A.token)).body.find((x: any) => x.code === 'lohmann-brown');
    expect(mine).toMatchObject({
      personnalise: true,
      ponte: [
        { semaine: 22, pct: 50 },
        { semaine: 30, pct: 93 },
      ],
    });
    const theirs = (await get('/api/races', B.token)).body.find((x: any) => x.code === 'lohmann-brown');
    expect(theirs.personnalise).toBeUndefined();
    expect(theirs.ponte).toEqual([]);
  });

  it('refuses an unknown breed or an impossible point with a French 400', async () => {
    for (const body of [
      { code: 'x', poids: [], ic: [], ponte: [] },
      { code: 'cobb500', poids: [{ jour: 7, g: -1 }], ic: [], ponte: [] },
      { code: 'lohmann-brown', poids: [], ic: [], ponte: [{ semaine: 30, pct: 120 }] },
    ]) {
      const r = await post('/api/race', body, A.token);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toMatch(/Souche|poids|ponte/i);
    }
  });
});

describe('the batch’s breed and the feed unit', () => {
  it('defaults by type, keeps a chosen one and the age when placed, refuses one of the other type', async () => {
    const chair = await post('/api/bande/create', { nom: 'C', nb_sujet: 10, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1 }, A.token);
    expect(chair.body).toMatchObject({ race: 'cobb500', age_demarrage: 0 });
    const layer = await post(
      '/api/bande/create',
      { nom: 'P', nb_sujet: 10, date_demarage: pastDay('03-01'), type: 'pondeuse', id_bande: -1, age_demarrage: 119 },
      A.token,
    );
    expect(layer.body).toMatchObject({ race: 'lohmann-brown', age_demarrage: 119 });
    const edited = await post(
      '/api/bande/create',
      { nom: 'C', nb_sujet: 10, date_demarage: pastDay('03-01'), type: 'chair', id_bande: chair.body.id, race: 'ross308' },
      A.token,
    );
    expect(edited.status).toBe(200);
    expect((await get(`/api/bande/${chair.body.id}`, A.token)).body).toMatchObject({ race: 'ross308' });
    const wrong = await post(
      '/api/bande/create',
      { nom: 'X', nb_sujet: 10, date_demarage: pastDay('03-01'), type: 'pondeuse', id_bande: -1, race: 'cobb500' },
      A.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message ?? JSON.stringify(wrong.body)).toMatch(/souche/i);
  });

  it('records the unit of a feed expense', async () => {
    const b = await post('/api/bande/create', { nom: 'F', nb_sujet: 10, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1 }, A.token);
    const d = await post(
      '/api/bande/depense',
      { depense: { id_type_depense: 1, designation: 'Aliment démarrage', prix_unitaire: 15000, quantite: 2, unite: 'sac50' }, id_bande: b.body.id },
      A.token,
    );
    expect(d.status).toBe(200);
    expect((await get(`/api/bande/${b.body.id}`, A.token)).body.depenses[0]).toMatchObject({ unite: 'sac50', quantite: 2 });
    expect(
      (
        await post(
          '/api/bande/depense',
          { depense: { id_type_depense: 1, designation: 'x', prix_unitaire: 1, quantite: 1, unite: 'litre' }, id_bande: b.body.id },
          A.token,
        )
      ).status,
    ).toBe(400);
  });
});
