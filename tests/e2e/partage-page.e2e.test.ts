// The public page of a shared document in Chromium: at 360 px it is readable
// (no horizontal scroll) and axe-clean; it runs no script and loads nothing (the CSP reports no
// violation: its style applies by hash); and on a phone where the app is installed with its service
// worker active, a link opened in the same browser gets the page from the server, never the app's
// shell (web/vite.config.ts navigateFallbackDenylist). The journey has its own origin, so its worker
// is its own (tests/helpers/own-origin.ts).
import type { Page } from 'playwright-core';
import { call, newBusiness, type Account } from '../helpers/api';
import { checkA11y } from '../helpers/axe';
import { openSession, type Session } from '../helpers/browser';
import { startOwnOrigin, type OwnOrigin } from '../helpers/own-origin';

async function api(acc: Account, method: 'GET' | 'POST', path: string, body?: unknown) {
  const r = await call(method, path, body, { token: acc.token });
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
}

/** A credit sale with a discounted line, shared: the link's path (/p/<token>). */
async function sharedReceipt(acc: Account): Promise<string> {
  const c = await api(acc, 'POST', '/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Ndiaye', telephone: '775550001' });
  const p = await api(acc, 'POST', '/api/produit', { id: 0, nom: 'Poulet fermier', description: 'frais', quantite: 10, prix_cession: 1500, prix_vente: 3000 });
  const v = await api(acc, 'POST', '/api/vente', {
    produits: [{ id_produit: p.id, quantite: 3, type_remise: 'POURCENTAGE', valeur_remise: 12.5 }],
    type: 'EMPRUNT',
    id_client: c.id,
  });
  const r = await api(acc, 'POST', '/api/partage', { type: 'recu_vente', id: v.id_transaction });
  return new URL(r.url).pathname;
}

async function loginWithWorker(s: Session, acc: Account) {
  const { page, baseUrl } = s;
  await page.clock.install();
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel('Email').fill(acc.email);
  await page.getByLabel('Mot de passe').fill(acc.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByTestId('user-name').waitFor();
  // The app registers its worker 30 s after load: move the page's clock past it.
  await page.clock.fastForward(31_000);
  await page.clock.resume();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.active)), { timeout: 60_000, interval: 500 })
    .toBe(true);
}

const cspViolations = (page: Page) => {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.push(m.text());
  });
  return seen;
};

describe('the shared page in a browser', () => {
  let s: Session | undefined;
  let origin: OwnOrigin;
  beforeAll(async () => {
    origin = await startOwnOrigin();
  });
  afterAll(async () => {
    await s?.close();
    await origin?.close();
  });

  it('at 360 px, signed out: readable without horizontal scroll, no script, styled by hash, axe-clean', async () => {
    const acc = await newBusiness();
    const path = await sharedReceipt(acc);
    s = await openSession({ width: 360, height: 740, baseUrl: origin.url });
    const violations = cspViolations(s.page);
    const res = await s.page.goto(`${origin.url}${path}`);
    expect(res?.status()).toBe(200);
    await s.page.getByRole('heading', { name: 'Reçu de vente' }).waitFor();
    expect(await s.page.locator('script').count()).toBe(0);
    expect(await s.page.locator('a').count()).toBe(0);
    expect(await s.page.evaluate(() => document.documentElement.lang)).toBe('fr');
    // The inline style applied (allowed by its hash): the table's cells are right-aligned.
    expect(
      await s.page
        .locator('td.n')
        .first()
        .evaluate((el) => getComputedStyle(el).textAlign),
    ).toBe('right');
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const text = await s.page.locator('main').innerText();
    expect(text).toContain('Remise 12,5 %');
    expect(text).toContain('Reste à payer après cette vente');
    expect(violations).toEqual([]);
    await checkA11y(s.page, 'partage-recu-vente');
    await s.shot('partage-recu-vente');
    // The 404 page: same look, axe-clean too.
    const gone = await s.page.goto(`${origin.url}/p/AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA`);
    expect(gone?.status()).toBe(404);
    await s.page.getByRole('heading', { name: 'Lien introuvable' }).waitFor();
    await checkA11y(s.page, 'partage-introuvable');
    await s.close();
    s = undefined;
  }, 120_000);

  it("the installed app's service worker lets the link reach the server: the page, not the app", async () => {
    const acc = await newBusiness();
    const path = await sharedReceipt(acc);
    s = await openSession({ width: 360, height: 740, baseUrl: origin.url });
    await loginWithWorker(s, acc);
    await s.page.reload();
    await s.page.getByTestId('user-name').waitFor();
    expect(await s.page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    const res = await s.page.goto(`${origin.url}${path}`);
    expect(res?.status()).toBe(200);
    // Answered by the network, not from the worker's precache (the app shell).
    expect(res?.fromServiceWorker()).toBe(false);
    await s.page.getByRole('heading', { name: 'Reçu de vente' }).waitFor();
    expect(await s.page.locator('#root').count()).toBe(0);
  }, 180_000);
});
