// The feed store under concurrent writes (decision 0232): every store write is checked
// on the ledger as read and written conditioned on its version, so writes sent at once are checked
// one after the other: no interleaving leaves any day below zero, and a consumption racing an edit
// of its batch's start never lands before the start.
import { describe, expect, it } from 'vitest';
import { get, newBusiness, post, type Account } from '../helpers/api';
import { addDays, todayFor } from '@shared/dates';
import { ALIMENT_MSG } from '@shared/messages/aliment';
import { BANDE_MSG } from '@shared/messages/bandes';
import { ok } from './shop-fixtures';

const day = (n: number) => addDays(todayFor(), n);

async function bande(a: Account, nom: string, date_demarage = day(-40)) {
  return ok(post('/api/bande/create', { nom, nb_sujet: 100, date_demarage, type: 'chair', id_bande: -1 }, a.token));
}
const achat = (a: Account, date: string, quantite: number, prix_total: number) =>
  post('/api/aliment/achat', { date, designation: 'Aliment', quantite, unite: 'kg', prix_total }, a.token);
const conso = (a: Account, id_bande: number, date: string, quantite: number) =>
  post('/api/aliment/consommation', { id_bande, date, quantite, unite: 'kg' }, a.token);

/** The store's days as the API shows them: none may end below zero. */
async function jours(a: Account): Promise<{ date: string; stock_kg: number; valeur: number }[]> {
  return (await ok(get('/api/aliment/stock', a.token))).jours;
}

describe('concurrent writes to the store', () => {
  it('12 consumptions of 100 kg sent at once on 550 kg: exactly 5 pass, the others are refused, the stock ends at 50', async () => {
    const a = await newBusiness();
    const b1 = await bande(a, 'Lot A');
    const b2 = await bande(a, 'Lot B');
    await ok(achat(a, day(-10), 550, 165_000));
    const sent = Array.from({ length: 12 }, (_, i) => conso(a, i % 2 ? b1.id : b2.id, day(-(i % 4)), 100));
    const answers = await Promise.all(sent);
    const passed = answers.filter((r) => r.status === 200);
    const refusedOnes = answers.filter((r) => r.status !== 200);
    expect(passed.length).toBe(5);
    for (const r of refusedOnes) {
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body.message).toMatch(/^Stock d'aliment insuffisant le /);
    }
    const js = await jours(a);
    expect(js.every((j) => j.stock_kg >= 0)).toBe(true);
    expect(js.at(-1)).toMatchObject({ stock_kg: 50, valeur: 15_000 });
    // Each batch carries what it ate, at 300 F/kg.
    const list = await ok(get('/api/bande', a.token));
    const eaten = list.reduce((s: number, b: any) => s + (b.aliment_kg ?? 0), 0);
    const cost = list.reduce((s: number, b: any) => s + (b.cout_aliment ?? 0), 0);
    expect([eaten, cost]).toEqual([500, 150_000]);
  });

  it('backdated consumptions and a purchase cancel sent at once never leave a day below zero', async () => {
    const a = await newBusiness();
    const b = await bande(a, 'Lot C');
    const p1 = await ok(achat(a, day(-10), 300, 90_000));
    await ok(achat(a, day(-6), 100, 40_000));
    await ok(conso(a, b.id, day(-2), 150));
    // Each alone would pass; together: the cancel leaves 100 kg from day −6, so at most what fits.
    const answers = await Promise.all([
      conso(a, b.id, day(-9), 200),
      conso(a, b.id, day(-7), 100),
      get(`/api/aliment/achat/delete/${p1.id}`, a.token),
      conso(a, b.id, day(-1), 50),
    ]);
    for (const r of answers) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    const js = await jours(a);
    expect(
      js.every((j) => j.stock_kg >= 0),
      JSON.stringify(js),
    ).toBe(true);
    // What passed is exactly what the ledger holds: 400 kg in (or 100 without the cancelled purchase), 150 + the passed ones out.
    const outKg = [200, 100, 0, 50].reduce((s, kg, i) => s + (i !== 2 && answers[i].status === 200 ? kg : 0), 150);
    const inKg = answers[2].status === 200 ? 100 : 400;
    expect(js.at(-1)!.stock_kg).toBe(inKg - outKg);
  });

  it('the same cancel sent 5 times at once: one passes, the others say it is already cancelled (never a false shortage)', async () => {
    const a = await newBusiness();
    const b = await bande(a, 'Lot D');
    const p1 = await ok(achat(a, day(-10), 2000, 600_000));
    await ok(achat(a, day(-9), 100, 30_000));
    const c = await ok(conso(a, b.id, day(-5), 50));
    for (const path of [`/api/aliment/achat/delete/${p1.id}`, `/api/aliment/consommation/delete/${c.id}`]) {
      const answers = await Promise.all(Array.from({ length: 5 }, () => get(path, a.token)));
      expect(answers.filter((r) => r.status === 200).length, JSON.stringify(answers.map((r) => r.body))).toBe(1);
      for (const r of answers.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(r.body.message).toBe(ALIMENT_MSG.dejaAnnule);
      }
    }
    expect((await jours(a)).at(-1)).toMatchObject({ stock_kg: 100, valeur: 30_000 });
  });

  it('a consumption racing an edit of its batch start never lands before the start', async () => {
    const a = await newBusiness();
    await ok(achat(a, day(-30), 5000, 1_500_000));
    for (let round = 0; round < 4; round++) {
      const b = await bande(a, `Lot ${round}`, day(-20));
      const [c, e] = await Promise.all([
        conso(a, b.id, day(-15), 10),
        post('/api/bande/create', { nom: `Lot ${round}`, nb_sujet: 100, date_demarage: day(-12), type: 'chair', id_bande: b.id }, a.token),
      ]);
      const d = await ok(get(`/api/bande/${b.id}`, a.token));
      if (c.status === 200) {
        // The consumption came first: the edit was checked against it.
        expect(e.status, JSON.stringify(e.body)).toBe(400);
        expect(e.body.message).toBe(BANDE_MSG.startAfterEntries(day(-15)));
        expect(d.date_demarage.slice(0, 10)).toBe(day(-20));
      } else {
        expect(e.status, JSON.stringify(e.body)).toBe(200);
        expect(c.status).toBe(400);
        expect(c.body.message).toBe(ALIMENT_MSG.avantDemarrage(day(-12)));
        expect(d.aliment).toBeUndefined();
      }
    }
  });
});
