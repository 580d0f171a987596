// Figures a farmer can trust, the batch side, through the real stack: entries carry the
// day they happened (`date`, `saisi_le`), within the batch's life and today; a batch starts within
// [today − 3 years, today] and its start cannot pass its first entry; physical limits (whole
// broilers, never more than are alive — also for a shop sale naming the batch —, eggs of a day
// within the hens alive that day, a weighing's sample within the birds alive, a hard maximum
// average weight, back-dated departures that would contradict a collection or a weighing); the
// same limits under concurrency, with retries instead of 409s; weighings and collections corrected
// and cancelled. Every refusal is checked to write nothing (the business's whole partition).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { call, get, newBusiness, post, rawDdb, tableName, type Account } from '../helpers/api';
import { addDays, formatJour, todayFor } from '@shared/dates';
import { as, boutique, produit, stateOf, stockOf } from './shop-fixtures';

const today = () => todayFor();
const day = (n: number) => addDays(today(), n);
/** A day far enough ahead that it is still in the future if the test runs across midnight. */
const future = () => day(2);

const FUTURE_MSG = 'La date ne peut pas être dans le futur.';
const beforeStartMsg = (start: string) => `La date ne peut pas précéder le démarrage de la bande (le ${formatJour(start)}).`;

let A: Account;
beforeAll(async () => {
  A = await newBusiness();
});

async function bande(a: Account, over: Record<string, unknown> = {}) {
  const r = await post('/api/bande/create', { nom: 'Bande', nb_sujet: 100, date_demarage: day(-60), type: 'chair', id_bande: -1, ...over }, a.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: number; date_demarage: string; nb_sujet: number };
}

const detail = async (a: Account, id: number) => {
  const r = await get(`/api/bande/${id}`, a.token);
  expect(r.status).toBe(200);
  return r.body;
};

const ok = async (p: Promise<{ status: number; body: any }>) => {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

/** Sends a request that must be refused with `status` and `message`, and checks that the business's items did not change. */
async function refusedWithNothingWritten(a: Account, send: () => Promise<{ status: number; body: any }>, message: string, status = 400) {
  const before = await stateOf(a.tenantId);
  const r = await send();
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.message).toBe(message);
  expect(await stateOf(a.tenantId)).toBe(before);
}

const perte = (a: Account, id_bande: number, nombre: number, date?: string) =>
  post('/api/bande/perte', { nombre, id_bande, ...(date ? { date } : {}) }, a.token);
const vente = (a: Account, id_bande: number, quantite: number, date?: string, over: Record<string, unknown> = {}) =>
  post('/api/bande/vente', { prix_unitaire: 2500, quantite, id_bande, id_vente: -1, ...(date ? { date } : {}), ...over }, a.token);
const depense = (a: Account, id_bande: number, date?: string, over: Record<string, unknown> = {}) =>
  post(
    '/api/bande/depense',
    { depense: { id_type_depense: 1, designation: 'Aliment', prix_unitaire: 1000, quantite: 2, ...over }, id_bande, ...(date ? { date } : {}) },
    a.token,
  );
const pesage = (a: Account, id_bande: number, date_prise: string, over: Record<string, unknown> = {}) =>
  post('/api/bande/pesage', { pesage: { poids_moyen: 1500, unite: 'g', echantillon: 10, date_prise, ...over }, id_bande }, a.token);
const collecte = (a: Account, id_bande: number, n: number, date_collecte?: string, id = -1) =>
  post(
    '/api/bande/collect',
    { id_bande, id, collecte: n, calibres: JSON.stringify({ s: n, m: 0, l: 0, xl: 0 }), ...(date_collecte ? { date_collecte } : {}) },
    a.token,
  );
const abatage = (a: Account, id_bande: number, quantite: number, date?: string, id = -1) =>
  post('/api/bande/abatage', { id, id_bande, quantite, ...(date ? { date } : {}) }, a.token);

/** `d` is today's day on the server (read before and after the call, for a test that runs across midnight). */
function expectToday(d: string, before: string) {
  expect([before, today()]).toContain(d);
}

