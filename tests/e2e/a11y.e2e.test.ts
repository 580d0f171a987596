// Accessibility of every screen: axe-core (tests/helpers/axe.ts) on each screen of the
// app at 360 and 1280 px, over the demo business (`npm start`'s, full of data) and over a fresh
// business (empty lists, the first-week screens), the public screens, the storefront and the
// operator's console. A serious or critical finding fails the journey; every finding is recorded
// and the table by screen and impact is printed (and written to .test-data/axe/table.md).
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEMO_LOGIN, seedDemo } from '../../infra/local/seed';
import { baseUrl, get, newBusiness, operatorAccount, post, sha256, type Account } from '../helpers/api';
import { checkA11y, FINDINGS_FILE, findingsTable, readFindings } from '../helpers/axe';
import { openSession, showDashboardEnd, type Session } from '../helpers/browser';

const WIDTHS = [360, 1280] as const;

async function signIn(s: Session, email: string, password: string) {
  await s.page.goto(`${s.baseUrl}/#/login`);
  await s.page.getByLabel('Email').fill(email);
  await s.page.getByLabel('Mot de passe').fill(password);
  await s.page.getByRole('button', { name: 'Se connecter' }).click();
  await s.page.getByTestId('user-name').waitFor();
}

/** Opens a screen by its address and waits until its data is shown (no request left, no loader). */
async function open(page: Page, baseUrl: string, hash: string) {
  await page.goto(`${baseUrl}/${hash.startsWith('vitrine') ? '' : '#'}${hash}`);
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !/Chargement|Loading/.test(document.body.innerText));
}

/** The dashboard's year and payments, mounted when scrolled near, scanned with the rest. */
async function dashboardEnd(page: Page) {
  await showDashboardEnd(page);
  await page.waitForFunction(() => !/Chargement/.test(document.body.innerText));
}

/** Opens a dialog by its button, checks it, closes it. */
async function dialog(page: Page, button: string | RegExp, screen: string) {
  await page.getByRole('button', { name: button }).first().click();
  const d = page.getByRole('dialog');
  await d.waitFor();
  await page.waitForLoadState('networkidle');
  await checkA11y(page, screen);
  await page.keyboard.press('Escape');
  if (await d.isVisible())
    await d
      .getByRole('button', { name: /Annuler|Fermer/ })
      .first()
      .click();
  await d.waitFor({ state: 'detached' });
}

/** A browser session at this width, closed when its test ends (passed or failed). */
async function session(width: number, onTestFinished: (fn: () => Promise<void>) => void): Promise<Session> {
  const s = await openSession({ width });
  onTestFinished(() => s.close());
  return s;
}

/** The public storefront (its own page, vitrine.html), without any session. */
async function storefront(page: Page, baseUrl: string, sellerId: number) {
  await page.goto(`${baseUrl}/vitrine.html#/`);
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
  await checkA11y(page, 'vitrine-marche');
  await page.goto(`${baseUrl}/vitrine.html#/vendeur/${sellerId}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: /Partager sur WhatsApp/ }).waitFor();
  await checkA11y(page, 'vitrine-vendeur');
  const produit = page.locator('a[href*="/produit/"]').first();
  await page.goto(`${baseUrl}/vitrine.html${await produit.getAttribute('href')}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: /Envoyer la commande/ }).waitFor();
  await checkA11y(page, 'vitrine-produit');
}

