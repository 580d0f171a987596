// The demo business's feed store and daily sheets (infra/local/seeders/aliment.ts),
// seeded through the public API as `npm start` does: the store never below zero on any day, each
// active batch fed from it for its last month and with its sheets, the young sick batch's water
// drop in « À faire », and no bird or egg figure made impossible by the rounds' losses.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { addDays, daysBetween, todayFor } from '@shared/dates';
import { RACES } from '@shared/breeds';
import { consommationStandard } from '@shared/formulas';
import { baseUrl, call, sha256 } from '../helpers/api';

process.env.TABLE_NAME = inject('tableName');
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.JWT_SECRET = 'x'.repeat(32);
process.env.MAIL_OUTBOX_DIR = mkdtempSync(join(tmpdir(), 'ganaar-demo-aliment-'));

const { DEMO_LOGIN, seedDemo } = await import('../../infra/local/seed');

it('seeds a store that is never short, a month of consumption, three weeks of sheets and the water alert', async () => {
  expect(['created', 'exists']).toContain(await seedDemo(baseUrl()));
  const login = await call('POST', '/api/login', { username: DEMO_LOGIN.email, password: sha256(DEMO_LOGIN.password) });
  const token = login.body.token as string;
  const get = async (path: string) => {
    const r = await call('GET', path, undefined, { token });
    expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };
  const stock = await get('/api/aliment/stock');
  expect(stock.stock_kg).toBeGreaterThan(0);
  expect(stock.jours.length).toBeGreaterThan(25);
  for (const j of stock.jours) expect(j.stock_kg, j.date).toBeGreaterThanOrEqual(0);
  expect(stock.bandes.map((b: { nom_bande: string }) => b.nom_bande).sort()).toEqual(['Chair — bâtiment A', 'Chair — bâtiment C', 'Pondeuses — bâtiment B']);

  const bandes: { id: number; nom: string }[] = await get('/api/bande');
  for (const nom of ['Chair — bâtiment A', 'Pondeuses — bâtiment B', 'Chair — bâtiment C']) {
    const id = bandes.find((b) => b.nom === nom)!.id;
    const detail = await get(`/api/bande/${id}`);
    expect(detail.aliment.kg, nom).toBeGreaterThan(0);
    expect(detail.aliment.cout, nom).toBeGreaterThan(0);
    const jours: { date: string; vivants: number; eau_litres?: number; aliment_kg?: number; ratio_eau_aliment?: number }[] = await get(
      `/api/bande/fiche/${id}`,
    );
    // A broiler eats its breed's published intake a bird alive, every day: the birds slaughtered
    // or sold on a day eat nothing after it (the demo's own ration, read back from the server).
    const race = RACES.find((r) => r.code === detail.race);
    if (detail.type === 'chair' && race)
      for (const j of jours.filter((x) => x.aliment_kg !== undefined && x.vivants > 0)) {
        const age = daysBetween(detail.date_demarage.slice(0, 10), j.date) + (detail.age_demarrage ?? 0);
        const g = consommationStandard(race, age)!;
        expect((j.aliment_kg! * 1000) / j.vivants / g, `${nom} le ${j.date}: g par sujet / g publiés`).toBeCloseTo(1, 1);
      }
    const today = jours.find((j) => j.date === todayFor())!;
    expect(today.vivants, nom).toBeGreaterThan(0);
    expect(today.eau_litres, nom).toBeGreaterThan(0);
    expect(today.aliment_kg, nom).toBeGreaterThan(0);
    // Three weeks of sheets (or the batch's whole life), a month of consumption.
    expect(jours.filter((j) => j.eau_litres !== undefined && j.date >= addDays(todayFor(), -20)).length, nom).toBeGreaterThanOrEqual(
      Math.min(21, jours.length),
    );
  }
  const aFaire = await get('/api/sante/a-faire');
  expect(aFaire.eau).toEqual([expect.objectContaining({ nom_bande: 'Chair — bâtiment C', date: todayFor(), baisse_pct: 30 })]);
});