describe('dated entries', () => {
  it('expenses, sales and losses take the day they happened; every answer and list carries it; the period dashboard and the month table count on it', async () => {
    const a = await newBusiness();
    const b = await bande(a, { date_demarage: day(-90), nb_sujet: 200 });
    const d1 = day(-80);
    const d2 = day(-40);
    const dep = await ok(depense(a, b.id, d1));
    const v = await ok(vente(a, b.id, 10, d2));
    const p = await ok(perte(a, b.id, 3, d2));
    expect([dep.date, v.date, p.date]).toEqual([d1, d2, d2]);
    // typed today, dated in the past: created_at stays the typing time
    const t0 = today();
    expectToday(dep.created_at.slice(0, 10), t0);
    const det = await detail(a, b.id);
    expect(det.depenses[0].date).toBe(d1);
    expect(det.ventes[0].date).toBe(d2);
    expect(det.pertes[0].date).toBe(d2);
    expect((await ok(get(`/api/bande/depense/${b.id}`, a.token)))[0].date).toBe(d1);
    const period = await ok(get(`/api/dashboard/periode/${d1}/${d1}`, a.token));
    expect(period).toMatchObject({ depense: 2000, chiffre_affaire: 0, pertes: 0 });
    const period2 = await ok(get(`/api/dashboard/periode/${d2}/${d2}`, a.token));
    expect(period2).toMatchObject({ depense: 0, chiffre_affaire: 25000, pertes: 3, nb_vendu: 10 });
    const year = await ok(get(`/api/dashboard/mois/${d1.slice(0, 4)}`, a.token));
    expect(year.mois.find((m: any) => m.mois === d1.slice(0, 7)).depense).toBeGreaterThanOrEqual(2000);
  });

  it('without a date, an entry counts on the day it was typed; saisi_le within [now − 31 days, now + 5 min] is when it was typed, otherwise now (never refused)', async () => {
    const a = await newBusiness();
    const b = await bande(a, { date_demarage: day(-60) });
    const t0 = today();
    const plain = await ok(perte(a, b.id, 1));
    expectToday(plain.date, t0);
    // typed offline 3 days ago at 21:04:14, synced now
    const typed = `${day(-3)}T21:04:14.000Z`;
    const offline = await ok(
      post(
        '/api/bande/depense',
        { depense: { id_type_depense: 1, designation: 'Aliment', prix_unitaire: 1000, quantite: 1 }, id_bande: b.id, saisi_le: typed },
        a.token,
      ),
    );
    expect(offline.created_at).toBe(typed);
    expect(offline.date).toBe(day(-3));
    // weighings and collections keep their own day but take the typing time as created_at
    const pes = await ok(
      post('/api/bande/pesage', { pesage: { poids_moyen: 900, unite: 'g', echantillon: 5, date_prise: day(-4) }, id_bande: b.id, saisi_le: typed }, a.token),
    );
    expect(pes).toMatchObject({ created_at: typed, date: day(-4), date_prise: day(-4) });
    // out of bounds or malformed: the server's time, and the entry is still recorded
    for (const saisi_le of [`${day(-40)}T10:00:00.000Z`, new Date(Date.now() + 3_600_000).toISOString(), 'hier soir', '2026-02-30T10:00:00Z', 12, { x: 1 }]) {
      const before = Date.now();
      const r = await ok(post('/api/bande/perte', { nombre: 1, id_bande: b.id, saisi_le }, a.token));
      expect(Date.parse(r.created_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(r.created_at)).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('an edit keeps created_at and may move the day; without a date it keeps the day it had', async () => {
    const a = await newBusiness();
    const b = await bande(a, { date_demarage: day(-60) });
    const dep = await ok(depense(a, b.id, day(-50)));
    const moved = await ok(
      post(
        '/api/bande/depense',
        { depense: { id: dep.id, id_type_depense: 1, designation: 'Aliment', prix_unitaire: 1000, quantite: 3 }, id_bande: b.id, date: day(-20) },
        a.token,
      ),
    );
    expect(moved).toMatchObject({ id: dep.id, created_at: dep.created_at, date: day(-20), prix_total: 3000 });
    expect((await ok(get(`/api/dashboard/periode/${day(-50)}/${day(-50)}`, a.token))).depense).toBe(0);
    expect((await ok(get(`/api/dashboard/periode/${day(-20)}/${day(-20)}`, a.token))).depense).toBe(3000);
    const kept = await ok(
      post(
        '/api/bande/depense',
        { depense: { id: dep.id, id_type_depense: 1, designation: 'Aliment', prix_unitaire: 1000, quantite: 1 }, id_bande: b.id },
        a.token,
      ),
    );
    expect(kept.date).toBe(day(-20));
    const v = await ok(vente(a, b.id, 5, day(-30)));
    const v2 = await ok(post('/api/bande/vente', { prix_unitaire: 3000, quantite: 5, id_bande: b.id, id_vente: v.id, date: day(-10) }, a.token));
    expect(v2).toMatchObject({ created_at: v.created_at, date: day(-10) });
  });

  it('an entry recorded before dates existed counts on the day it was created, and its answers say so', async () => {
    const a = await newBusiness();
    const b = await bande(a, { date_demarage: day(-60) });
    const p = await ok(perte(a, b.id, 2, day(-5)));
    // as older versions stored it, before entries carried their day: no date attribute
    await rawDdb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `ENT#${a.tenantId}#BANDE#${b.id}`, SK: `PRT#${String(p.id).padStart(10, '0')}` },
        UpdateExpression: 'SET created_at = :c REMOVE #d',
        ExpressionAttributeNames: { '#d': 'date' },
        ExpressionAttributeValues: { ':c': `${day(-7)}T08:00:00.000Z` },
      }),
    );
    const det = await detail(a, b.id);
    expect(det.pertes[0]).toMatchObject({ id: p.id, date: day(-7) });
  });

  it('refuses a date that is not a calendar day in YYYY-MM-DD, writing nothing', async () => {
    const b = await bande(A);
    // fixed date: not a YYYY-MM-DD day (another form, a time): refused for its form whatever today is
    for (const date of ['2026-02-30', '25/11/2026', '2026-11-25T10:00:00', 'hier', 20261125]) {
      const before = await stateOf(A.tenantId);
      const r = await perte(A, b.id, 1, date as string);
      expect(r.status, String(date)).toBe(400);
      expect(r.body.message).toContain('Date invalide');
      expect(await stateOf(A.tenantId)).toBe(before);
    }
  });
});

