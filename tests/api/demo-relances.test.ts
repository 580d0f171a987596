// The demo business's client accounts (infra/local/seeders/shop.ts, decision 0264),
// seeded through the public API as `npm start` does: the follow-up list shows Mamadou's four-week-old
// debt first with the figures worked from the seeder's sales and repayments, Khady's statement
// shows her cancelled line, and every listed debt closes its client's statement.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { addDays } from '@shared/dates';
import { baseUrl, call, sha256 } from '../helpers/api';

process.env.TABLE_NAME = inject('tableName');
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.JWT_SECRET = 'x'.repeat(32);
process.env.MAIL_OUTBOX_DIR = mkdtempSync(join(tmpdir(), 'ganaar-demo-relances-'));

const { DEMO_LOGIN, seedDemo } = await import('../../infra/local/seed');

it('gives the demo clients a statement and a follow-up list with true figures', async () => {
  expect(['created', 'exists']).toContain(await seedDemo(baseUrl()));
  const login = await call('POST', '/api/login', { username: DEMO_LOGIN.email, password: sha256(DEMO_LOGIN.password) });
  const token = login.body.token as string;
  const get = async (path: string) => {
    const r = await call('GET', path, undefined, { token });
    expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };
  const today = new Date().toISOString().slice(0, 10);
  const relances: any[] = await get('/api/relances');
  const mamadou = relances.find((l) => l.client.prenom === 'Mamadou');
  // 2 sacks of feed (35 000) 26 days ago, 20 000 repaid 20 days ago, 10 manure sacks + 2 trays (15 500) 12 days ago.
  expect(mamadou).toMatchObject({ creance: 30500, plus_ancienne: addDays(today, -26), age_jours: 26 });
  expect(relances[0].client.prenom).toBe('Mamadou');
  const khady = relances.find((l) => l.client.prenom === 'Khady');
  // 3 trays (8 250) + 5 manure sacks (5 000, that line cancelled today) 9 days ago, 3 000 repaid 4 days ago.
  expect(khady).toMatchObject({ creance: 5250, plus_ancienne: addDays(today, -9) });
  const releve = await get(`/api/client/releve/${khady.client.id}/${addDays(today, -30)}/${today}`);
  expect(releve.lignes.map((l: any) => [l.type, l.montant])).toEqual([
    ['vente_credit', 13250],
    ['versement', 3000],
    // Cancelled when the seeder ran: a cancel counts on its own day.
    ['annulation_vente', 5000],
  ]);
  for (const l of relances) {
    const r = await get(`/api/client/releve/${l.client.id}/${addDays(today, -60)}/${today}`);
    expect(r.solde_cloture, l.client.prenom).toBe(l.creance);
  }
});
