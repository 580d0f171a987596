// The shop journey in real Chromium over the local stack: client → shop → product →
// restock (and a cancelled restock) → EMPRUNT sale → the client's creance on screen → repayment →
// order with deposit → delivery → stock and creance checked on screen; a DIRECT sale cancelled in
// the sales history and the turnover after it. Then every shop screen at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { newBusiness, type Account } from '../helpers/api';
import { login, go, openSession, type Session } from '../helpers/browser';

/** The table row holding `text`. */
const row = (page: Page, text: string | RegExp) => page.locator('tbody tr, li.dt-card').filter({ hasText: text });

/** Waits until the stock cell of a product row reads `n` (the list refetches after navigation). */
const stockIs = (page: Page, produit: string, n: number) =>
  row(page, produit)
    .locator('td:nth-child(2)', { hasText: new RegExp(`^${n}$`) })
    .waitFor();

describe('shop journey', () => {
  let acc: Account;
  let s: Session;

  beforeAll(async () => {
    acc = await newBusiness({ entreprise: 'Ferme Keur Massar' });
  });

  afterEach(async () => {
    await s?.close();
  });

  it('client → shop → product → restock → EMPRUNT sale → repayment → order delivered → history', async () => {
    s = await openSession();
    const { page, baseUrl } = s;
    // Confirmations (restock cancel, delivery, sale cancel) are the app's dialogs; a
    // native one is dismissed, so the step it guarded would not happen and the test would fail.
    page.on('dialog', (d) => void d.dismiss());
    await login(s, acc);

    // menu entries of the shop screens, for an admin
    const nav = page.getByRole('navigation');
    for (const label of ['Clients', 'Produits', 'Commandes', 'Remboursement', 'Boutiques', 'Vente']) {
      await nav.getByRole('link', { name: label, exact: true }).waitFor();
    }

    // ── client ──
    await go(page, baseUrl, '/client');
    await page.getByRole('button', { name: 'Nouveau client' }).click();
    let dialog = page.getByRole('dialog', { name: 'Nouveau client' });
    await dialog.getByLabel('Prénom').fill('Awa');
    await dialog.getByLabel('Nom', { exact: true }).fill('Diop');
    await dialog.getByLabel('Téléphone').fill('77 123 45 67');
    await s.shot('shop-client-dialog');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Client enregistré').waitFor();
    await row(page, 'Awa Diop').waitFor();
    expect(await page.getByTestId('clients-count').textContent()).toBe('1');
    await s.shot('shop-clients');

    // ── shop (a sale is recorded under a shop) ──
    // Sign-up created the first shop, named after the business: it is renamed.
    await go(page, baseUrl, '/boutique');
    await row(page, 'Ferme Keur Massar').getByRole('button', { name: 'Modifier' }).click();
    dialog = page.getByRole('dialog', { name: "Modification d'une boutique" });
    await dialog.getByLabel('Nom').fill('Boutique Centre');
    await dialog.getByLabel('Adresse').fill('Marché Castors, Dakar');
    await s.shot('shop-boutique-dialog');
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await page.getByText('Boutique modifiée').waitFor();
    await row(page, 'Boutique Centre').waitFor();
    await s.shot('shop-boutiques');

    // ── product and restock ──
    await go(page, baseUrl, '/produit');
    await page.getByRole('button', { name: 'Créer produit' }).click();
    dialog = page.getByRole('dialog', { name: 'Créer produit' });
    await dialog.getByLabel('Nom').fill('Poulet fermier');
    await dialog.getByLabel('Prix de cession').fill('2000');
    await dialog.getByLabel('Prix de vente').fill('3500');
    await s.shot('shop-produit-dialog');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Produit créé').waitFor();
    const produitRow = row(page, 'Poulet fermier');
    await stockIs(page, 'Poulet fermier', 0);

    for (const q of ['20', '5']) {
      await produitRow.getByRole('button', { name: 'Réapprovisionner' }).click();
      dialog = page.getByRole('dialog', { name: 'Réapprovisionner Poulet fermier' });
      await dialog.getByLabel('Quantité').fill(q);
      await dialog.getByRole('button', { name: 'Valider' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await stockIs(page, 'Poulet fermier', 25);
    await s.shot('shop-produits');

    // the restock list: cancel the restock of 5
    await page.getByRole('link', { name: 'Liste réappro' }).click();
    await row(page, /Poulet fermier\s*5/).waitFor();
    await row(page, /Poulet fermier\s*5/)
      .getByRole('button', { name: 'Annuler' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Oui, annuler' }).click();
    await page.getByText('Réapprovisionnement annulé').waitFor();
    await row(page, /Poulet fermier\s*5/)
      .getByText('Annulé')
      .waitFor();
    expect(
      await row(page, /Poulet fermier\s*20/)
        .getByRole('button', { name: 'Annuler' })
        .count(),
    ).toBe(1);
    await s.shot('shop-reappro');
    await page.getByRole('link', { name: 'Produit', exact: true }).click();
    await stockIs(page, 'Poulet fermier', 20);

    // ── EMPRUNT sale of 3 to Awa ──
    await go(page, baseUrl, '/vente/vente');
    await page.getByPlaceholder('Rechercher un produit').fill('POULET');
    await page.getByRole('option', { name: /Poulet fermier/ }).click();
    expect(await page.getByLabel('Prix', { exact: true }).inputValue()).toBe('3 500 FCFA');
    await page.getByLabel('Quantité').fill('30');
    await page.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByText("Il n'y a que 20 Poulet fermier disponible").waitFor();
    await page.getByLabel('Quantité').fill('3');
    await page.getByRole('button', { name: 'Ajouter' }).click();
    expect(await page.getByTestId('vente-total').textContent()).toBe('10 500 FCFA');
    await page.getByLabel('Type de vente').selectOption('EMPRUNT');
    await page.getByText('Le client est obligatoire pour une vente à crédit').waitFor();
    await page.getByLabel('Client (téléphone, facultatif)').fill('771234567');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByTestId('vente-client').getByText('Awa Diop').waitFor();
    await s.shot('shop-vente');
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText(/Vente enregistrée/).waitFor();
    // The receipt is one click away right after saving.
    await page.getByRole('link', { name: 'Imprimer le reçu de la vente' }).click();
    await page.getByTestId('doc-total').getByText('10 500 FCFA').waitFor();
    await page.getByText('Awa Diop', { exact: false }).first().waitFor();
    await s.shot('shop-recu-vente-apres-vente');

    // ── the client's creance on screen ──
    await go(page, baseUrl, '/client');
    await row(page, 'Awa Diop').getByText('10 500 FCFA').waitFor();
    await page.getByTestId('clients-creance').getByText('10 500 FCFA').waitFor();

    // ── repayment of 4 000 ──
    await go(page, baseUrl, '/versement');
    await page.getByRole('button', { name: 'Enregistrer remboursement' }).click();
    dialog = page.getByRole('dialog', { name: 'Remboursement' });
    await dialog.getByLabel('Client (prénom, nom ou téléphone)').fill('awa');
    await dialog.getByRole('button', { name: 'Rechercher' }).click();
    expect(await dialog.getByTestId('summary-creance').textContent()).toBe('10 500 FCFA');
    await dialog.getByLabel('Montant').fill('20000');
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await dialog.getByText('Montant supérieur à la créance').waitFor();
    await dialog.getByLabel('Montant').fill('4000');
    await s.shot('shop-versement-dialog');
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Versement enregistré').waitFor();
    await row(page, 'Awa Diop').getByText('4 000 FCFA').waitFor();
    await s.shot('shop-versements');
    await page.getByRole('link', { name: 'Imprimer le reçu du remboursement' }).click();
    await page.getByTestId('doc-total').getByText('4 000 FCFA').waitFor();
    await s.shot('shop-recu-versement-apres-versement');

    // ── order of 2 with a deposit of 2 000, then delivered ──
    await go(page, baseUrl, '/client');
    await row(page, 'Awa Diop').getByText('6 500 FCFA').waitFor();
    await row(page, 'Awa Diop').getByRole('button', { name: 'Commande' }).click();
    dialog = page.getByRole('dialog', { name: "Commande d'Awa Diop" });
    await dialog.getByLabel('Produit').selectOption({ label: 'Poulet fermier' });
    await dialog.getByLabel('Quantité').fill('2');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    expect(await dialog.getByTestId('commande-total').textContent()).toBe('7 000 FCFA');
    await dialog.getByLabel('Acompte').fill('2000');
    await dialog.getByLabel('Date de livraison').fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
    await s.shot('shop-commande-dialog');
    await dialog.getByRole('button', { name: 'Enregistrer la commande' }).click();
    await page.getByText('Commande enregistrée').waitFor();
    // The saved order's link stays on the page (not in the timed confirmation, gone after its seconds).
    await page.getByRole('link', { name: /^Voir la commande CMD-/ }).click();
    await page.getByRole('heading', { name: 'Informations Commande' }).waitFor();
    expect(await page.getByTestId('commande-montant').textContent()).toBe('7 000 FCFA');
    expect(await page.getByTestId('commande-livraison').textContent()).toBe('En attente');
    await page.getByText('+221 77 123 45 67').waitFor();
    await s.shot('shop-commande-detail');
    await page.getByRole('button', { name: 'Livré' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Oui, livrée' }).click();
    await page.getByText('Commande livrée').waitFor();
    await page.getByTestId('commande-livraison').getByText('Livré').waitFor();
    expect(await page.getByRole('button', { name: 'Livré' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ajouter un produit' }).count()).toBe(0);
    await page.getByTestId('facture-link').click();
    await page.getByTestId('doc-total').getByText('7 000 FCFA').waitFor();
    await s.shot('shop-facture-commande');

    await go(page, baseUrl, '/commande');
    await row(page, /CMD-\d+/)
      .getByText('Awa Diop')
      .waitFor();
    await s.shot('shop-commandes');

    // ── stock 20 − 3 − 2 = 15; creance 6 500 + (7 000 − 2 000) = 11 500 ──
    await go(page, baseUrl, '/produit');
    await stockIs(page, 'Poulet fermier', 15);
    await go(page, baseUrl, '/client');
    await row(page, 'Awa Diop').getByText('11 500 FCFA').waitFor();
    await page.getByTestId('clients-creance').getByText('11 500 FCFA').waitFor();

    // ── a DIRECT sale of 1, cancelled from the history ──
    await go(page, baseUrl, '/vente/vente');
    await page.getByPlaceholder('Rechercher un produit').fill('fermier');
    await page.getByRole('option', { name: /Poulet fermier/ }).click();
    await page.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText(/Vente enregistrée/).waitFor();

    await page.getByRole('link', { name: 'Historique' }).click();
    const ca = page.getByTestId('chiffre-affaire');
    // 10 500 (credit sale) + 7 000 (the order delivered today: its takings) + 3 500.
    await page.waitForFunction(() => document.querySelector('[data-testid="chiffre-affaire"]')?.textContent === '21 000 FCFA');
    await row(page, 'Comptant').waitFor();
    await row(page, 'Commande CMD-').waitFor();
    expect(await row(page, 'À crédit').filter({ hasNotText: 'Commande' }).textContent()).toContain('Boutique Centre');
    await row(page, 'Comptant')
      .getByRole('button', { name: /Annuler la vente/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Oui, annuler' }).click();
    await page.getByText('Vente annulée').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="chiffre-affaire"]')?.textContent === '17 500 FCFA');
    expect(await ca.textContent()).toBe('17 500 FCFA');
    await row(page, 'Comptant').getByText('Annulée').waitFor();
    expect(await row(page, 'Comptant').getByRole('button').count()).toBe(0);
    await s.shot('shop-historique');

    // the cancelled sale's unit is back in stock
    await go(page, baseUrl, '/produit');
    await stockIs(page, 'Poulet fermier', 15);
  });

  it('every shop screen fits a 360 px phone', async () => {
    s = await openSession({ width: 360, height: 740 });
    const { page, baseUrl } = s;
    await login(s, acc);
    const screens: [string, string, string][] = [
      ['/client', 'shop-clients', 'Awa Diop'],
      ['/produit', 'shop-produits', 'Poulet fermier'],
      ['/produit/liste', 'shop-reappro', 'Poulet fermier'],
      ['/commande', 'shop-commandes', 'Awa Diop'],
      ['/versement', 'shop-versements', 'Awa Diop'],
      ['/boutique', 'shop-boutiques', 'Boutique Centre'],
      ['/vente', 'shop-historique', 'Poulet fermier'],
      ['/vente/vente', 'shop-vente', 'Nouvelle vente'],
    ];
    for (const [hash, name, text] of screens) {
      await go(page, baseUrl, hash);
      await page.getByText(text).first().waitFor();
      // Wide tables scroll inside their card: the page itself never scrolls sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${hash} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
      await s.shot(name);
    }
    await go(page, baseUrl, '/commande');
    await page.getByRole('link', { name: 'Détails' }).first().click();
    await page.getByRole('heading', { name: 'Informations Client' }).waitFor();
    await s.shot('shop-commande-detail');

    for (const [hash, button, title, name] of [
      ['/client', 'Nouveau client', 'Nouveau client', 'shop-client-dialog'],
      ['/produit', 'Créer produit', 'Créer produit', 'shop-produit-dialog'],
      ['/boutique', 'Créer une boutique', "Création d'une boutique", 'shop-boutique-dialog'],
    ]) {
      await go(page, baseUrl, hash);
      await page.getByRole('button', { name: button }).click();
      const d = page.getByRole('dialog', { name: title });
      await d.waitFor();
      expect((await d.boundingBox())!.width).toBeLessThanOrEqual(360);
      await s.shot(name);
      await page.keyboard.press('Escape');
      await d.waitFor({ state: 'detached' });
    }

    await go(page, baseUrl, '/client');
    await row(page, 'Awa Diop').getByRole('button', { name: 'Commande' }).click();
    const dialog = page.getByRole('dialog', { name: "Commande d'Awa Diop" });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(360);
    await s.shot('shop-commande-dialog');
    await page.keyboard.press('Escape');

    await go(page, baseUrl, '/versement');
    await page.getByRole('button', { name: 'Enregistrer remboursement' }).click();
    const v = page.getByRole('dialog', { name: 'Remboursement' });
    await v.getByLabel('Client (prénom, nom ou téléphone)').fill('diop');
    await v.getByRole('button', { name: 'Rechercher' }).click();
    await v.getByTestId('client-summary').waitFor();
    await s.shot('shop-versement-dialog');
  });
});