describe('dates within reality', () => {
  it('every batch entry, weighing, collection and slaughter lies within [the batch’s start, today]', async () => {
    const start = day(-30);
    const chair = await bande(A, { date_demarage: start, nb_sujet: 100 });
    const layer = await bande(A, { date_demarage: start, nb_sujet: 100, type: 'pondeuse' });
    const early = day(-31);
    const sends: [string, (d: string) => Promise<{ status: number; body: any }>][] = [
      ['dépense', (d) => depense(A, chair.id, d)],
      ['vente', (d) => vente(A, chair.id, 1, d)],
      ['perte', (d) => perte(A, chair.id, 1, d)],
      ['pesage', (d) => pesage(A, chair.id, d)],
      ['collecte', (d) => collecte(A, layer.id, 1, d)],
      ['abatage', (d) => abatage(A, chair.id, 1, d)],
    ];
    for (const [name, send] of sends) {
      await refusedWithNothingWritten(A, () => send(future()), FUTURE_MSG);
      await refusedWithNothingWritten(A, () => send(early), beforeStartMsg(start));
      // the bounds themselves are accepted
      expect((await send(start)).status, name).toBe(200);
      expect((await send(today())).status, name).toBe(200);
    }
  });

  it('a batch starts within [today − 3 years, today]', async () => {
    const a = await newBusiness();
    const create = (date_demarage: string) => post('/api/bande/create', { nom: 'B', nb_sujet: 10, date_demarage, type: 'chair', id_bande: -1 }, a.token);
    await refusedWithNothingWritten(a, () => create(future()), 'Le démarrage ne peut pas être dans le futur.');
    await refusedWithNothingWritten(a, () => create(`${future()}T08:00:00`), 'Le démarrage ne peut pas être dans le futur.');
    await refusedWithNothingWritten(a, () => create(day(-1097)), 'Le démarrage ne peut pas remonter à plus de 3 ans.');
    // fixed date: more than 3 years back whatever today is
    await refusedWithNothingWritten(a, () => create('1900-01-01'), 'Le démarrage ne peut pas remonter à plus de 3 ans.');
    expect((await create(day(-1095))).status).toBe(200);
    expect((await create(today())).status).toBe(200);
  });

  it('a batch edit cannot move the start after its earliest entry or slaughter; nor into the future', async () => {
    const a = await newBusiness();
    const b = await bande(a, { date_demarage: day(-50), nb_sujet: 100 });
    const edit = (date_demarage: string) => post('/api/bande/create', { nom: 'Bande', nb_sujet: 100, date_demarage, type: 'chair', id_bande: b.id }, a.token);
    await ok(abatage(a, b.id, 5, day(-40)));
    await ok(depense(a, b.id, day(-30)));
    await refusedWithNothingWritten(
      a,
      () => edit(day(-39)),
      `Le démarrage ne peut pas être postérieur à la première saisie de la bande (le ${formatJour(day(-40))}).`,
    );
    await refusedWithNothingWritten(a, () => edit(future()), 'Le démarrage ne peut pas être dans le futur.');
    expect((await ok(edit(day(-40)))).date_demarage).toBe(day(-40));
    // a cancelled entry no longer holds the start back
    const late = await ok(perte(a, b.id, 1, day(-35)));
    await ok(get(`/api/bande/perte/delete/${late.id}`, a.token));
    await ok(edit(day(-45)));
  });

  it('an older batch started more than 3 years ago keeps its start when only its name changes', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    const old = day(-1500);
    await rawDdb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `ENT#${a.tenantId}#BANDE#${b.id}`, SK: 'BANDE' },
        UpdateExpression: 'SET date_demarage = :d',
        ExpressionAttributeValues: { ':d': old },
      }),
    );
    const r = await ok(post('/api/bande/create', { nom: 'Renommée', nb_sujet: 100, date_demarage: old, type: 'chair', id_bande: b.id }, a.token));
    expect(r).toMatchObject({ nom: 'Renommée', date_demarage: old });
  });

  it('an impossible collection saved before these rules does not block renaming the batch, only what would rely on it', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 300, type: 'pondeuse', date_demarage: day(-20) });
    const c = await ok(collecte(a, b.id, 250, day(-10)));
    // a farmer's slip, as older versions stored it (no day): 5 000 eggs in a day from 300 hens
    await rawDdb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `ENT#${a.tenantId}#BANDE#${b.id}`, SK: `COL#${String(c.id).padStart(10, '0')}` },
        UpdateExpression: 'SET collecte = :n',
        ExpressionAttributeValues: { ':n': 5000 },
      }),
    );
    await ok(post('/api/bande/create', { nom: 'Pondeuses renommées', nb_sujet: 300, date_demarage: day(-20), type: 'pondeuse', id_bande: b.id }, a.token));
    // a loss after that day is fine; one before it names the day to correct
    await ok(perte(a, b.id, 1, day(-5)));
    const col = `Impossible : le ${formatJour(day(-10))}, 5 000 œufs ont été collectés et il ne resterait que 299 poules vivantes ce jour-là. Corrigez d'abord la collecte du ${formatJour(day(-10))}.`;
    await refusedWithNothingWritten(a, () => perte(a, b.id, 1, day(-15)), col);
    // corrected, the batch is whole again
    await ok(collecte(a, b.id, 280, day(-10), c.id));
    await ok(perte(a, b.id, 1, day(-15)));
  });
});

