// Period dashboard: GET api/dashboard/periode/{debut}/{fin} totals the entries DATED in
// the range (expenses, batch sales, losses, eggs, weighings; a shop sale naming a batch once, a
// shop sale naming none apart), counts the batches active in it, and reads only by key condition
// (GSI2). Entries straddle the range: recorded through the API with the day they happened (their
// `date`). Also the year view and the migration.
import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { get, post, rawDdb, tableName, newBusiness, type Account } from '../helpers/api';
import { migrate } from '../../infra/data/migrations';
import { as, boutique, ok, produit } from './shop-fixtures';
import { pastDay, TEST_YEAR } from '../helpers/test-dates';

let A: Account;
let B: Account;

const okGet = async (path: string, a = A) => {
  const r = await get(path, a.token, { droit: 'dashboardav:r' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

async function bande(a: Account, date: string, nb = 100, type = 'chair') {
  const r = await post('/api/bande/create', { nom: `B ${date}`, nb_sujet: nb, date_demarage: date, type, id_bande: -1 }, a.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id as number;
}

async function depense(a: Account, id_bande: number, prix: number, day: string) {
  const r = await post(
    '/api/bande/depense',
    { depense: { id_type_depense: 1, designation: 'Aliment', prix_unitaire: prix, quantite: 1 }, id_bande, date: day },
    a.token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.date).toBe(day);
  return r.body.id as number;
}

async function vente(a: Account, id_bande: number, prix: number, day: string) {
  const r = await post('/api/bande/vente', { prix_unitaire: prix, quantite: 1, id_bande, id_vente: -1, date: day }, a.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id as number;
}

async function perte(a: Account, id_bande: number, nombre: number, day: string) {
  const r = await post('/api/bande/perte', { nombre, id_bande, date: day }, a.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

let february: number;
let march: number;
let closedJanuary: number;
let layer: number;

beforeAll(async () => {
  [A, B] = await Promise.all([newBusiness(), newBusiness()]);
  // A batch started in February runs through March; its March entries count in March only.
  february = await bande(A, pastDay('02-10'), 100);
  await depense(A, february, 10_000, pastDay('02-20')); // before
  await depense(A, february, 20_000, pastDay('03-01')); // first day of the range
  await depense(A, february, 40_000, pastDay('03-31')); // last day of the range
  await depense(A, february, 80_000, pastDay('04-01')); // after
  await vente(A, february, 3_000, pastDay('02-28'));
  await vente(A, february, 5_000, pastDay('03-15'));
  await perte(A, february, 2, pastDay('02-15'));
  await perte(A, february, 3, pastDay('03-05'));
  // A cancelled expense in the range leaves every total.
  const cancelled = await depense(A, february, 7_000, pastDay('03-10'));
  expect((await get(`/api/bande/depense/delete/${cancelled}`, A.token)).status).toBe(200);
  // A batch started in March, with a weighing in range and one after.
  march = await bande(A, pastDay('03-20'), 50);
  await vente(A, march, 1_000, pastDay('03-21'));
  for (const date_prise of [pastDay('03-25'), pastDay('04-02')]) {
    expect((await post('/api/bande/pesage', { pesage: { poids_moyen: 800, unite: 'g', echantillon: 10, date_prise }, id_bande: march }, A.token)).status).toBe(
      200,
    );
  }
  // A layer batch started the year before: eggs collected on both sides of the range.
  layer = await bande(A, pastDay('06-01', 1), 30, 'pondeuse');
  for (const [date_collecte, n] of [
    [pastDay('02-28'), 10],
    [pastDay('03-02'), 12],
    [pastDay('04-01'), 14],
  ] as const) {
    expect(
      (
        await post(
          '/api/bande/collect',
          { id_bande: layer, id: -1, collecte: n, calibres: JSON.stringify({ s: n, m: 0, l: 0, xl: 0 }), date_collecte },
          A.token,
        )
      ).status,
    ).toBe(200);
  }
  // A batch closed today: active in a range reaching today, not in one ending before it started.
  closedJanuary = await bande(A, pastDay('01-05'), 20);
  expect((await post('/api/bande/cloturer', { id_bande: closedJanuary }, A.token)).status).toBe(200);
  // Another business's entries never show.
  const other = await bande(B, pastDay('03-01'), 999);
  await depense(B, other, 123_456, pastDay('03-10'));
});

describe('GET api/dashboard/periode/{debut}/{fin}', () => {
  it('totals the entries dated in the range, bounds included, cancelled ones left out', async () => {
    const d = await okGet(`/api/dashboard/periode/${pastDay('03-01')}/${pastDay('03-31')}`);
    expect(d).toMatchObject({
      debut: pastDay('03-01'),
      fin: pastDay('03-31'),
      depense: 60_000,
      chiffre_affaire: 6_000,
      nb_vendu: 2,
      pertes: 3,
      oeufs: 12,
      pesages: 1,
      ventes_boutique: 0,
    });
    // february, march, the layer (since the year before, still open) and the batch closed today (started in January)
    expect(d.bandes).toBe(4);
    expect(d.sujets).toBe(100 + 50 + 30 + 20);
  });

  it('a range before a batch started does not count it; a range after an old batch closed does not either', async () => {
    const jan = await okGet(`/api/dashboard/periode/${pastDay('01-01')}/${pastDay('01-31')}`);
    expect(jan.bandes).toBe(2); // the layer and the January batch
    expect(jan).toMatchObject({ depense: 0, chiffre_affaire: 0, pertes: 0, oeufs: 0 });
    const feb = await okGet(`/api/dashboard/periode/${pastDay('02-01')}/${pastDay('02-28')}`);
    expect(feb).toMatchObject({ depense: 10_000, chiffre_affaire: 3_000, pertes: 2, oeufs: 10, bandes: 3 });
  });

  it('a one-day range and the whole year add up to the same entries', async () => {
    const day = await okGet(`/api/dashboard/periode/${pastDay('03-31')}/${pastDay('03-31')}`);
    expect(day.depense).toBe(40_000);
    const year = await okGet(`/api/dashboard/periode/${pastDay('01-01')}/${pastDay('12-31')}`);
    expect(year).toMatchObject({ depense: 150_000, chiffre_affaire: 9_000, pertes: 5, oeufs: 36, pesages: 2 });
  });

  it('the month-by-month view of the year gives the same sums, month by month', async () => {
    const y = await okGet(`/api/dashboard/mois/${TEST_YEAR}`);
    expect(y.annee).toBe(TEST_YEAR);
    expect(y.mois).toHaveLength(12);
    const m = (mm: string) => y.mois.find((r: any) => r.mois === `${TEST_YEAR}-${mm}`);
    expect(m('02')).toMatchObject({ depense: 10_000, chiffre_affaire: 3_000, benefice: -7_000 });
    expect(m('03')).toMatchObject({ depense: 60_000, chiffre_affaire: 6_000, benefice: -54_000, oeufs: 12 });
    expect(m('04')).toMatchObject({ depense: 80_000, chiffre_affaire: 0 });
    expect(y.mois.reduce((s: number, r: any) => s + r.depense, 0)).toBe(150_000);
  });

  it('a shop sale naming a batch counts once (as the batch sale); one naming none is shown apart', async () => {
    const s = as(await newBusiness());
    await boutique(s);
    const p = await produit(s, 100, 2_000);
    const today = new Date().toISOString().slice(0, 10);
    const id_bande = await bande(s.acc, today, 10);
    await ok(s.post('/api/vente', { id_bande, produits: [{ id_produit: p.id, quantite: 2 }], type: 'DIRECT' }));
    await ok(s.post('/api/vente', { id_bande: null, produits: [{ id_produit: p.id, quantite: 3 }], type: 'DIRECT' }));
    const d = await okGet(`/api/dashboard/periode/${today}/${today}`, s.acc);
    expect(d.chiffre_affaire).toBe(4_000);
    expect(d.ventes_boutique).toBe(6_000);
    const y = await okGet(`/api/dashboard/mois/${today.slice(0, 4)}`, s.acc);
    const m = y.mois.find((r: any) => r.mois === today.slice(0, 7));
    expect(m).toMatchObject({ chiffre_affaire: 4_000, ventes_boutique: 6_000 });
  });

  it('another business sees only its own entries', async () => {
    const d = await okGet(`/api/dashboard/periode/${pastDay('03-01')}/${pastDay('03-31')}`, B);
    expect(d).toMatchObject({ depense: 123_456, bandes: 1, sujets: 999 });
  });

  it('refuses a reversed range, a malformed date and a wrong year with a French 400', async () => {
    for (const path of [
      `/api/dashboard/periode/${pastDay('03-31')}/${pastDay('03-01')}`,
      `/api/dashboard/periode/2026-02-30/${pastDay('03-01')}`,
      `/api/dashboard/periode/x/${pastDay('03-01')}`,
      '/api/dashboard/mois/26',
      // fixed date: more than 5 years long whatever today is
      `/api/dashboard/periode/2000-01-01/${pastDay('01-01')}`,
    ]) {
      const r = await get(path, A.token, { droit: 'dashboardav:r' });
      expect(r.status, path).toBe(400);
      expect(JSON.stringify(r.body)).toMatch(/Date|Période|Année/);
    }
  });

  it('the spec route still lists the batches started in the range', async () => {
    const r = await get(`/api/bande/dashboard/${pastDay('03-01')}/${pastDay('03-31')}`, A.token, { droit: 'dashboardav:r' });
    expect(r.status).toBe(200);
    expect(r.body.map((b: any) => b.id)).toEqual([march]);
  });

  it('reads the entries through the day index: every entry item carries it', async () => {
    const out = await rawDdb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `ENT#${A.tenantId}#BANDE#${february}` },
      }),
    );
    for (const i of out.Items ?? []) expect(i.GSI2PK, i.SK).toBe(i.SK === 'BANDE' ? `ENT#${A.tenantId}#BANDES_FIN` : `ENT#${A.tenantId}#JOUR`);
  });
});

describe('migration 2026-11-period-index', () => {
  it('backfills the index of items written before it, idempotently, and the dashboard adds up again', async () => {
    const a = await newBusiness();
    const id = await bande(a, pastDay('05-01'), 40);
    await depense(a, id, 9_000, pastDay('05-03'));
    const before = await okGet(`/api/dashboard/periode/${pastDay('05-01')}/${pastDay('05-31')}`, a);
    expect(before).toMatchObject({ depense: 9_000, bandes: 1 });
    // as older versions wrote it, before the period index: no GSI2 attributes
    const db = rawDdb();
    const items =
      (
        await db.send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': `ENT#${a.tenantId}#BANDE#${id}` },
          }),
        )
      ).Items ?? [];
    for (const i of items) await db.send(new UpdateCommand({ TableName: tableName(), Key: { PK: i.PK, SK: i.SK }, UpdateExpression: 'REMOVE GSI2PK, GSI2SK' }));
    expect(await okGet(`/api/dashboard/periode/${pastDay('05-01')}/${pastDay('05-31')}`, a)).toMatchObject({ depense: 0, bandes: 0 });
    await db.send(new DeleteCommand({ TableName: tableName(), Key: { PK: 'MIGRATION', SK: '2026-11-period-index' } }));
    const first = await migrate(db, tableName());
    expect(first['2026-11-period-index']).toBeGreaterThanOrEqual(2);
    expect(await okGet(`/api/dashboard/periode/${pastDay('05-01')}/${pastDay('05-31')}`, a)).toMatchObject(before);
    // done once: a second run skips it; run again after its marker is gone, it changes nothing
    expect(await migrate(db, tableName())).toEqual({});
    await db.send(new DeleteCommand({ TableName: tableName(), Key: { PK: 'MIGRATION', SK: '2026-11-period-index' } }));
    expect((await migrate(db, tableName()))['2026-11-period-index']).toBe(0);
  });
});
