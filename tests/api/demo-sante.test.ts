// The demo business's flock health (infra/local/seeders/sante.ts), seeded through the public API
// as `npm start` does: a batch on a plan with steps done (their lots kept), late and to come, one
// treatment whose withdrawal runs today, the batch header and « À faire aujourd'hui » saying so,
// and a sale of that batch's birds refused with the withdrawal's last day.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { todayFor } from '@shared/dates';
import { SANTE_MSG } from '@shared/messages/sante';
import type { SanteAFaire, SanteBande } from '@shared/schemas/sante';
import { baseUrl, call, sha256 } from '../helpers/api';

process.env.TABLE_NAME = inject('tableName');
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.JWT_SECRET = 'x'.repeat(32);
process.env.MAIL_OUTBOX_DIR = mkdtempSync(join(tmpdir(), 'ganaar-demo-sante-'));

const { DEMO_LOGIN, seedDemo } = await import('../../infra/local/seed');

it('seeds a plan with steps done, late and to come, and a treatment whose withdrawal refuses a sale today', async () => {
  expect(['created', 'exists']).toContain(await seedDemo(baseUrl()));
  const login = await call('POST', '/api/login', { username: DEMO_LOGIN.email, password: sha256(DEMO_LOGIN.password) });
  const token = login.body.token as string;
  const get = async <T>(path: string): Promise<T> => {
    const r = await call('GET', path, undefined, { token });
    expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body as T;
  };
  const today = todayFor();
  const bandes = await get<{ id: number; nom: string }[]>('/api/bande');
  const idOf = (nom: string) => bandes.find((b) => b.nom === nom)!.id;

  // The five-week batch: on a plan of the business's own, each state a farmer meets.
  const a = await get<SanteBande>(`/api/sante/bande/${idOf('Chair — bâtiment A')}`);
  expect(a.nom_plan).toBe('Chair Keur Massar');
  const statuts = new Set(a.etapes.map((e) => e.statut));
  for (const s of ['fait', 'en_retard', 'a_venir'] as const) expect(statuts, s).toContain(s);
  for (const e of a.etapes.filter((x) => x.statut === 'fait')) {
    expect(e.lot, e.intitule).toBeTruthy();
    expect(e.produit, e.intitule).toBeTruthy();
    expect(e.expiration! >= e.date!, e.intitule).toBe(true);
  }

  // The young batch: its treatment's meat withdrawal runs today, on its header and in « À faire ».
  const idC = idOf('Chair — bâtiment C');
  const c = await get<SanteBande>(`/api/sante/bande/${idC}`);
  const fin = c.attente.viande_jusqu_au!;
  expect(fin > today).toBe(true);
  expect(c.traitements.filter((t) => t.etat === 'ACTIVE')).toHaveLength(1);
  expect((await get<{ attente?: { viande_jusqu_au?: string } }>(`/api/bande/${idC}`)).attente?.viande_jusqu_au).toBe(fin);
  const aFaire = await get<SanteAFaire>('/api/sante/a-faire');
  expect(aFaire.attentes).toEqual([expect.objectContaining({ id_bande: idC, viande_jusqu_au: fin })]);
  expect(aFaire.etapes.some((e) => e.statut === 'en_retard')).toBe(true);
  expect(aFaire.alertes).toEqual([expect.objectContaining({ id_bande: idC, type: 'mortalite', date: today })]);
  const vente = await call('POST', '/api/bande/vente', { id_bande: idC, id_vente: -1, prix_unitaire: 3000, quantite: 1, date: today }, { token });
  expect(vente.status).toBe(409);
  expect(vente.body.message).toBe(SANTE_MSG.attenteViande(fin));
});
