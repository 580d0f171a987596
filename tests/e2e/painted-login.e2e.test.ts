// Signing in through the login form index.html paints, at 360 px, with the app's start (React, the
// router, the shared app code) held back by the network: the form checks, refuses and signs in on
// its own (web/src/features/acces/painted-login.ts), and the dashboard opens once those files come.
import type { Page, Route } from 'playwright-core';
import { newBusiness, type Account } from '../helpers/api';
import { openSession, type Session } from '../helpers/browser';

/** The app's start files: React, the router, the app's shared code and its start. */
const APP_START = /\/assets\/(start|react|router|app-common)-[^/]+\.js$/;

/** React's login screen: the app's start loads it before it takes the painted form over. */
const LOGIN_SCREEN = /\/assets\/LoginPage-[^/]+\.js$/;

/** Holds every request for the app's start (or for `files`) until `release()`; counts them. */
async function holdAppStart(page: Page, files: RegExp = APP_START) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const asked: string[] = [];
  await page.route(files, async (route: Route) => {
    asked.push(route.request().url());
    await gate;
    await route.continue().catch(() => undefined);
  });
  return { release, asked };
}

/** Whether the React app has rendered anything (its first commit removes the painted form). */
const reactRan = (page: Page) => page.evaluate(() => !document.getElementById('static-login'));

describe('the painted login (360 px)', () => {
  let a: Account;
  let s: Session;

  beforeAll(async () => {
    a = await newBusiness({ entreprise: 'Ferme de Kaolack' });
  });
  afterEach(async () => {
    await s?.close();
  });

  it('checks, refuses with the spec’s words and signs in without React; the dashboard opens once the app’s files come', async () => {
    s = await openSession({ width: 360 });
    const { page } = s;
    const held = await holdAppStart(page);
    await page.goto(`${s.baseUrl}/#/login`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    const email = page.getByLabel('Email');
    const button = page.getByRole('button', { name: 'Se connecter' });

    // The field rules, as React's screen shows them, linked to the field.
    await email.fill('awa@');
    await page.getByText('Adresse email invalide').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await button.isDisabled()).toBe(true);

    // A wrong password: the generic words, announced; nothing stored.
    await email.fill(a.email.toUpperCase());
    await page.getByLabel('Mot de passe').fill('pas-le-bon');
    await button.click();
    await page.getByRole('alert').filter({ hasText: 'Email ou mot de passe incorrect' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await reactRan(page)).toBe(false);
    await s.shot('login-painted-refused');

    // The app's files were asked once the page had loaded (prefetched while the visitor types), and
    // are held: none has come, yet the form has worked.
    expect(held.asked.length).toBeGreaterThan(0);
    await page.getByLabel('Mot de passe').fill(a.password);
    expect(await page.getByRole('alert').count()).toBe(0);
    await button.click();
    // Signed in: the session stored, the form waiting for the app, « Chargement… ».
    await page.waitForFunction(() => !!localStorage.getItem('token'));
    await page.getByRole('button', { name: 'Chargement…' }).waitFor();
    expect(await reactRan(page)).toBe(false);
    held.release();
    await page.getByTestId('user-name').waitFor();
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    expect(await reactRan(page)).toBe(true);
    expect(new URL(page.url()).hash).toBe('#/');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('customer')))!).email).toBe(a.email);
  });

  it('follows « Créer un compte » and « Mot de passe oublié ? » from the painted form to React’s screens', async () => {
    s = await openSession({ width: 360 });
    const { page } = s;
    await page.goto(`${s.baseUrl}/#/login`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await page.getByRole('heading', { name: 'Création de compte' }).waitFor();
    expect(await page.evaluate(() => !document.getElementById('static-login'))).toBe(true);
    await page.goto(`${s.baseUrl}/#/login`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('heading', { name: 'Mot de passe oublié' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/forgetpassword');
  });

  it('stays on « Mot de passe oublié » followed while the app was taking the painted form over (not sent back to the login)', async () => {
    s = await openSession({ width: 360 });
    const { page } = s;
    // The app has started (its files came once the page loaded) and waits for React's login screen
    // before it takes the painted form over: the visitor follows the link meanwhile.
    const held = await holdAppStart(page, LOGIN_SCREEN);
    await page.goto(`${s.baseUrl}/#/login`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await expect.poll(() => held.asked.length).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    held.release();
    await page.getByRole('heading', { name: 'Mot de passe oublié' }).waitFor();
    await page.waitForFunction(() => !document.getElementById('static-login'));
    expect(new URL(page.url()).hash).toBe('#/forgetpassword');
    expect(await page.getByRole('heading', { name: 'Connexion' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Suivant' }).waitFor();
  });
});
