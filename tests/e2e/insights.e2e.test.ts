// Farm insights in real Chromium: a broiler batch's indicators and its charts (weight
// against the Cobb 500 standard, mortality by week), a layer batch against the business's own
// laying targets (hen-day %, eggs by size), the dashboard's months, at 1280 and 360 px (charts
// drawn on a canvas that fits the phone's width, no page overflow). Screenshots under
// tests/e2e/screenshots/.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { get, newBusiness, post, type Account } from '../helpers/api';
import { openSession, showDashboardEnd, type Session } from '../helpers/browser';
import { login } from '../helpers/bandes-ui';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const nbsp = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/**
 * Waits for a chart's canvas to be laid out and answers its width. The canvas can be attached and
 * not yet visible (no box) for a moment after the chart mounts: seen as a null box when the CPU
 * is shared with other test files, so the box itself is what is waited for.
 */
async function chartWidth(page: Page, testId: string): Promise<number> {
  // The batch's curves are a uPlot canvas, the dashboard's bars an SVG.
  const canvas = page.getByTestId(testId).locator('canvas, svg');
  await canvas.waitFor();
  let width = 0;
  await expect.poll(async () => (width = (await canvas.boundingBox())?.width ?? 0)).toBeGreaterThan(0);
  return width;
}

describe('insights journey', () => {
  let a: Account;
  let s: Session | undefined;
  const ids: { chair?: number; ponte?: number; transaction?: number; versement?: number; commande?: string } = {};

  beforeAll(async () => {
    a = await newBusiness({ entreprise: 'Ferme de Thiès' });
    const ok = async (path: string, body: unknown) => {
      const r = await post(path, body, a.token);
      expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
      return r.body;
    };
    // A Cobb 500 broiler batch started 35 days ago, weighed every week a little under the standard.
    const chair = await ok('/api/bande/create', { nom: 'Chair Cobb', nb_sujet: 600, date_demarage: day(-35), type: 'chair', id_bande: -1 });
    ids.chair = chair.id;
    for (const [d, g] of [
      [7, 190],
      [14, 540],
      [21, 1050],
      [28, 1690],
      [35, 2400],
    ]) {
      await ok('/api/bande/pesage', { pesage: { poids_moyen: g, unite: 'g', echantillon: 20, date_prise: day(-35 + d) }, id_bande: chair.id });
    }
    await ok('/api/bande/depense', {
      depense: { id_type_depense: 1, designation: 'Aliment croissance', prix_unitaire: 17500, quantite: 40, unite: 'sac50' },
      id_bande: chair.id,
    });
    await ok('/api/bande/depense', { depense: { id_type_depense: 2, designation: 'Poussins', prix_unitaire: 450, quantite: 600 }, id_bande: chair.id });
    // losses over several weeks, each recorded with the day it happened
    for (const [d, n] of [
      [2, 12],
      [5, 6],
      [12, 4],
      [20, 3],
      [33, 2],
    ]) {
      await ok('/api/bande/perte', { nombre: n, id_bande: chair.id, date: day(-35 + d) });
    }
    await ok('/api/bande/vente', { prix_unitaire: 3000, quantite: 200, id_bande: chair.id, id_vente: -1 });

    // A layer flock placed at 18 weeks, 40 days ago, with the business's own laying targets.
    await ok('/api/race', {
      code: 'lohmann-brown',
      poids: [],
      ic: [],
      ponte: [
        { semaine: 19, pct: 10 },
        { semaine: 20, pct: 40 },
        { semaine: 21, pct: 70 },
        { semaine: 22, pct: 85 },
        { semaine: 23, pct: 90 },
        { semaine: 24, pct: 92 },
      ],
    });
    const ponte = await ok('/api/bande/create', {
      nom: 'Pondeuses Lohmann',
      nb_sujet: 300,
      date_demarage: day(-40),
      type: 'pondeuse',
      id_bande: -1,
      age_demarrage: 126,
    });
    ids.ponte = ponte.id;
    for (let d = 5; d <= 40; d += 5) {
      const n = Math.round(300 * Math.min(0.9, d / 42));
      const xl = Math.round(n * 0.1);
      const l = Math.round(n * 0.3);
      const m = Math.round(n * 0.4);
      await ok('/api/bande/collect', {
        id_bande: ponte.id,
        id: -1,
        collecte: n,
        calibres: JSON.stringify({ s: n - xl - l - m, m, l, xl }),
        date_collecte: day(-40 + d),
      });
    }
    await ok('/api/bande/depense', {
      depense: { id_type_depense: 1, designation: 'Aliment ponte', prix_unitaire: 16000, quantite: 60, unite: 'sac50' },
      id_bande: ponte.id,
    });

    // The shop: a sale on credit, a repayment, an order.
    // The sign-up created the business's first shop: name and place it (its address prints on receipts).
    const [shop] = (await get('/api/boutique', a.token)).body;
    await ok('/api/boutique/update', { id_boutique: shop.id, nom: 'Boutique Thiès Centre', adresse: 'Avenue Lamine Guèye, Thiès' });
    const client = await ok('/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Diop', telephone: '771234567' });
    const poulet = await ok('/api/produit', { id: 0, nom: 'Poulet prêt à cuire', description: 'frais', quantite: 100, prix_cession: 2000, prix_vente: 3500 });
    const oeufs = await ok('/api/produit', { id: 0, nom: 'Plateau de 30 œufs', description: '', quantite: 100, prix_cession: 2000, prix_vente: 2750 });
    const sale = await ok('/api/vente', {
      produits: [
        { id_produit: poulet.id, quantite: 3 },
        { id_produit: oeufs.id, quantite: 2 },
      ],
      type: 'EMPRUNT',
      id_client: client.id,
    });
    ids.transaction = sale.id_transaction;
    ids.versement = (await ok('/api/versement', { id_client: client.id, montant: 10_000 })).versement.id;
    ids.commande = (
      await ok('/api/commande/addCommande', {
        id: 0,
        id_client: client.id,
        produits: [{ id_produit: poulet.id, produit: 'Poulet', quantite: 10, prix_unitaire: 1 }],
        accompte: 5000,
        date_livraison: day(7),
      })
    ).numero_commande;
  });

  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  for (const width of [1280, 360]) {
    it(`prints a sale receipt, a repayment receipt, an invoice and a batch report (${width} px)`, async () => {
      s = await openSession({ width, height: 900 });
      const { page } = s;
      await login(s, a);
      await page.goto(`${s.baseUrl}/#/recu/vente/${day(0)}/${ids.transaction}`);
      await page.getByTestId('doc-total').getByText('16 000 FCFA').waitFor();
      await page.getByText('seize mille francs CFA').waitFor();
      // the business's name comes from its own query, which may answer after the sale's
      await page.getByTestId('doc-entreprise').getByText('Ferme de Thiès', { exact: true }).waitFor();
      await page.getByText('Avenue Lamine Guèye, Thiès', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Imprimer' }).waitFor();
      await s.shot('recu-vente');
      // paper: the shell and the buttons are gone, the receipt stays
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.sidebar').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Imprimer' }).isVisible()).toBe(false);
      expect(await page.getByTestId('document').isVisible()).toBe(true);
      await s.shot('recu-vente-print');
      await page.emulateMedia({ media: 'screen' });

      await page.goto(`${s.baseUrl}/#/recu/versement/${ids.versement}`);
      await page.getByTestId('doc-total').getByText('10 000 FCFA').waitFor();
      await page.getByText('dix mille francs CFA', { exact: false }).waitFor();
      await s.shot('recu-versement');

      await page.goto(`${s.baseUrl}/#/facture/${ids.commande}`);
      await page.getByTestId('doc-total').getByText('35 000 FCFA').waitFor();
      await page.getByText('Reste à payer : 30 000 FCFA').waitFor();
      await s.shot('facture');

      await page.goto(`${s.baseUrl}/#/bande/${ids.chair}`);
      await page.getByTestId('rapport-link').click();
      await page.getByTestId('rapport-nom').getByText('Chair Cobb').waitFor();
      await chartWidth(page, 'chart-poids');
      await s.shot('rapport-bande');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    it(`shows a broiler batch's indicators and charts (${width} px)`, async () => {
      s = await openSession({ width, height: 900 });
      const { page } = s;
      await login(s, a);
      await page.goto(`${s.baseUrl}/#/bande/${ids.chair}`);
      await page.getByTestId('ind-vivants').waitFor();
      // 600 placed − 27 dead − 200 sold
      expect(nbsp(await page.getByTestId('ind-vivants').textContent())).toBe('373');
      expect(nbsp(await page.getByTestId('ind-viabilite').textContent())).toBe('95,5 %');
      expect(nbsp(await page.getByTestId('ind-poids').textContent())).toBe('2 400 g');
      // 2000 kg of feed / (573 × 2.4 kg) = 1.454
      expect(nbsp(await page.getByTestId('ind-ic').textContent())).toBe('1,454');
      await page.getByTestId('bande-race').getByText('Cobb 500').waitFor();
      const w = await chartWidth(page, 'chart-poids');
      expect(w).toBeGreaterThan(200);
      expect(w).toBeLessThanOrEqual(width);
      await chartWidth(page, 'chart-mortalite');
      await page.getByTestId('chart-poids').scrollIntoViewIfNeeded();
      await s.shot('insights-chair');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    it(`shows a layer batch against the business's laying targets (${width} px)`, async () => {
      s = await openSession({ width, height: 900 });
      const { page } = s;
      await login(s, a);
      await page.goto(`${s.baseUrl}/#/bande/${ids.ponte}`);
      await page.getByTestId('ind-ponte').waitFor();
      await page.getByTestId('bande-race').getByText('Lohmann Brown-Classic (vos objectifs)').waitFor();
      await chartWidth(page, 'chart-ponte');
      await chartWidth(page, 'chart-calibres');
      await s.shot('insights-ponte');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    it(`shows the year month by month on the dashboard (${width} px)`, async () => {
      s = await openSession({ width, height: 900 });
      const { page } = s;
      await login(s, a);
      await page.goto(`${s.baseUrl}/#/dashboard`);
      await showDashboardEnd(page);
      await chartWidth(page, 'chart-mois');
      const year = (await get(`/api/dashboard/mois/${day(0).slice(0, 4)}`, a.token)).body;
      const month = year.mois.find((m: any) => m.mois === day(0).slice(0, 7));
      expect(month.chiffre_affaire).toBe(600_000);
      await page.getByTestId('table-mois').getByText('600 000 FCFA').first().waitFor();
      await s.shot('insights-dashboard');
    });
  }

  it('chooses a breed in the batch dialog and records feed with its unit: the FCR follows (1280 px)', async () => {
    s = await openSession({ width: 1280, height: 900 });
    const { page } = s;
    await login(s, a);
    await page.goto(`${s.baseUrl}/#/bande/${ids.chair}`);
    await page.getByTestId('ind-ic').getByText('1,454').waitFor();
    await page.getByRole('button', { name: 'Ajouter une dépense' }).click();
    const d = page.getByRole('dialog', { name: 'Ajouter une dépense' });
    await d.getByLabel('Type de dépense').selectOption({ label: 'Aliment' });
    await d.getByLabel('Désignation').fill('Aliment finition');
    await d.getByLabel('Prix unitaire (FCFA)').fill('17500');
    await d.getByLabel('Quantité').fill('10');
    await d.getByLabel('Unité', { exact: true }).selectOption({ label: 'sac de 50 kg' });
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    await d.waitFor({ state: 'detached' });
    // 2500 kg / (573 × 2.4 kg) = 1.818
    await page.getByTestId('ind-aliment').getByText('2 500 kg').waitFor();
    await page.getByTestId('ind-ic').getByText('1,818').waitFor();

    await page.getByRole('button', { name: 'Modifier', exact: true }).first().click();
    const b = page.getByRole('dialog', { name: 'Modifier la bande' });
    await b.getByLabel('Souche').selectOption({ label: 'Ross 308' });
    await s.shot('bande-dialog-souche');
    await b.getByRole('button', { name: 'Valider' }).click();
    await b.waitFor({ state: 'detached' });
    await page.getByTestId('bande-race').getByText('Ross 308').waitFor();
    // the day-35 weighing (2 400 g) is now compared with Aviagen's published Ross 308 curve
    await page.getByText('standard 2 296 g', { exact: false }).waitFor();
    expect(await page.getByText('n’est pas encore renseignée', { exact: false }).count()).toBe(0);
    expect((await get(`/api/bande/${ids.chair}`, a.token)).body.race).toBe('ross308');

    // the business enters its own Ross 308 targets: the chart compares with them instead
    await page.getByRole('button', { name: 'Objectifs de souche' }).click();
    const r = page.getByRole('dialog', { name: 'Objectifs de souche : Ross 308' });
    await r.getByLabel('Poids par âge (jour;g)').fill('7;200\n14;550\n21;1080\n28;1720\n35;2450\n42;3200');
    await r.getByRole('button', { name: 'Enregistrer' }).click();
    await r.waitFor({ state: 'detached' });
    await page.getByTestId('bande-race').getByText('Ross 308 (vos objectifs)').waitFor();
    expect(await page.getByText('n’est pas encore renseignée', { exact: false }).count()).toBe(0);
    await page.getByText('standard 2 450 g', { exact: false }).waitFor();
  });
});
