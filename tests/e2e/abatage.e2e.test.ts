// Slaughter journey in real Chromium: a slaughter of 50 birds of a batch split into two
// weight categories (a duplicate refused), its details, an edit, and the batch detail counting the
// slaughtered birds. Screens at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { newBusiness, post, type Account } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';
import { login, go, openSession } from '../helpers/browser';

const row = (page: Page, text: string | RegExp) => page.locator('tbody tr, li.dt-card').filter({ hasText: text });

async function addCategory(page: Page, q: string, min: string, max: string) {
  await page.getByLabel('Quantité', { exact: true }).fill(q);
  await page.getByLabel('Poids min (kg)').fill(min);
  await page.getByLabel('Poids max (kg)').fill(max);
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
}

describe('slaughter journey', () => {
  let acc: Account;
  let bandeId: number;

  beforeAll(async () => {
    acc = await newBusiness({ entreprise: 'Ferme Abattoir' });
    const b = await post('/api/bande/create', { id_bande: -1, nom: 'Lot Cobb', type: 'chair', nb_sujet: 100, date_demarage: pastDay('10-01') }, acc.token);
    bandeId = b.body.id ?? b.body.bande?.id;
  });

  it('records a slaughter with categories, shows its details, edits it, and the batch counts the birds', async () => {
    const s = await openSession();
    try {
      const { page, baseUrl } = s;
      await login(s, acc);
      await page.locator('#sidebar nav').getByRole('link', { name: 'Abattage', exact: true }).click();
      await page.getByText('Aucun abattage').waitFor();
      await page.getByRole('link', { name: 'Nouvel abattage' }).click();
      await page.getByLabel('Nombre total de poulets').fill('50');
      await page.getByLabel('Bande').selectOption({ label: 'Lot Cobb / 100 vivants' });
      await page.getByLabel('Ajouter une catégorie').check();
      await addCategory(page, '30', '1.2', '1.5');
      await addCategory(page, '30', '1.2', '1.5');
      await page.getByText('Cette catégorie existe déjà').waitFor();
      await addCategory(page, '20', '1.5', '2');
      await page.getByTestId('categories-total').getByText('Total des catégories : 50').waitFor();
      await s.shot('abatage-form');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Abattage enregistré').waitFor();
      await row(page, 'Lot Cobb').waitFor();
      await s.shot('abatage-list');

      await row(page, 'Lot Cobb').getByRole('button', { name: 'Détails' }).click();
      const dialog = page.getByRole('dialog', { name: "Détails de l'abattage" });
      await dialog.getByTestId('abatage-details').getByText('50').waitFor();
      expect(await dialog.locator('tbody tr').count()).toBe(2);
      await s.shot('abatage-details');
      await dialog.getByRole('button', { name: /Fermer/ }).click();

      // Edit: the 20 category is removed, 15 of 2 to 2.5 kg added, total 45.
      await row(page, 'Lot Cobb').getByRole('link', { name: 'Modifier' }).click();
      await page.getByLabel('Nombre total de poulets').fill('45');
      await row(page, /^20/).getByRole('button', { name: 'Supprimer' }).click();
      await page.getByLabel('Ajouter une catégorie').check();
      await addCategory(page, '15', '2', '2.5');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Abattage enregistré').waitFor();
      await row(page, 'Lot Cobb').locator('td:first-child', { hasText: /^45$/ }).waitFor();

      await go(page, baseUrl, `/bande/${bandeId}`);
      expect(await page.getByTestId('card-abattus').textContent()).toContain('45');
    } finally {
      await s.close();
    }
  });

  it('the slaughter screens fit a 360 px phone', async () => {
    const s = await openSession({ width: 360 });
    try {
      await login(s, acc);
      for (const [path, name] of [
        ['/abatage', 'abatage-list'],
        ['/newabatage/1', 'abatage-form'],
      ] as const) {
        await go(s.page, s.baseUrl, path);
        await s.page.getByRole('heading', { level: 1 }).waitFor();
        await s.page.waitForLoadState('networkidle');
        await s.shot(name);
        expect(await s.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), path).toBe(false);
      }
    } finally {
      await s.close();
    }
  });
});
