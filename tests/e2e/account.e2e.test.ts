// The account journey in real Chromium over the local stack: sign up → log in → shell →
// profile names → password change → log out → forgotten password with the mailed code → log in
// with the new password. Also checks the public screens' JS budget and takes the 1280/360 px
// screenshots of the public screens, the mobile menu and the profile.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { lastMailTo, newBusiness, uniqueEmail } from '../helpers/api';
import { openSession, type Session } from '../helpers/browser';
import { LOGIN_FIRST_SCREEN_BUDGET_KB } from '../bench/bundle';

const DIST = join(process.cwd(), 'web', 'dist', 'assets');
const BUDGET = 100 * 1024;
const LOGIN_BUDGET = LOGIN_FIRST_SCREEN_BUDGET_KB * 1024;

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

async function signup(page: Page, email: string, password: string) {
  await page.getByLabel('Prénom').fill('aminata');
  await page.getByLabel('Nom', { exact: true }).fill('DIOP');
  await page.getByLabel('Entreprise').fill('Ferme de Thiès');
  await page.getByLabel('Pays').selectOption('Senegal');
  await page.getByLabel('Téléphone').fill('771234567');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByLabel('Confirmer le mot de passe').fill(password);
  await page.getByRole('button', { name: 'Créer le compte' }).click();
}

