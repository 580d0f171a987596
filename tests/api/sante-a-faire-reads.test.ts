// GET api/sante/a-faire reads the day's to-do in a number of DynamoDB calls that does not grow with
// the business's batches (decision 0225): the due index, the withdrawal index, the
// losses of the last 9 days by day, the daily sheets of the last 9 days by day (water
// alert), the feed store's ledger, then one BatchGetItem of the batches they name. The route runs
// in this worker, against the same DynamoDB Local as the stack's API, so its calls are counted.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { addDays, todayFor } from '@shared/dates';
import { newBusiness, post, type Account } from '../helpers/api';

process.env.TABLE_NAME = inject('tableName');
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.JWT_SECRET = 'x'.repeat(32);
process.env.MAIL_OUTBOX_DIR = mkdtempSync(join(tmpdir(), 'ganaar-afaire-'));

const { getAFaire } = await import('../../functions/sante/routes/a-faire');
const { ddbCallsByCommand, ddbCallCount } = await import('../../functions/lib/ddb');

const daysAgo = (n: number) => addDays(todayFor(), -n);

async function ok(p: Promise<{ status: number; body: any }>) {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** A batch with a late step, a step due today, a treatment running, a death jump today and a water drop today. */
async function lotAFaire(acc: Account, n: number) {
  const b = await ok(
    post('/api/bande/create', { id_bande: -1, nom: `Lot ${n}`, nb_sujet: 50, date_demarage: daysAgo(7), type: 'chair', id_plan: 1 }, acc.token),
  );
  await ok(post('/api/bande/perte', { nombre: 4, id_bande: b.id, date: todayFor() }, acc.token));
  for (const [n, eau] of [
    [3, 10],
    [2, 10],
    [1, 10],
    [0, 5],
  ])
    await ok(post('/api/bande/fiche', { id_bande: b.id, date: daysAgo(n), eau_litres: eau }, acc.token));
  await ok(
    post(
      '/api/sante/traitement',
      {
        id_bande: b.id,
        produit: 'Enrofloxacine',
        molecule: 'enrofloxacine',
        motif: 'Diarrhée',
        debut: daysAgo(1),
        fin: todayFor(),
        attente_viande_jours: 8,
        attente_oeufs_jours: 0,
      },
      acc.token,
    ),
  );
}

async function counted(acc: Account) {
  const before = ddbCallCount();
  const byBefore = ddbCallsByCommand();
  const r = await getAFaire({ auth: { tenantId: acc.tenantId } } as never);
  const by = Object.fromEntries(
    Object.entries(ddbCallsByCommand())
      .map(([k, v]) => [k, v - (byBefore[k] ?? 0)])
      .filter(([, v]) => Number(v) > 0),
  );
  return { r, calls: ddbCallCount() - before, by };
}

it('makes 6 DynamoDB calls for 2 batches and for 10 (the sheets and the feed ledger two of them)', async () => {
  const acc = await newBusiness();
  for (let i = 0; i < 2; i++) await lotAFaire(acc, i);
  const two = await counted(acc);
  expect([two.r.etapes.length, two.r.attentes.length, two.r.alertes.length, two.r.eau?.length]).toEqual([4, 2, 2, 2]);
  expect(two.by).toEqual({ QueryCommand: 4, BatchGetItemCommand: 1, GetItemCommand: 1 });
  for (let i = 2; i < 10; i++) await lotAFaire(acc, i);
  const ten = await counted(acc);
  expect([ten.r.etapes.length, ten.r.attentes.length, ten.r.alertes.length, ten.r.eau?.length]).toEqual([20, 10, 10, 10]);
  expect(ten.calls).toBe(6);
  expect(ten.by).toEqual({ QueryCommand: 4, BatchGetItemCommand: 1, GetItemCommand: 1 });
});
