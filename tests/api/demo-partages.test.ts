// The demo business's shared links (infra/local/seeders/partages.ts): after seeding, the
// latest credit sale has a live link whose page opens signed out, an older one a revoked link that
// answers 410, and the statement sent as a reminder is recorded on its client.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { addDays, todayFor } from '@shared/dates';
import type { Partage } from '@shared/schemas/partage';
import type { VenteHistoryResponse } from '@shared/schemas/ventes';
import { baseUrl, call, sha256, testIp, viaCloudFront } from '../helpers/api';

process.env.TABLE_NAME = inject('tableName');
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.JWT_SECRET = 'x'.repeat(32);
process.env.MAIL_OUTBOX_DIR = mkdtempSync(join(tmpdir(), 'ganaar-demo-partages-'));

const { DEMO_LOGIN, seedDemo } = await import('../../infra/local/seed');

it('seeds live and revoked links of real documents, and a reminder', { timeout: 300_000 }, async () => {
  expect(['created', 'exists']).toContain(await seedDemo(baseUrl()));
  const login = await call('POST', '/api/login', { username: DEMO_LOGIN.email, password: sha256(DEMO_LOGIN.password) });
  const token = login.body.token as string;
  const api = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const r = await call(method, path, body, { token });
    expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body as T;
  };
  const history = await api<VenteHistoryResponse>('POST', '/api/vente/boutique', { debut: addDays(todayFor(), -60), fin: todayFor() });
  const credit = history.ventes.filter((v) => v.type === 'EMPRUNT' && v.id_client && v.etat === 'VALID' && v.source === 'BOUTIQUE');
  const live = await api<Partage[]>('GET', `/api/partage?type=recu_vente&id=${credit[0].id_transaction}`);
  expect(live.some((l) => !l.revoque_le)).toBe(true);
  const page = await fetch(live.find((l) => !l.revoque_le)!.url, { headers: viaCloudFront(testIp()) });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Reçu de vente');
  const revoked = await api<Partage[]>('GET', `/api/partage?type=recu_vente&id=${credit[credit.length - 1].id_transaction}`);
  expect(revoked.some((l) => !!l.revoque_le)).toBe(true);
  expect((await fetch(revoked.find((l) => !!l.revoque_le)!.url, { headers: viaCloudFront(testIp()) })).status).toBe(410);
  const clients = await api<{ id: number; derniere_relance: { le: string; par: { nom: string } } | null }[]>('GET', '/api/clients');
  expect(clients.find((c) => c.id === credit[0].id_client)?.derniere_relance?.par.nom).toBeTruthy();
  const statements = await api<Partage[]>('GET', `/api/partage?type=releve_client&id=${credit[0].id_client}`);
  expect(statements).toHaveLength(1);
});