describe('physical limits', () => {
  it('a broiler sale is whole birds and never more than are alive; a layer batch sells eggs (decimals allowed, no bird limit)', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 500 });
    await refusedWithNothingWritten(
      a,
      () => vente(a, b.id, 2.5),
      'Une vente de poulets de chair se compte en sujets entiers : la quantité doit être un nombre entier.',
    );
    await refusedWithNothingWritten(a, () => vente(a, b.id, 10000), 'Il ne reste que 500 sujets vivants dans cette bande.');
    await ok(perte(a, b.id, 100));
    await refusedWithNothingWritten(a, () => vente(a, b.id, 401), 'Il ne reste que 400 sujets vivants dans cette bande.');
    const v = await ok(vente(a, b.id, 400));
    await refusedWithNothingWritten(a, () => vente(a, b.id, 1), 'Il ne reste que 0 sujet vivant dans cette bande.');
    // an edit counts the sale's own birds once
    await refusedWithNothingWritten(
      a,
      () => post('/api/bande/vente', { prix_unitaire: 2500, quantite: 401, id_bande: b.id, id_vente: v.id }, a.token),
      `Cette vente ne peut pas passer de 400 à 401 sujets : le ${formatJour(v.date)}, la bande compte 0 sujet vivant en plus des 400 sujets de cette vente, soit 400 au plus.`,
    );
    await ok(post('/api/bande/vente', { prix_unitaire: 2500, quantite: 300, id_bande: b.id, id_vente: v.id }, a.token));
    expect(await detail(a, b.id)).toMatchObject({ nb_vendu: 300, chiffre_affaire: 750000 });
    const layer = await bande(a, { nb_sujet: 50, type: 'pondeuse' });
    // Eggs it collected (a batch sells only those), 50 a day for a week: far more eggs sold than hens.
    for (let d = -10; d < -3; d++) await ok(collecte(a, layer.id, 50, day(d)));
    await ok(vente(a, layer.id, 120));
    await ok(vente(a, layer.id, 200));
  });

  it('a back-dated loss, a corrected sale or a back-dated slaughter names the day and the figure that would break, and writes nothing', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 500 });
    await ok(perte(a, b.id, 10, day(-50)));
    await ok(vente(a, b.id, 285, day(-8)));
    const v = await ok(vente(a, b.id, 80, day(-1)));
    // 490 were alive on day −40 and 125 are today: the sale of day −1 is what would lose its birds
    await refusedWithNothingWritten(
      a,
      () => perte(a, b.id, 200, day(-40)),
      `Impossible : le ${formatJour(v.date)}, la vente de 80 sujets ne serait plus possible, car il ne resterait que 5 sujets vivants ce jour-là.`,
    );
    // the loss's own day lacks the birds: that day's count, not today's
    await refusedWithNothingWritten(
      a,
      () => perte(a, b.id, 600, day(-40)),
      `Il ne restait que 490 sujets vivants dans cette bande le ${formatJour(day(-40))}.`,
    );
    // a sale corrected 80 → 300 counts without its own 80: 125 alive and its 80
    await refusedWithNothingWritten(
      a,
      () => vente(a, b.id, 300, v.date, { id_vente: v.id }),
      `Cette vente ne peut pas passer de 80 à 300 sujets : le ${formatJour(v.date)}, la bande compte 125 sujets vivants en plus des 80 sujets de cette vente, soit 205 au plus.`,
    );
    // a slaughter dated before both sales
    await refusedWithNothingWritten(
      a,
      () => abatage(a, b.id, 300, day(-30)),
      `Impossible : le ${formatJour(day(-8))}, la vente de 285 sujets ne serait plus possible, car il ne resterait que 190 sujets vivants ce jour-là.`,
    );
    await ok(vente(a, b.id, 205, v.date, { id_vente: v.id }));
    expect(await detail(a, b.id)).toMatchObject({ nb_vendu: 490, nb_perte: 10 });
  });

  it('a shop sale naming a broiler batch never sells more birds than are alive, and writes nothing when refused', async () => {
    const a = await newBusiness();
    const s = as(a);
    await boutique(s);
    const p = await produit(s, 1000, 3500);
    const b = await bande(a, { nb_sujet: 20, date_demarage: today() });
    await ok(perte(a, b.id, 5));
    const sell = (quantite: number) => s.post('/api/vente', { id_bande: b.id, produits: [{ id_produit: p.id, quantite }], type: 'DIRECT' });
    await refusedWithNothingWritten(a, () => sell(16), 'Il ne reste que 15 sujets vivants dans cette bande.');
    await refusedWithNothingWritten(
      a,
      () =>
        s.post('/api/vente', {
          id_bande: b.id,
          produits: [
            { id_produit: p.id, quantite: 10 },
            { id_produit: p.id, quantite: 6, type_remise: 'MONTANT', valeur_remise: 100 },
          ],
          type: 'DIRECT',
        }),
      'Il ne reste que 15 sujets vivants dans cette bande.',
    );
    await ok(sell(15));
    expect(await stockOf(s, p.id)).toBe(985);
    expect(await detail(a, b.id)).toMatchObject({ nb_vendu: 15 });
    await refusedWithNothingWritten(a, () => vente(a, b.id, 1), 'Il ne reste que 0 sujet vivant dans cette bande.');
    // a layer batch named by a shop sale: eggs, no bird limit
    const layer = await bande(a, { nb_sujet: 2, type: 'pondeuse', date_demarage: day(-1) });
    await ok(collecte(a, layer.id, 2, day(-1)));
    await ok(collecte(a, layer.id, 2, day(0)));
    await ok(s.post('/api/vente', { id_bande: layer.id, produits: [{ id_produit: p.id, quantite: 3 }], type: 'DIRECT' }));
  });

  it('the eggs of a day never exceed the hens alive that day (losses and slaughters dated by then)', async () => {
    const a = await newBusiness();
    const start = day(-20);
    const b = await bande(a, { nb_sujet: 300, type: 'pondeuse', date_demarage: start });
    await ok(perte(a, b.id, 10, day(-10)));
    await ok(abatage(a, b.id, 40, day(-5)));
    // before the loss: 300 hens; between: 290; after the slaughter: 250
    await ok(collecte(a, b.id, 300, day(-11)));
    await refusedWithNothingWritten(
      a,
      () => collecte(a, b.id, 291, day(-10)),
      `Au plus 290 œufs peuvent encore être enregistrés le ${formatJour(day(-10))} : la bande compte 290 poules vivantes ce jour-là (une poule pond au plus un œuf par jour).`,
    );
    const c1 = await ok(collecte(a, b.id, 200, day(-5)));
    await refusedWithNothingWritten(
      a,
      () => collecte(a, b.id, 51, day(-5)),
      `Au plus 50 œufs peuvent encore être enregistrés le ${formatJour(day(-5))} : la bande compte 250 poules vivantes ce jour-là et 200 œufs y sont déjà enregistrés (une poule pond au plus un œuf par jour).`,
    );
    await ok(collecte(a, b.id, 50, day(-5)));
    // an edit counts the collection itself once
    await ok(collecte(a, b.id, 150, day(-5), c1.id));
    await refusedWithNothingWritten(
      a,
      () => collecte(a, b.id, 201, day(-5), c1.id),
      `Au plus 200 œufs peuvent encore être enregistrés le ${formatJour(day(-5))} : la bande compte 250 poules vivantes ce jour-là et 50 œufs y sont déjà enregistrés (une poule pond au plus un œuf par jour).`,
    );
    // the walk: 5 000 eggs in a day from 300 hens
    await refusedWithNothingWritten(
      a,
      () => collecte(a, b.id, 5000, day(-15)),
      `Au plus 300 œufs peuvent encore être enregistrés le ${formatJour(day(-15))} : la bande compte 300 poules vivantes ce jour-là (une poule pond au plus un œuf par jour).`,
    );
  });

  it('a weighing’s sample never exceeds the birds alive on its day; its average weight stays under the hard maximum of its type', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 388, date_demarage: day(-30) });
    await ok(perte(a, b.id, 88, day(-10)));
    await ok(pesage(a, b.id, day(-11), { echantillon: 388 }));
    await refusedWithNothingWritten(
      a,
      () => pesage(a, b.id, day(-10), { echantillon: 301 }),
      `La bande ne compte que 300 sujets vivants le ${formatJour(day(-10))} : l'échantillon ne peut pas être plus grand.`,
    );
    await refusedWithNothingWritten(
      a,
      () => pesage(a, b.id, day(-9), { echantillon: 100000 }),
      `La bande ne compte que 300 sujets vivants le ${formatJour(day(-9))} : l'échantillon ne peut pas être plus grand.`,
    );
    await ok(pesage(a, b.id, day(-10), { echantillon: 300 }));
    const tooHeavyChair = 'Le poids moyen ne peut pas dépasser 6 000 g (6 kg) pour une bande de chair : vérifiez le poids et son unité (g ou kg).';
    await refusedWithNothingWritten(a, () => pesage(a, b.id, day(-1), { poids_moyen: 50, unite: 'kg' }), tooHeavyChair);
    await refusedWithNothingWritten(a, () => pesage(a, b.id, day(-1), { poids_moyen: 6001, unite: 'g' }), tooHeavyChair);
    await ok(pesage(a, b.id, day(-1), { poids_moyen: 6, unite: 'kg' }));
    const layer = await bande(a, { nb_sujet: 50, type: 'pondeuse', date_demarage: day(-30) });
    await refusedWithNothingWritten(
      a,
      () => pesage(a, layer.id, day(-1), { poids_moyen: 3.6, unite: 'kg' }),
      'Le poids moyen ne peut pas dépasser 3 500 g (3,5 kg) pour une bande de pondeuses : vérifiez le poids et son unité (g ou kg).',
    );
    await ok(pesage(a, layer.id, day(-1), { poids_moyen: 3500, unite: 'g' }));
  });

  it('a back-dated loss, broiler sale or slaughter that would contradict an existing collection or weighing is refused, naming the day', async () => {
    const a = await newBusiness();
    const layer = await bande(a, { nb_sujet: 100, type: 'pondeuse', date_demarage: day(-20) });
    await ok(collecte(a, layer.id, 95, day(-5)));
    const col = `Impossible : le ${formatJour(day(-5))}, 95 œufs ont été collectés et il ne resterait que 94 poules vivantes ce jour-là. Corrigez d'abord la collecte du ${formatJour(day(-5))}.`;
    await refusedWithNothingWritten(a, () => perte(a, layer.id, 6, day(-8)), col);
    await refusedWithNothingWritten(a, () => abatage(a, layer.id, 6, day(-6)), col);
    // the same loss after the collection's day contradicts nothing
    await ok(perte(a, layer.id, 6, day(-4)));
    // fewer hens placed would contradict it too
    await refusedWithNothingWritten(
      a,
      () => post('/api/bande/create', { nom: 'Bande', nb_sujet: 94, date_demarage: day(-20), type: 'pondeuse', id_bande: layer.id }, a.token),
      col,
    );

    const chair = await bande(a, { nb_sujet: 50, date_demarage: day(-20) });
    await ok(pesage(a, chair.id, day(-3), { echantillon: 45 }));
    const pes = `Impossible : le pesage du ${formatJour(day(-3))} porte sur 45 sujets et il n'en resterait que 44 vivants ce jour-là. Corrigez d'abord le pesage du ${formatJour(day(-3))}.`;
    await refusedWithNothingWritten(a, () => vente(a, chair.id, 6, day(-10)), pes);
    await refusedWithNothingWritten(a, () => perte(a, chair.id, 6, day(-3)), pes);
    const ab = await ok(abatage(a, chair.id, 5, day(-2)));
    // moving that slaughter back before the weighing is refused as well
    await refusedWithNothingWritten(a, () => abatage(a, chair.id, 6, day(-4), ab.abatage.id), pes);
    // a sale today is fine: the weighing was before it
    await ok(vente(a, chair.id, 10));
  });

  it('slaughter: never more birds than are alive, dated within the batch’s life; its birds are listed with their day in the batch detail', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 30, date_demarage: day(-10) });
    const ab = await ok(abatage(a, b.id, 10, day(-2)));
    await refusedWithNothingWritten(a, () => abatage(a, b.id, 21), 'Il ne reste que 20 sujets vivants dans cette bande.');
    const det = await detail(a, b.id);
    expect(det.abatages).toEqual([{ id: ab.abatage.id, quantite: 10, date: day(-2) }]);
    // moved to another batch: it leaves the first batch's detail
    const other = await bande(a, { nb_sujet: 30, date_demarage: day(-10) });
    await ok(abatage(a, other.id, 10, day(-1), ab.abatage.id));
    expect((await detail(a, b.id)).abatages).toEqual([]);
    expect((await detail(a, other.id)).abatages).toEqual([{ id: ab.abatage.id, quantite: 10, date: day(-1) }]);
  });

  it('slaughters recorded before the batch kept copies of them still count on their day', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 100, type: 'pondeuse', date_demarage: day(-20) });
    const ab = await ok(abatage(a, b.id, 30, day(-10)));
    // as older versions wrote it: no ABT# copy in the batch's collection
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await rawDdb().send(
      new DeleteCommand({ TableName: tableName(), Key: { PK: `ENT#${a.tenantId}#BANDE#${b.id}`, SK: `ABT#${String(ab.abatage.id).padStart(10, '0')}` } }),
    );
    expect((await detail(a, b.id)).abatages).toEqual([{ id: ab.abatage.id, quantite: 30, date: day(-10) }]);
    await refusedWithNothingWritten(
      a,
      () => collecte(a, b.id, 71, day(-5)),
      `Au plus 70 œufs peuvent encore être enregistrés le ${formatJour(day(-5))} : la bande compte 70 poules vivantes ce jour-là (une poule pond au plus un œuf par jour).`,
    );
    await ok(collecte(a, b.id, 100, day(-11)));
  });
});