describe('account journey', () => {
  const email = uniqueEmail('e2e-compte');
  const first = 'poulet-2026';
  const second = 'pintade-2027';
  const third = 'dinde-2028';
  let s: Session;

  afterEach(async () => {
    await s?.close();
  });

  // The public screens load neither TanStack Query nor react-hook-form/zod; the login (index.html's
  // painted form, which signs in without React) loads none of the app's start either.
  it.each([
    ['login', 'Connexion', LOGIN_BUDGET],
    ['signup', 'Création de compte', BUDGET],
  ])('keeps the first screen (#/%s) within its budget of gzipped JavaScript', async (route, heading, budget) => {
    s = await openSession();
    // The login screen, once the page has loaded, prefetches the app's start and the dashboard's
    // files for after the login (web/src/lib/prefetch.ts): the browser marks those requests `Sec-Purpose: prefetch`.
    // They are counted apart: the budget is what the screen itself needs (a file the screen did
    // need would be requested again by the module loader, without the mark, and counted).
    const scripts = new Set<string>();
    const prefetched = new Set<string>();
    const seen: Promise<void>[] = [];
    s.page.on('request', (r) => {
      if (!r.url().endsWith('.js')) return;
      const file = basename(new URL(r.url()).pathname);
      // A request the idle prefetch makes as the page closes has no headers left to read (its
      // rejection came after the test, unhandled): it is after the counting anyway.
      seen.push(
        r.headerValue('sec-purpose').then(
          (purpose) => void (purpose?.startsWith('prefetch') ? prefetched : scripts).add(file),
          () => undefined,
        ),
      );
    });
    await s.page.goto(`${s.baseUrl}/#/${route}`);
    await s.page.getByRole('heading', { name: heading }).waitFor();
    await s.page.waitForLoadState('networkidle');
    await Promise.all(seen);
    if (route === 'login') {
      // The prefetch starts when the page is idle (requestIdleCallback, up to 2 s after load):
      // on a loaded machine that can be after the network first went quiet, so it is awaited
      // rather than expected at once (seen once in a clean clone: nothing prefetched yet).
      const both = async () => {
        await Promise.all(seen);
        const ahead = [...prefetched];
        return ['AuthedApp-', 'TableauDeBordPage-'].every((p) => ahead.some((f) => f.startsWith(p)));
      };
      await expect.poll(both, { timeout: 10_000 }).toBe(true);
      console.log(`prefetched for after the login (not counted): ${[...prefetched].join(', ')}`);
    } else expect([...prefetched]).toEqual([]);
    // The first screen's scripts are those asked before the page's load event: the painted login
    // asks for the app's start (React) only after it, to take the form over once it is here.
    const beforeLoad = await s.page.evaluate(() => {
      const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= load && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => new URL(e.name).pathname.split('/').pop()!);
    });
    const files = [...scripts].filter((f) => beforeLoad.includes(f));
    if (route === 'login') {
      // React came after, and took the form over.
      expect([...scripts].filter((f) => /^(react|start)-/.test(f))).toHaveLength(2);
      await s.page.waitForFunction(() => !document.getElementById('static-login'));
    }
    expect(files.length).toBeGreaterThan(0);
    let total = 0;
    const sizes: string[] = [];
    for (const f of files) {
      // Every script is a built file (index.html's boot script is inlined in the page: decision 0400).
      const path = join(DIST, f);
      expect(existsSync(path), `${f} comes from web/dist`).toBe(true);
      const gz = gzipSync(readFileSync(path), { level: 9 }).length;
      total += gz;
      sizes.push(`${f} ${(gz / 1024).toFixed(1)} KB`);
    }
    console.log(`first screen JS (#/${route}): ${files.length} files, ${(total / 1024).toFixed(1)} KB gzipped\n  ${sizes.join('\n  ')}`);
    expect(total).toBeLessThanOrEqual(budget);
    expect(files.filter((f) => /^(query|forms)-/.test(f))).toEqual([]);
    if (route === 'login') expect(files.filter((f) => /^(react|router|start|app-common|LoginPage)-/.test(f))).toEqual([]);
    // The login does not load the sign-up chunk (and its country list).
    if (route === 'login') expect(files.some((f) => f.startsWith('SignupPage'))).toBe(false);
  });

  it('signs up, logs in, edits the profile, changes the password and logs out (1280 px)', async () => {
    s = await openSession();
    const { page } = s;
    await page.goto(`${s.baseUrl}/`);
    // The empty path sends a visitor to the login screen.
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(page.url()).toContain('#/login');
    await s.shot('login');

    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await page.getByRole('heading', { name: 'Création de compte' }).waitFor();
    await s.shot('signup');
    await signup(page, email, first);
    // The new user is signed in and lands on the dashboard, the spec's message above the
    // "Commencez ici" list.
    await page.getByText('Votre compte a bien été créé.').waitFor();
    await page.getByRole('heading', { name: 'Commencez ici' }).waitFor();
    await expectHeaderName(page, 'Aminata Diop');
    expect(page.url()).not.toContain('#/signup');

    // Signed out, the same e-mail a second time is refused with the spec's message.
    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await page.getByRole('heading', { name: 'Création de compte' }).waitFor();
    await signup(page, email, first);
    await page.getByText('Votre adresse email est déjà utilisée.').waitFor();

    await page.getByRole('link', { name: 'Connectez-vous' }).click();
    // The login screen is its own chunk: until it shows, 'Email' is still the sign-up's field, and a
    // fill there is lost (CI once saw Se connecter stay grey with an empty e-mail).
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await login(page, email, 'mauvais-mot');
    await page.getByText('Email ou mot de passe incorrect').waitFor();
    await login(page, email, first);
    await expectHeaderName(page, 'Aminata Diop');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('customer')))!).email).toBe(email);
    // The menu: an admin holds every right, so every registered entry shows (each one waits for its
    // own permission check), and the shell's index is the dashboard.
    const nav = page.getByRole('navigation');
    for (const label of ['Accueil', 'Bandes', 'Clients', 'Produits', 'Commandes', 'Remboursement', 'Boutiques', 'Vente']) {
      await nav.getByRole('link', { name: label, exact: true }).waitFor();
    }
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await page.waitForLoadState('networkidle');
    await s.shot('shell');

    // Profile through the person menu.
    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('menuitem', { name: 'Profil' }).click();
    await page.getByRole('heading', { name: 'Informations personnelles' }).waitFor();
    expect(page.url()).toContain('#/profil');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Prénom').fill('fatou');
    await page.getByLabel('Nom', { exact: true }).fill('sow');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Profil mis à jour.').waitFor();
    await expectHeaderName(page, 'Fatou Sow');
    await s.shot('profile');

    // Password: a wrong old password fails, the right one succeeds.
    await page.getByLabel('Ancien mot de passe').fill('pas-le-bon');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(second);
    await page.getByLabel('Répéter le nouveau mot de passe').fill(second);
    await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    // The server's words reach the form, not the spec's generic failure.
    await page.getByText("L'ancien mot de passe est incorrect.").waitFor();
    await page.getByLabel('Ancien mot de passe').fill(first);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(second);
    await page.getByLabel('Répéter le nouveau mot de passe').fill(second);
    await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await page.getByText('Mot de passe mis à jour').waitFor();
    // Messages clear after 5 s.
    await page.getByText('Mot de passe mis à jour').waitFor({ state: 'detached', timeout: 8000 });

    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // The shell is closed again.
    await page.goto(`${s.baseUrl}/#/profil`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();

    await login(page, email, second);
    await expectHeaderName(page, 'Fatou Sow');
  });

  it('recovers the password with the mailed code and logs in with it (1280 px)', async () => {
    s = await openSession();
    const { page } = s;
    await page.goto(`${s.baseUrl}/#/login`);
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('button', { name: 'Suivant' }).waitFor();
    await s.shot('forgot-email');
    await page.getByLabel('Email').fill('personne@test.ganaar.sn');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText('Aucun compte lié à cette adresse email').waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText(/a été envoyé à l'adresse email/).waitFor();
    await s.shot('forgot-code');
    const mail = lastMailTo(email);
    expect(mail?.subject).toMatch(/réinitialisation/);
    const code = /(\d{4})/.exec(mail!.text)![1];
    const wrong = code === '0000' ? '1111' : '0000';
    await page.getByLabel('Code').fill(wrong);
    await page.getByRole('button', { name: 'Valider le code' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Valider le code' }).click();

    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(third);
    await page.getByLabel('Répéter le mot de passe').fill(third);
    await page.getByLabel('Afficher les mots de passe').check();
    expect(await page.getByLabel('Nouveau mot de passe', { exact: true }).getAttribute('type')).toBe('text');
    await s.shot('forgot-reset');
    // The alert is accepted by its listener, as it opens: a click whose answer opens an alert
    // before the click's own post-action wait is over (a loaded machine) would otherwise wait on an
    // alert that only the code after the click accepts, until its timeout.
    const said = new Promise<string>((done) =>
      page.once('dialog', (d) => {
        done(d.message());
        void d.accept();
      }),
    );
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    expect(await said).toBe('Mot de passe mis à jour');
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();

    await login(page, email, second);
    await page.getByText('Email ou mot de passe incorrect').waitFor();
    await login(page, email, third);
    await expectHeaderName(page, 'Fatou Sow');
  });

  it('works on a 360 px phone: public screens, slide-in menu, person menu, profile', async () => {
    s = await openSession({ width: 360 });
    const { page } = s;
    await page.goto(`${s.baseUrl}/#/login`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await s.shot('login');
    await page.goto(`${s.baseUrl}/#/signup`);
    await page.getByRole('heading', { name: 'Création de compte' }).waitFor();
    await page.getByLabel('Mot de passe', { exact: true }).fill('abcd');
    await page.getByLabel('Confirmer le mot de passe').fill('abce');
    await page.getByLabel('Prénom').focus();
    await page.getByText('Les mots de passe ne sont pas identiques').waitFor();
    await s.shot('signup');
    await page.goto(`${s.baseUrl}/#/forgetpassword`);
    await page.getByRole('button', { name: 'Suivant' }).waitFor();
    await s.shot('forgot-email');

    // An account of its own: this case does not depend on the 1280 px journey's password changes
    // (run alone, or after that journey failed half-way, it signed in with a password never set).
    const phone = await newBusiness({ prenom: 'Fatou', nom: 'Sow' });
    await page.goto(`${s.baseUrl}/#/login`);
    await login(page, phone.email, phone.password);
    await expectHeaderName(page, 'Fatou Sow');
    const sidebar = page.locator('#sidebar');
    expect(await isOnScreen(page, sidebar)).toBe(false);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    // The slide-in transition is awaited by polling its result: a fixed 300 ms pause was too short
    // for a CPU shared with other test files (the menu still half-way).
    await expect.poll(() => isOnScreen(page, sidebar)).toBe(true);
    await sidebar.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await s.shot('shell-menu-open');
    await page.getByRole('button', { name: 'Fermer le menu' }).click();
    await expect.poll(() => isOnScreen(page, sidebar)).toBe(false);

    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).waitFor();
    await s.shot('shell-person-menu');
    await page.getByRole('menuitem', { name: 'Profil' }).click();
    await page.getByRole('heading', { name: 'Modification de mot de passe' }).waitFor();
    await s.shot('profile');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('registers the static-asset worker after 30 s and then opens the login screen offline', async () => {
    s = await openSession();
    const { page } = s;
    // The page's clock is moved past the app's 30 s timer instead of waiting for it in real time
    // (as tests/e2e/offline.e2e.test.ts does): the same timer fires, 30 s sooner.
    await page.clock.install();
    await page.goto(`${s.baseUrl}/#/login`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r))).toBe(false);
    await page.clock.fastForward(31_000);
    await page.clock.resume();
    // Polled with page.evaluate: page.waitForFunction takes a returned promise for a truthy answer.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.active)), { timeout: 45_000, interval: 1000 })
      .toBe(true);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The worker caches what it sees after it takes control: load once more online, then go offline.
    await page.reload();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.waitForLoadState('networkidle');
    await s.context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    // API calls are never served from the cache.
    const api = await page.evaluate(() =>
      fetch('api/checkToken').then(
        (r) => r.status,
        () => 'network-error',
      ),
    );
    expect(api).toBe('network-error');
    await s.context.setOffline(false);
  }, 90_000);
});

async function expectHeaderName(page: Page, name: string) {
  await page.getByTestId('user-name').filter({ hasText: name }).waitFor();
}

async function isOnScreen(page: Page, loc: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await loc.boundingBox();
  return !!box && box.x + box.width > 1 && box.x < (page.viewportSize()?.width ?? 0);
}
