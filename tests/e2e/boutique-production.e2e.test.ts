// The shop's side of the farm's production in real Chromium at 360 px over the real stack:
// an egg product created with « Œufs par unité », two trays of M received from a layer
// flock from the product's card (« Recevoir des œufs », the flock picked), the product's stock, a
// tray sold whose receipt says « 1 plateau = 30 œufs », its restock line of origin Production (its
// source named, no Annuler), a slaughter whose category names « Poulet PAC » (its stock rises),
// then the slaughter cancelled: kept as « Annulé », the product's stock back to 0. Axe on each of
// these screens and dialogs; screenshots at 360 and 1280 px.
import type { Page } from 'playwright-core';
import { addDays } from '@shared/dates';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { call, newBusiness, post, type Account } from '../helpers/api';
import { checkA11y } from '../helpers/axe';
import { brokenWords } from '../helpers/broken-words';
import { jj, nbsp } from '../helpers/bandes-ui';
import { go, login, openSession, type Session } from '../helpers/browser';

const today = () => new Date().toISOString().slice(0, 10);
const row = (page: Page, text: string | RegExp) => page.locator('tbody tr, li.dt-card').filter({ hasText: text });

describe('from the shed to the shop', () => {
  let acc: Account;
  let s: Session;
  afterAll(async () => {
    await s?.close();
  });

  beforeAll(async () => {
    acc = await newBusiness({ entreprise: 'Ferme Production' });
    const ponte = await post(
      '/api/bande/create',
      { id_bande: -1, nom: 'Ponte A', type: 'pondeuse', nb_sujet: 200, date_demarage: addDays(today(), -10) },
      acc.token,
    );
    expect(ponte.status).toBe(200);
    // Three days of collections: 150 M eggs a day, enough for the two trays sent yesterday.
    for (const d of [-3, -2, -1]) {
      const r = await post(
        '/api/bande/collect',
        { id_bande: ponte.body.id, id: -1, collecte: 180, calibres: JSON.stringify({ s: 10, m: 150, l: 20, xl: 0 }), date_collecte: addDays(today(), d) },
        acc.token,
      );
      expect(r.status).toBe(200);
    }
    const chair = await post(
      '/api/bande/create',
      { id_bande: -1, nom: 'Chair B', type: 'chair', nb_sujet: 50, date_demarage: addDays(today(), -40) },
      acc.token,
    );
    expect(chair.status).toBe(200);
    const pac = await post('/api/produit', { id: 0, nom: 'Poulet PAC', description: '', quantite: 0, prix_cession: 2600, prix_vente: 3800 }, acc.token);
    expect(pac.status).toBe(200);
    // A restock typed by hand, beside the lines of origin Production.
    const fumier = await post('/api/produit', { id: 0, nom: 'Fumier (sac)', description: '', quantite: 0, prix_cession: 300, prix_vente: 1000 }, acc.token);
    expect((await post('/api/produit/reappro/new', { id_produit: fumier.body.id, quantite: 20 }, acc.token)).status).toBe(200);
  });

  const produit = async (nom: string) => {
    const r = await call('GET', '/api/produit', undefined, { token: acc.token });
    return (r.body as { id: number; nom: string; quantite: number }[]).find((p) => p.nom === nom)!;
  };

  it('creates an egg product, receives 2 trays from a layer flock, shows its stock and Production line; a slaughter feeds Poulet PAC, then is cancelled', async () => {
    s = await openSession({ width: 360, height: 780 });
    const { page } = s;
    await login(s, acc);

    // ── an egg product ──
    await go(page, s.baseUrl, '/produit');
    await page.getByRole('button', { name: 'Créer produit' }).click();
    const form = page.getByRole('dialog', { name: 'Créer produit' });
    await form.getByLabel('Nom').fill("Plateau d'œufs calibre M");
    await form.getByLabel('Prix de cession').fill('1800');
    await form.getByLabel('Prix de vente').fill('2500');
    await form.getByLabel('Œufs par unité').fill('30');
    await form.getByText("30 pour un plateau, vide si ce n'est pas un produit d'œufs").waitFor();
    await s.shot('production-produit-form');
    await checkA11y(page, 'production-produit-form');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Produit créé').waitFor();
    const plateau = await produit("Plateau d'œufs calibre M");
    await page.getByTestId(`oeufs-par-unite-${plateau.id}`).getByText('30 œufs par unité').waitFor();

    // ── two trays of M received from the flock, yesterday ──
    await row(page, "Plateau d'œufs calibre M").getByRole('button', { name: 'Recevoir des œufs' }).click();
    const envoi = page.getByRole('dialog', { name: "Envoyer à la boutique : Plateau d'œufs calibre M" });
    await envoi.getByLabel('Bande de pondeuses').selectOption({ label: 'Ponte A' });
    await envoi.getByLabel('Quantité').fill('2');
    await envoi.getByLabel('Unité').selectOption('plateau');
    await envoi.getByLabel('Calibre').selectOption('m');
    await envoi.getByLabel('Date').fill(addDays(today(), -1));
    await envoi
      .getByTestId('envoi-resume')
      .getByText(/2 plateaux ajoutés au stock/)
      .waitFor();
    await s.shot('production-recevoir');
    await checkA11y(page, 'production-recevoir');
    await envoi.getByRole('button', { name: 'Envoyer' }).click();
    await envoi.waitFor({ state: 'detached' });
    await page.getByText(OEUFS_MSG.transfertEnregistre).waitFor();
    await page.getByTestId(`stock-${plateau.id}`).getByText('2', { exact: true }).waitFor();
    expect((await produit("Plateau d'œufs calibre M")).quantite).toBe(2);
    await s.shot('production-produits');
    await checkA11y(page, 'production-produits');

    // ── one tray sold at the till: its receipt says the eggs too ──
    const vente = await post(
      '/api/vente',
      { id_bande: null, id_client: null, type: 'DIRECT', produits: [{ id_produit: plateau.id, quantite: 1, type_remise: 'MONTANT', valeur_remise: 0 }] },
      acc.token,
    );
    expect(vente.status).toBe(200);
    await go(page, s.baseUrl, `/recu/vente/${today()}/${vente.body.id_transaction}`);
    await page.getByText('1 plateau = 30 œufs').waitFor();
    await s.shot('production-recu');
    await checkA11y(page, 'production-recu');

    // ── its restock line: of origin Production, its source named, no Annuler ──
    await go(page, s.baseUrl, '/produit/liste');
    const ligne = row(page, 'Production');
    expect(nbsp(await ligne.textContent())).toContain(`Bande Ponte A, envoi du ${jj(addDays(today(), -1)).slice(0, 5)}`);
    expect(await ligne.getByRole('button', { name: 'Annuler' }).count()).toBe(0);
    // A phone's card cuts no word (a hand restock's origin, « Saisie manuelle », in half a card).
    expect(await brokenWords(page.locator('li.dt-card dd'))).toEqual([]);
    await s.shot('production-reappros');
    await checkA11y(page, 'production-reappros');

    // ── a slaughter of 10 birds into « Poulet PAC » ──
    await go(page, s.baseUrl, '/newabatage');
    await page.getByLabel('Nombre total de poulets').fill('10');
    await page.getByLabel('Bande').selectOption({ label: 'Chair B / 50 vivants' });
    await page.getByLabel('Ajouter une catégorie').check();
    await page.getByLabel('Quantité', { exact: true }).fill('10');
    await page.getByLabel('Poids min (kg)').fill('1,5');
    await page.getByLabel('Poids max (kg)').fill('2');
    await page.getByLabel('Produit de la boutique').selectOption({ label: 'Poulet PAC' });
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await page.getByTestId('categories-table').getByText('Poulet PAC').waitFor();
    await s.shot('production-abattage-form');
    await checkA11y(page, 'production-abattage-form');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Abattage enregistré').waitFor();
    await row(page, 'Chair B').getByText('Poulet PAC').waitFor();
    expect((await produit('Poulet PAC')).quantite).toBe(10);

    // ── the batch's report says where its birds went: 10 slaughtered, all into « Poulet PAC », 40 alive ──
    const bandes = (await call('GET', '/api/bande', undefined, { token: acc.token })).body as { id: number; nom: string }[];
    await go(page, s.baseUrl, `/bande/${bandes.find((b) => b.nom === 'Chair B')!.id}/rapport`);
    await page.getByTestId('rapport-sujets').waitFor();
    expect(await page.getByTestId('rapport-sujets-abattus').textContent()).toBe('10');
    expect(await page.getByTestId(`rapport-sujets-produit-${(await produit('Poulet PAC')).id}`).textContent()).toBe('10');
    expect(await page.getByTestId('rapport-sujets-vivants').textContent()).toBe('40');
    await s.shot('production-rapport-chair');
    await checkA11y(page, 'production-rapport-chair');
    await go(page, s.baseUrl, '/abatage');

    // ── cancelled: kept as « Annulé », the birds' stock taken back ──
    await row(page, 'Chair B').getByRole('button', { name: 'Annuler' }).click();
    const ask = page.getByRole('dialog', { name: "Annuler l'abattage" });
    await ask.getByText(/Annuler l'abattage de 10 sujets de « Chair B »/).waitFor();
    await checkA11y(page, 'production-abattage-annuler');
    await ask.getByRole('button', { name: 'Oui, annuler' }).click();
    await ask.waitFor({ state: 'detached' });
    await row(page, 'Chair B').getByText('Annulé', { exact: true }).waitFor();
    expect(await row(page, 'Chair B').getByRole('button', { name: 'Annuler' }).count()).toBe(0);
    expect((await produit('Poulet PAC')).quantite).toBe(0);
    await s.shot('production-abattages');
    await checkA11y(page, 'production-abattages');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  });

  it('the same screens at 1280 px', async () => {
    const wide = await openSession({ width: 1280 });
    try {
      await login(wide, acc);
      for (const [path, name] of [
        ['/produit', 'production-produits'],
        ['/produit/liste', 'production-reappros'],
        ['/abatage', 'production-abattages'],
      ] as const) {
        await go(wide.page, wide.baseUrl, path);
        await wide.page.locator('tbody tr').first().waitFor();
        await wide.shot(name);
        await checkA11y(wide.page, name);
      }
    } finally {
      await wide.close();
    }
  });
});