// Contention tests: each loser of a round re-reads and re-checks, so the run time grows with the
// number of writers and the shared machine's load; they get more time than the default 30 s.
describe('concurrency: a refusal means the limit is reached', { timeout: 120_000 }, () => {
  it('20 parallel losses of 1 bird on a batch of 100 all succeed', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 100 });
    const rs = await Promise.all(Array.from({ length: 20 }, () => perte(a, b.id, 1)));
    expect(rs.map((r) => r.status)).toEqual(Array(20).fill(200));
    const d = await detail(a, b.id);
    expect(d.nb_perte).toBe(20);
    expect(d.pertes).toHaveLength(20);
  });

  it('30 parallel losses of 5 on a batch of 100: exactly 20 accepted, 10 refused with the French limit message, never a 409', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 100 });
    const rs = await Promise.all(Array.from({ length: 30 }, () => perte(a, b.id, 5)));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(20);
    const refused = rs.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.body).toEqual({ code: 400, message: 'Il ne reste que 0 sujet vivant dans cette bande.' });
    expect((await detail(a, b.id)).nb_perte).toBe(100);
  });

  it('losses, broiler sales, slaughters and shop sales at once share the same birds: exactly as many as fit', async () => {
    const a = await newBusiness();
    const s = as(a);
    await boutique(s);
    const p = await produit(s, 1000, 3000);
    const b = await bande(a, { nb_sujet: 100, date_demarage: today() });
    const kinds = [
      () => perte(a, b.id, 10),
      () => vente(a, b.id, 10),
      () => abatage(a, b.id, 10),
      () => s.post('/api/vente', { id_bande: b.id, produits: [{ id_produit: p.id, quantite: 10 }], type: 'DIRECT' }),
    ];
    const rs = await Promise.all(Array.from({ length: 16 }, (_, i) => kinds[i % 4]()));
    expect(
      rs.every((r) => r.status === 200 || r.status === 400),
      JSON.stringify(rs.map((r) => [r.status, r.body?.message])),
    ).toBe(true);
    expect(rs.filter((r) => r.status === 200)).toHaveLength(10);
    const d = await detail(a, b.id);
    expect(d.nb_perte + d.nb_vendu + d.nb_abattu).toBe(100);
  });

  it('10 parallel collections of 30 eggs on a day with 200 hens: exactly 6 accepted', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 200, type: 'pondeuse' });
    const rs = await Promise.all(Array.from({ length: 10 }, () => collecte(a, b.id, 30, day(-1))));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(6);
    for (const r of rs.filter((x) => x.status !== 200)) expect(r.status).toBe(400);
    const list = await ok(get(`/api/bande/collect/get/${b.id}`, a.token));
    expect(list.reduce((sum: number, c: any) => sum + c.collecte, 0)).toBe(180);
  });

  it('a loss racing a collection never leaves more eggs than hens on the day', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 100, type: 'pondeuse', date_demarage: day(-10) });
    const [loss, col] = await Promise.all([perte(a, b.id, 10, day(-5)), collecte(a, b.id, 95, day(-3))]);
    // whichever landed first, the other saw it: both cannot pass
    expect([loss.status, col.status].sort()).toEqual([200, 400]);
  });
});

