// One revenue truth in real Chromium, at 1280 and 360 px: a customer order delivered on
// its screen appears in the day's sales history (with its origin) and in its turnover, and in the
// dashboard's shop revenue; a repayment of its balance makes it "Payé" with nothing left to pay.
// First, the product form refuses −5 / −1 / −2 in French (numbers as typed).
// Screenshots under tests/e2e/screenshots/revenue-*.
import type { Page } from 'playwright-core';
import { newBusiness, post } from '../helpers/api';
import { login, go, openSession, showDashboardEnd, type Session } from '../helpers/browser';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
/** Waits until a test id reads `expected` (lists refetch after a navigation). */
const reads = (page: Page, testId: string, expected: string) =>
  page.waitForFunction(([id, want]) => (document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').trim() === want, [
    testId,
    expected,
  ] as const);

async function noSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** A business with a shop, a client, a product, a cash sale of 3 500 today and an order of 7 000 (deposit 2 000). */
async function setup(width: number) {
  const acc = await newBusiness({ entreprise: `Ferme ${width}` });
  const ok = async (path: string, body: unknown) => {
    const r = await post(path, body, acc.token);
    expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };
  await ok('/api/boutique/update', { id_boutique: 1, nom: 'Boutique Centre', adresse: 'Marché Castors' });
  const client = await ok('/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Diop', telephone: '771234567' });
  const poulet = await ok('/api/produit', { id: 0, nom: 'Poulet fermier', description: '', quantite: 20, prix_cession: 2000, prix_vente: 3500 });
  await ok('/api/vente', { produits: [{ id_produit: poulet.id, quantite: 1 }], type: 'DIRECT' });
  const commande = await ok('/api/commande/addCommande', {
    id: 0,
    id_client: client.id,
    produits: [{ id_produit: poulet.id, quantite: 2 }],
    accompte: 2000,
    date_livraison: inDays(3),
  });
  return { acc, numero: commande.numero_commande as string };
}

describe('a delivered order is takings; a repayment pays it', () => {
  let s: Session | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  for (const width of [1280, 360]) {
    it(`at ${width} px`, async () => {
      const { acc, numero } = await setup(width);
      s = await openSession({ width, height: width === 360 ? 740 : 800 });
      const { page, baseUrl } = s;
      page.on('dialog', (d) => void d.accept());
      await login(s, acc);

      // Numbers as typed: −5 / −1 / −2 on the product form are French errors, not a product at 0.
      await go(page, baseUrl, '/produit');
      await page.getByRole('button', { name: 'Créer produit' }).click();
      const form = page.getByRole('dialog', { name: 'Créer produit' });
      await form.getByLabel('Nom').fill('Aliment');
      await form.getByLabel('Quantité').fill('-5');
      await form.getByLabel('Prix de cession').fill('-1');
      await form.getByLabel('Prix de vente').fill('-2');
      await form.getByRole('button', { name: 'Enregistrer' }).click();
      await form.getByText('La quantité ne peut pas être négative').waitFor();
      await form.getByText('Le prix de cession ne peut pas être négatif').waitFor();
      await form.getByText('Le prix de vente ne peut pas être négatif').waitFor();
      await s.shot('revenue-produit-negatif');
      await form.getByRole('button', { name: 'Annuler' }).click();
      expect(await page.locator('tbody tr, li.dt-card').filter({ hasText: 'Aliment' }).count()).toBe(0);

      // Before delivery: only the cash sale is takings.
      await go(page, baseUrl, '/vente');
      await reads(page, 'chiffre-affaire', '3 500 FCFA');

      // ── the order is delivered on its screen ──
      await go(page, baseUrl, `/commande/${numero}`);
      await page.getByRole('heading', { name: 'Informations Commande' }).waitFor();
      expect(await text(page, 'commande-reste')).toBe('5 000 FCFA');
      await page.getByRole('button', { name: 'Livré' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Oui, livrée' }).click();
      await page.getByText('Commande livrée').waitFor();
      await page.getByTestId('commande-livraison').getByText('Livré').waitFor();
      expect(await text(page, 'commande-paiement')).toBe('En attente');
      await s.shot('revenue-commande-livree');

      // ── the day's history: the order's line, its origin, in the turnover, no delete icon ──
      await go(page, baseUrl, '/vente');
      await reads(page, 'chiffre-affaire', '10 500 FCFA');
      const orderRow = page.locator('tbody tr, li.dt-card').filter({ hasText: `Commande ${numero}` });
      await orderRow.waitFor();
      expect(await orderRow.textContent()).toContain('7 000 FCFA');
      expect(await orderRow.getByRole('button').count()).toBe(0);
      await noSidewaysScroll(page, '/vente');
      await s.shot('revenue-historique');

      // ── the dashboard's shop revenue ──
      await go(page, baseUrl, '/dashboard');
      await showDashboardEnd(page);
      await reads(page, 'dash-ventes-boutique', '10 500 FCFA');
      await noSidewaysScroll(page, '/dashboard');
      await s.shot('revenue-dashboard');

      // ── a repayment of the balance: the order becomes "Payé" ──
      await go(page, baseUrl, '/versement');
      await page.getByRole('button', { name: 'Enregistrer remboursement' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remboursement' });
      await dialog.getByLabel('Client (prénom, nom ou téléphone)').fill('awa');
      await dialog.getByRole('button', { name: 'Rechercher' }).click();
      expect(await dialog.getByTestId('summary-creance').textContent()).toBe('5 000 FCFA');
      await dialog.getByLabel('Montant').fill('5000');
      await dialog.getByRole('button', { name: 'Valider' }).click();
      await page.getByText('Versement enregistré').waitFor();

      await go(page, baseUrl, `/commande/${numero}`);
      await reads(page, 'commande-paiement', 'Payé');
      expect(await text(page, 'commande-accompte')).toBe('2 000 FCFA');
      expect(await text(page, 'commande-regle')).toBe('5 000 FCFA');
      expect(await text(page, 'commande-reste')).toBe('0 FCFA');
      await page.getByTestId('commande-paiements').getByRole('link', { name: 'Remboursement' }).waitFor();
      await noSidewaysScroll(page, `/commande/${numero}`);
      await s.shot('revenue-commande-payee');

      await go(page, baseUrl, '/commande');
      await page.locator('tbody tr, li.dt-card').filter({ hasText: numero }).getByText('Payé').waitFor();
      // The takings did not move: a repayment is cash, not a sale.
      await go(page, baseUrl, '/vente');
      await reads(page, 'chiffre-affaire', '10 500 FCFA');
    });
  }
});