// The journeys run at once (each its own browser context and session, the screens in order within
// each): in turn they were the run's longest file (217 s alone, the e2e project's critical path).
describe.concurrent('accessibility: axe-core on every screen, 360 and 1280 px', () => {
  let demo: { token: string; tenantId: number };
  let fresh: Account;

  beforeAll(async () => {
    rmSync(FINDINGS_FILE, { force: true });
    // seedDemo reads the table (is the demo another file is seeding done yet?) as the demo files do.
    process.env.TABLE_NAME = inject('tableName');
    process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
    await seedDemo(baseUrl());
    const l = await post('/api/login', { username: DEMO_LOGIN.email, password: sha256(DEMO_LOGIN.password) });
    demo = { token: l.body.token, tenantId: l.body.user.id_entreprise };
    fresh = await newBusiness({ entreprise: 'Ferme Accessible' });
  }, 300_000);

  afterAll(() => {
    const table = findingsTable(readFindings());
    console.log(`axe-core findings by screen and impact:\n${table}`);
    writeFileSync(join(dirname(FINDINGS_FILE), 'table.md'), `${table}\n`);
  });

  it.for(WIDTHS)('public screens and the storefront at %i px', async (width, { onTestFinished }) => {
    const s = await session(width, onTestFinished);
    const { page, baseUrl } = s;
    for (const [hash, screen] of [
      ['/login', 'login'],
      ['/signup', 'signup'],
      ['/forgetpassword', 'mot-de-passe-oublie'],
    ] as const) {
      await open(page, baseUrl, hash);
      await checkA11y(page, screen);
    }
    // The sign-up form with its errors shown (a click on the grey button reveals them).
    await open(page, baseUrl, '/signup');
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await page.locator('.field-error').first().waitFor();
    await checkA11y(page, 'signup-erreurs');
    await storefront(page, baseUrl, demo.tenantId);
  });

  // The demo business in three parts, each its own session: as one journey it took ~100 s alone
  // and passed the 120 s test timeout on CI's slower machine.
  type Part = (page: Page, baseUrl: string, width: number) => Promise<void>;
  const PARTS: Record<string, Part> = {
    'dashboard, batches and health': async (page, baseUrl, width) => {
      const bandes = (await get('/api/bande', demo.token, { droit: 'bandav:r' })).body as { id: number; type: string; statut?: string }[];
      await open(page, baseUrl, '/dashboard');
      await dashboardEnd(page);
      await checkA11y(page, 'dashboard');
      if (width === 360) {
        await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
        await page.getByRole('button', { name: 'Fermer le menu' }).waitFor();
        await checkA11y(page, 'menu-mobile');
        await page.getByRole('button', { name: 'Fermer le menu' }).click();
      }
      await page.getByRole('button', { name: 'Menu du compte' }).click();
      await page.getByRole('menu').waitFor();
      await checkA11y(page, 'menu-compte');
      await page.keyboard.press('Escape');

      await open(page, baseUrl, '/bande');
      await checkA11y(page, 'bandes');
      await dialog(page, 'Nouvelle bande', 'bande-nouvelle');
      const chair = bandes.find((b) => b.type === 'chair' && b.statut !== 'CLOTUREE') ?? bandes[0];
      const ponte = bandes.find((b) => b.type === 'pondeuse') ?? bandes[0];
      await open(page, baseUrl, `/bande/${chair.id}`);
      await checkA11y(page, 'bande-chair');
      await dialog(page, 'Ajouter une dépense', 'bande-depense');
      await dialog(page, 'Ajouter une vente', 'bande-vente');
      await dialog(page, 'Enregistrer une perte', 'bande-perte');
      await dialog(page, 'Ajouter un pesage', 'bande-pesage');
      await open(page, baseUrl, `/bande/${ponte.id}`);
      await checkA11y(page, 'bande-pondeuse');
      await dialog(page, 'Ajouter une collecte', 'bande-collecte');
      await open(page, baseUrl, `/bande/${chair.id}/rapport`);
      await checkA11y(page, 'bande-rapport');
      // Flock health: the batch's Santé tab (the demo's calendar: steps done, late and to
      // come, a treatment under withdrawal) and its dialogs, the plans and the editor.
      await open(page, baseUrl, `/bande/${chair.id}/sante`);
      await checkA11y(page, 'bande-sante');
      await page.getByTestId('etape').first().waitFor();
      await dialog(page, 'Fait', 'sante-fait');
      await dialog(page, 'Sauter', 'sante-sauter');
      await dialog(page, 'Nouveau traitement', 'sante-traitement');
      await dialog(page, 'Appliquer un plan', 'sante-appliquer-plan');
      await open(page, baseUrl, '/sante/plans');
      await checkA11y(page, 'sante-plans');
      await open(page, baseUrl, '/sante/plans/nouveau?copie=2');
      await checkA11y(page, 'sante-plan-editeur');
    },
    'feed store, daily round, clients and orders': async (page, baseUrl) => {
      const commandes = (await get('/api/commande', demo.token, { droit: 'commav:r' })).body as { numero_commande: string }[];
      const versements = (await get('/api/versement', demo.token, { droit: 'remav:r' })).body as { id: number }[];
      // The feed store and the daily round.
      await open(page, baseUrl, '/aliment');
      await checkA11y(page, 'aliment');
      await dialog(page, "Acheter de l'aliment", 'aliment-achat');
      await dialog(page, /^Consommation$/, 'aliment-consommation');
      await open(page, baseUrl, '/tournee');
      await checkA11y(page, 'tournee');
      // A layer flock's eggs: its « Œufs » tab and its two dialogs.
      const bandes = (await get('/api/bande', demo.token, { droit: 'bandav:r' })).body as { id: number; type: string; archive?: boolean }[];
      const ponte = bandes.find((b) => b.type === 'pondeuse' && !b.archive);
      if (!ponte) throw new Error('The demo business has no layer batch');
      await open(page, baseUrl, `/bande/${ponte.id}/oeufs`);
      await checkA11y(page, 'oeufs');
      await dialog(page, 'Envoyer à la boutique', 'oeufs-envoi');
      await dialog(page, /^Casse$/, 'oeufs-casse');

      await open(page, baseUrl, '/client');
      await checkA11y(page, 'clients');
      await dialog(page, 'Nouveau client', 'client-nouveau');
      await open(page, baseUrl, '/commande');
      await checkA11y(page, 'commandes');
      await open(page, baseUrl, `/commande/${commandes[0].numero_commande}`);
      await checkA11y(page, 'commande-detail');
      await open(page, baseUrl, `/facture/${commandes[0].numero_commande}`);
      await checkA11y(page, 'facture');
      await open(page, baseUrl, '/versement');
      await checkA11y(page, 'remboursements');
      await open(page, baseUrl, `/recu/versement/${versements[0].id}`);
      await checkA11y(page, 'recu-versement');
    },
    'shop, sales, slaughter and account': async (page, baseUrl) => {
      await open(page, baseUrl, '/produit');
      await checkA11y(page, 'produits');
      await open(page, baseUrl, '/produit/liste');
      await checkA11y(page, 'reappros');
      await open(page, baseUrl, '/produit/online');
      await checkA11y(page, 'produits-en-ligne');
      await open(page, baseUrl, '/ecommerce');
      await checkA11y(page, 'commandes-en-ligne');
      await open(page, baseUrl, '/boutique');
      await checkA11y(page, 'boutiques');
      await open(page, baseUrl, '/vente');
      await checkA11y(page, 'ventes');
      await open(page, baseUrl, '/vente/vente');
      await checkA11y(page, 'vente-nouvelle');
      await open(page, baseUrl, '/abatage');
      await checkA11y(page, 'abattages');
      await open(page, baseUrl, '/newabatage');
      await checkA11y(page, 'abattage-nouveau');
      await open(page, baseUrl, '/utilisateur');
      await checkA11y(page, 'utilisateurs');
      await open(page, baseUrl, '/utilisateur/nouveau/0');
      await checkA11y(page, 'utilisateur-nouveau');
      await open(page, baseUrl, '/plan');
      await checkA11y(page, 'plan');
      await dialog(page, 'Choisir ce plan', 'paiement');
      await open(page, baseUrl, '/profil');
      await checkA11y(page, 'profil');
      await open(page, baseUrl, '/synchro');
      await checkA11y(page, 'synchro');
    },
  };

  it.for(Object.keys(PARTS).flatMap((part) => WIDTHS.map((width) => [part, width] as const)))(
    'the demo business: %s, at %i px',
    async ([part, width], { onTestFinished }) => {
      const s = await session(width, onTestFinished);
      await signIn(s, DEMO_LOGIN.email, DEMO_LOGIN.password);
      await PARTS[part](s.page, s.baseUrl, width);
    },
  );

  it.for(WIDTHS)('a fresh business: the first screens, empty, at %i px', async (width, { onTestFinished }) => {
    const s = await session(width, onTestFinished);
    const { page, baseUrl } = s;
    await signIn(s, fresh.email, fresh.password);
    for (const [hash, screen] of [
      ['/dashboard', 'vide-dashboard'],
      ['/bande', 'vide-bandes'],
      ['/client', 'vide-clients'],
      ['/produit', 'vide-produits'],
      ['/vente', 'vide-ventes'],
      ['/vente/vente', 'vide-vente-nouvelle'],
      ['/abatage', 'vide-abattages'],
      ['/plan', 'vide-plan'],
    ] as const) {
      await open(page, baseUrl, hash);
      if (hash === '/dashboard') await dashboardEnd(page);
      await checkA11y(page, screen);
    }
  });

  it.for(WIDTHS)("the operator's console at %i px", async (width, { onTestFinished }) => {
    const op = await operatorAccount();
    const s = await session(width, onTestFinished);
    const { page, baseUrl } = s;
    await signIn(s, op.email, op.password);
    for (const [hash, screen] of [
      ['/operateur', 'operateur-entreprises'],
      ['/operateur/paiements', 'operateur-paiements'],
      ['/operateur/revenus', 'operateur-revenus'],
      ['/operateur/journal', 'operateur-journal'],
    ] as const) {
      await open(page, baseUrl, hash);
      await checkA11y(page, screen);
    }
    await open(page, baseUrl, '/operateur');
    await dialog(page, 'Prolonger', 'operateur-prolonger');
  });
});
