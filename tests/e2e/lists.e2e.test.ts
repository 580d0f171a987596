// Lists and forms a phone can use, in real Chromium: lists built for phones (cards at 360 px with every figure and action,
// nothing wider than the screen; a table at 1280 px whose actions all fit — "Mettre en ligne"
// whole), archive and restore with the app's own confirm dialog, Escape closing the slide-in menu
// and a dialog, an unsaved form surviving a reload, and a 6–12 MB phone photo reduced on the device
// before it is sent, published in one step from the product list, then taken off the storefront.
import type { Locator, Page } from 'playwright-core';
import { newBusiness, post, type Account } from '../helpers/api';
import { cameraJpeg } from '../helpers/images';
import { login, go, openSession, type Session } from '../helpers/browser';

/** A list's row, whichever layout: a table row (laptop) or a card (phone). */
const item = (page: Page, text: string | RegExp) => page.locator('tbody tr, li.dt-card').filter({ hasText: text });

/** Every button of `scope` is whole (not cut by its box) and inside the viewport's width. */
async function buttonsWhole(scope: Locator, width: number) {
  const boxes = await scope.locator('button, a.btn').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent, left: r.left, right: r.right, cut: el.scrollWidth > el.clientWidth + 1 };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const b of boxes) {
    expect(b.cut, `${b.text} cut`).toBe(false);
    expect(b.left, `${b.text} left`).toBeGreaterThanOrEqual(0);
    expect(b.right, `${b.text} right`).toBeLessThanOrEqual(width);
  }
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('lists, undo and photos', () => {
  let acc: Account;
  let s: Session | undefined;

  beforeAll(async () => {
    acc = await newBusiness({ entreprise: 'Ferme Thiès' });
    for (const [nom, prix] of [
      ['Poulet de chair entier', 3500],
      ['Plateau de 30 œufs', 2500],
      ['Produit saisi par erreur', 100],
    ] as const) {
      const r = await post('/api/produit', { id: 0, nom, description: 'frais', quantite: 12, prix_cession: prix / 2, prix_vente: prix }, acc.token);
      expect(r.status).toBe(200);
    }
    expect((await post('/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Diop' }, acc.token)).status).toBe(200);
    expect(
      (await post('/api/bande/create', { id_bande: -1, nom: 'Chair Thiès', nb_sujet: 500, date_demarage: daysAgo(12), type: 'chair' }, acc.token)).status,
    ).toBe(200);
  });

  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  for (const width of [360, 1280]) {
    it(`at ${width} px every list shows its rows' figures and all their actions, nothing cut or wider than the screen`, async () => {
      s = await openSession({ width, height: width === 360 ? 740 : 800 });
      const { page, baseUrl } = s;
      await login(s, acc);
      for (const [hash, text, name] of [
        ['/produit', 'Poulet de chair entier', 'lists-produits'],
        ['/client', 'Awa Diop', 'lists-clients'],
        ['/bande', 'Chair Thiès', 'lists-bandes'],
      ] as const) {
        await go(page, baseUrl, hash);
        const row = item(page, text);
        await row.waitFor();
        if (width === 360) {
          // A card per row, with its labelled figures: no table, nothing scrolls sideways.
          expect(await page.locator('li.dt-card').count()).toBeGreaterThan(0);
          expect(await page.locator('main table').count(), hash).toBe(0);
          expect(await row.locator('dt').count(), hash).toBeGreaterThan(0);
        } else {
          expect(await page.locator('main table').count(), hash).toBeGreaterThan(0);
        }
        await buttonsWhole(row, width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), hash).toBeLessThanOrEqual(width);
        await s.shot(name);
      }
      // The product list's storefront action is whole ("Mettre en ligne", never "Me").
      await go(page, baseUrl, '/produit');
      const mettre = item(page, 'Poulet de chair entier').getByRole('button', { name: 'Mettre en ligne' });
      expect(await mettre.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().width > 60)).toBe(true);
    });
  }

  it('archives a product with the app’s dialog, lists it under "Afficher les archivés", restores it (360 px)', async () => {
    s = await openSession({ width: 360, height: 740 });
    const { page, baseUrl } = s;
    let nativeDialog = false;
    page.on('dialog', (d) => ((nativeDialog = true), void d.dismiss()));
    await login(s, acc);
    await go(page, baseUrl, '/produit');
    await item(page, 'Produit saisi par erreur').getByRole('button', { name: 'Archiver' }).click();
    const confirm = page.getByRole('dialog', { name: 'Archiver le produit' });
    await confirm.getByText('Vous pourrez le restaurer').waitFor();
    await s.shot('lists-archive-confirm');
    await confirm.getByRole('button', { name: 'Oui, archiver' }).click();
    await page.getByText('Produit archivé').waitFor();
    await item(page, 'Produit saisi par erreur').waitFor({ state: 'detached' });
    await page.getByLabel('Afficher les archivés').check();
    const archived = item(page, 'Produit saisi par erreur');
    await archived.getByText('Archivé', { exact: true }).waitFor();
    await s.shot('lists-archives');
    await archived.getByRole('button', { name: 'Restaurer' }).click();
    await page.getByText('Produit restauré').waitFor();
    await page.getByLabel('Afficher les archivés').uncheck();
    await item(page, 'Produit saisi par erreur').getByRole('button', { name: 'Archiver' }).waitFor();
    expect(nativeDialog).toBe(false);
  });

  it('Escape closes the slide-in menu and a dialog; an unsaved form survives a reload and is gone once closed (360 px)', async () => {
    s = await openSession({ width: 360, height: 740 });
    const { page, baseUrl } = s;
    await login(s, acc);
    await go(page, baseUrl, '/produit');
    const burger = page.getByRole('button', { name: 'Ouvrir le menu' });
    await burger.click();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Ouvrir le menu');

    await page.getByRole('button', { name: 'Créer produit' }).click();
    let dialog = page.getByRole('dialog', { name: 'Créer produit' });
    await dialog.getByLabel('Nom').fill('Sac de fumier');
    await dialog.getByLabel('Prix de vente').fill('1500');
    // The phone drops the tab: the form comes back with what was typed.
    await page.reload();
    await page.waitForLoadState('networkidle');
    dialog = page.getByRole('dialog', { name: 'Créer produit' });
    await dialog.getByTestId('draft-note').waitFor();
    expect(await dialog.getByLabel('Nom').inputValue()).toBe('Sac de fumier');
    expect(await dialog.getByLabel('Prix de vente').inputValue()).toBe('1500');
    await s.shot('lists-draft-restored');
    // Escape closes the dialog on purpose: the draft goes with it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await page.waitForLoadState('networkidle');
    await item(page, 'Poulet de chair entier').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('puts a product online in one step with a 6–12 MB phone photo reduced on the device, then takes it off the storefront (1280 px)', async () => {
    s = await openSession({ width: 1280 });
    const { page, baseUrl } = s;
    await login(s, acc);
    const photo = await cameraJpeg(4000, 3000);
    expect(photo.length).toBeGreaterThan(6 * 1024 * 1024);
    expect(photo.length).toBeLessThan(12 * 1024 * 1024);
    const sent: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/produit/saveEcomImage')) sent.push(r.postDataBuffer()?.length ?? 0);
    });
    await go(page, baseUrl, '/produit');
    await item(page, 'Plateau de 30 œufs').getByRole('button', { name: 'Mettre en ligne' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mettre le produit en ligne' });
    await dialog.getByText('Photos de 20 Mo au plus').waitFor();
    await dialog.getByLabel('Ville').fill('Thiès');
    await dialog.getByLabel('Adresse').fill('Route de Mbour');
    await dialog.getByLabel('Images').setInputFiles({ name: 'IMG_20261126.jpg', mimeType: 'image/jpeg', buffer: photo });
    await dialog.locator('.ecom-thumbs img').waitFor({ timeout: 60_000 });
    // What left the phone is the reduced photo, far under the API's 4 Mo.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThan(2 * 1024 * 1024);
    await s.shot('lists-photo-reduced');
    await dialog.getByRole('button', { name: 'Enregistrer et publier' }).click();
    await page.getByText('Produit mis en ligne').waitFor();
    await go(page, baseUrl, '/produit');
    const row = item(page, 'Plateau de 30 œufs');
    await row.getByText('En ligne', { exact: true }).waitFor();
    await buttonsWhole(row, 1280);
    await s.shot('lists-produit-en-ligne');
    await row.getByRole('button', { name: 'Retirer de la vitrine' }).click();
    await page.getByText('Produit retiré de la vitrine').waitFor();
    await row.getByText('Non publié').waitFor();
    await row.getByRole('button', { name: 'Publier' }).waitFor();
  });
});