describe('corrections: weighings and collections', () => {
  it('a weighing is corrected (pesage.id > 0) and cancelled; a cancelled one leaves every list and count', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 388, date_demarage: day(-40) });
    const p = await ok(pesage(a, b.id, day(-10), { poids_moyen: 1200, echantillon: 20 }));
    const fixed = await ok(pesage(a, b.id, day(-9), { id: p.id, poids_moyen: 1250, echantillon: 25 }));
    expect(fixed).toMatchObject({ id: p.id, poids_moyen: 1250, echantillon: 25, date_prise: day(-9), date: day(-9), created_at: p.created_at });
    let d = await detail(a, b.id);
    expect(d.pesages).toHaveLength(1);
    expect(d.pesages[0]).toMatchObject({ id: p.id, poids_moyen: 1250 });
    expect((await ok(get(`/api/dashboard/periode/${day(-9)}/${day(-9)}`, a.token))).pesages).toBe(1);
    expect((await ok(get(`/api/dashboard/periode/${day(-10)}/${day(-10)}`, a.token))).pesages).toBe(0);
    // the correction obeys the same limits
    await refusedWithNothingWritten(
      a,
      () => pesage(a, b.id, day(-9), { id: p.id, echantillon: 389 }),
      `La bande ne compte que 388 sujets vivants le ${formatJour(day(-9))} : l'échantillon ne peut pas être plus grand.`,
    );
    await refusedWithNothingWritten(a, () => pesage(a, b.id, future(), { id: p.id }), FUTURE_MSG);
    const c = await ok(get(`/api/bande/pesage/delete/${p.id}`, a.token));
    expect(c).toEqual({ code: 200, id: p.id, id_bande: b.id, etat: 'DELETED' });
    d = await detail(a, b.id);
    expect(d.pesages).toEqual([]);
    expect((await ok(get(`/api/dashboard/periode/${day(-9)}/${day(-9)}`, a.token))).pesages).toBe(0);
    await refusedWithNothingWritten(a, () => get(`/api/bande/pesage/delete/${p.id}`, a.token), 'Cet enregistrement est déjà annulé.');
    await refusedWithNothingWritten(a, () => pesage(a, b.id, day(-9), { id: p.id }), 'Enregistrement introuvable.', 404);
    await refusedWithNothingWritten(a, () => pesage(a, b.id, day(-9), { id: 999999 }), 'Enregistrement introuvable.', 404);
    // another business cannot touch it
    const B = await newBusiness();
    const p2 = await ok(pesage(a, b.id, day(-8)));
    expect((await get(`/api/bande/pesage/delete/${p2.id}`, B.token)).status).toBe(404);
    expect((await pesage(B, b.id, day(-8), { id: p2.id })).status).toBe(404);
    expect((await detail(a, b.id)).pesages).toHaveLength(1);
  });

  it('an egg collection is corrected and cancelled; a cancelled one leaves the list, the eggs total and the day’s limit', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 100, type: 'pondeuse', date_demarage: day(-40) });
    const c = await ok(collecte(a, b.id, 90, day(-3)));
    await refusedWithNothingWritten(
      a,
      () => collecte(a, b.id, 20, day(-3)),
      `Au plus 10 œufs peuvent encore être enregistrés le ${formatJour(day(-3))} : la bande compte 100 poules vivantes ce jour-là et 90 œufs y sont déjà enregistrés (une poule pond au plus un œuf par jour).`,
    );
    const fixed = await ok(collecte(a, b.id, 80, day(-2), c.id));
    expect(fixed).toMatchObject({ id: c.id, collecte: 80, date_collecte: day(-2), date: day(-2), created_at: c.created_at });
    expect((await ok(get(`/api/dashboard/periode/${day(-2)}/${day(-2)}`, a.token))).oeufs).toBe(80);
    expect(await ok(get(`/api/bande/collect/delete/${c.id}`, a.token))).toEqual({ code: 200, id: c.id, id_bande: b.id, etat: 'DELETED' });
    expect(await ok(get(`/api/bande/collect/get/${b.id}`, a.token))).toEqual([]);
    expect((await ok(get(`/api/dashboard/periode/${day(-2)}/${day(-2)}`, a.token))).oeufs).toBe(0);
    // its eggs no longer hold the day's room
    await ok(collecte(a, b.id, 100, day(-2)));
    await refusedWithNothingWritten(a, () => get(`/api/bande/collect/delete/${c.id}`, a.token), 'Cet enregistrement est déjà annulé.');
    await refusedWithNothingWritten(a, () => collecte(a, b.id, 5, day(-2), c.id), 'Enregistrement introuvable.', 404);
    const B = await newBusiness();
    expect((await get(`/api/bande/collect/delete/${c.id}`, B.token)).status).toBe(404);
  });

  it('a closed batch’s weighings and collections can no longer be changed or cancelled', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 100, type: 'pondeuse', date_demarage: day(-40) });
    const p = await ok(pesage(a, b.id, day(-3)));
    const c = await ok(collecte(a, b.id, 10, day(-3)));
    await ok(post('/api/bande/cloturer', { id_bande: b.id }, a.token));
    const closed = 'Cette bande est clôturée : elle ne peut plus être modifiée.';
    await refusedWithNothingWritten(a, () => get(`/api/bande/pesage/delete/${p.id}`, a.token), closed);
    await refusedWithNothingWritten(a, () => get(`/api/bande/collect/delete/${c.id}`, a.token), closed);
    await refusedWithNothingWritten(a, () => pesage(a, b.id, day(-3), { id: p.id }), closed);
    await refusedWithNothingWritten(a, () => collecte(a, b.id, 5, day(-3), c.id), closed);
  });

  it('corrections sent by the outbox are idempotent: the same key replayed writes once and answers the first answer', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 100, type: 'pondeuse', date_demarage: day(-40) });
    const c = await ok(collecte(a, b.id, 10, day(-3)));
    const p = await ok(pesage(a, b.id, day(-3)));
    const key = randomUUID();
    const body = { id_bande: b.id, id: c.id, collecte: 20, calibres: JSON.stringify({ s: 20, m: 0, l: 0, xl: 0 }), date_collecte: day(-3) };
    const first = await ok(call('POST', '/api/bande/collect', body, { token: a.token, headers: { 'idempotency-key': key } }));
    const again = await call('POST', '/api/bande/collect', body, { token: a.token, headers: { 'idempotency-key': key } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const pkey = randomUUID();
    const pbody = { pesage: { id: p.id, poids_moyen: 1600, unite: 'g', echantillon: 12, date_prise: day(-2) }, id_bande: b.id };
    const all = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/bande/pesage', pbody, { token: a.token, headers: { 'idempotency-key': pkey } })),
    );
    for (const r of all) expect(r.body).toEqual(all[0].body);
    expect(all.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect((await detail(a, b.id)).pesages).toEqual([expect.objectContaining({ id: p.id, poids_moyen: 1600, echantillon: 12 })]);
  });
});
