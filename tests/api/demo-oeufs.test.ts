// The demo business's shed feeding its shop (infra/local/seeders/production.ts), seeded
// through the public API as `npm start` does: the layer flock's egg stock never short on any day
// and where its eggs went (sent to each tray product, broken), the tray products' stock made of
// what was sent minus what the shop sold (none typed by hand), the restock lines of origin
// Production (one cancelled), and the slaughter whose lighter birds became « Poulet PAC ».
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { addDays, todayFor } from '@shared/dates';
import type { Abattage } from '@shared/schemas/abattages';
import type { StockOeufsResponse } from '@shared/schemas/oeufs';
import type { Produit, Reappro } from '@shared/schemas/produits';
import { baseUrl, call, sha256 } from '../helpers/api';

process.env.TABLE_NAME = inject('tableName');
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.JWT_SECRET = 'x'.repeat(32);
process.env.MAIL_OUTBOX_DIR = mkdtempSync(join(tmpdir(), 'ganaar-demo-oeufs-'));

const { DEMO_LOGIN, seedDemo } = await import('../../infra/local/seed');

it('seeds trays sent from the layer flock on true days, breakage, shop sales of them and a slaughter into « Poulet PAC »', async () => {
  expect(['created', 'exists']).toContain(await seedDemo(baseUrl()));
  const login = await call('POST', '/api/login', { username: DEMO_LOGIN.email, password: sha256(DEMO_LOGIN.password) });
  const token = login.body.token as string;
  const get = async <T>(path: string): Promise<T> => {
    const r = await call('GET', path, undefined, { token });
    expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body as T;
  };

  // The products: 30 eggs a tray; M: 3 + 4 + 3 trays sent, 5 sold; L: 2 + 3 + 2 sent (a duplicate
  // of 2 cancelled), 3 sold; Poulet PAC: 14 birds of the slaughter, 6 sold.
  const produits = await get<Produit[]>('/api/produit');
  const named = (nom: string) => produits.find((p) => p.nom === nom)!;
  const m = named("Plateau d'œufs calibre M");
  const l = named("Plateau d'œufs calibre L");
  const pac = named('Poulet PAC');
  expect([m.oeufs_par_unite, l.oeufs_par_unite, pac.oeufs_par_unite ?? null]).toEqual([30, 30, null]);
  expect([m.quantite, l.quantite, pac.quantite]).toEqual([5, 4, 8]);

  const bandes = await get<{ id: number; nom: string }[]>('/api/bande');
  const ponte = bandes.find((b) => b.nom === 'Pondeuses — bâtiment B')!.id;
  const stock = await get<StockOeufsResponse>(`/api/bande/oeufs/${ponte}`);
  expect(stock.ruptures).toEqual([]);
  expect(stock.stock_oeufs).toBeGreaterThan(0);
  expect(stock.stock_oeufs).toBe(stock.par_calibre.s + stock.par_calibre.m + stock.par_calibre.l + stock.par_calibre.xl);
  expect(stock.bilan.transferes).toBe((10 + 7) * 30);
  expect(stock.bilan.casses).toBe(12 + 5);
  expect(stock.bilan.par_produit.map((p) => [p.nom, p.oeufs, p.unites]).sort()).toEqual([
    ["Plateau d'œufs calibre L", 210, 7],
    ["Plateau d'œufs calibre M", 300, 10],
  ]);
  // Where the eggs went adds up: collected = sold from the batch + sent + broken + in stock.
  expect(stock.bilan.collectes).toBe(stock.bilan.vendus + stock.bilan.transferes + stock.bilan.casses + stock.stock_oeufs);
  // The moves on their true past days, the cancelled duplicate listed as such.
  const envois = stock.mouvements.filter((x) => x.genre === 'transfert');
  expect(
    envois
      .filter((x) => x.etat !== 'DELETED')
      .map((x) => x.date)
      .sort(),
  ).toEqual([-15, -15, -9, -9, -2, -2].map((d) => addDays(todayFor(), d)));
  expect(envois.filter((x) => x.etat === 'DELETED')).toHaveLength(1);

  // Restock lines of origin Production: 7 moves (one cancelled) and the slaughter's.
  const reappros = await get<Reappro[]>('/api/produit/reappro/get');
  const production = reappros.filter((r) => r.origine === 'PRODUCTION');
  expect(production).toHaveLength(8);
  expect(production.filter((r) => r.etat === 'CANCELED').map((r) => r.produit.nom)).toEqual(["Plateau d'œufs calibre L"]);
  expect(production.filter((r) => r.source?.type === 'abattage').map((r) => [r.produit.nom, r.quantite])).toEqual([['Poulet PAC', 14]]);

  const abattages = await get<Abattage[]>('/api/bande/abatage/list');
  const abattage = abattages.find((a) => a.categories.some((c) => c.produit?.nom === 'Poulet PAC'))!;
  expect(abattage.date.slice(0, 10)).toBe(addDays(todayFor(), -1));
  expect(abattage.categories.map((c) => [c.quantite, c.produit?.nom ?? null])).toEqual([
    [14, 'Poulet PAC'],
    [6, null],
  ]);
});
