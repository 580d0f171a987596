// The SPA under its strict Content-Security-Policy in real Chromium: sign-up,
// login, the dashboard, a batch with its forms, the shop screens — and not one CSP violation
// (no inline script or style, no eval: zod runs jitless in the browser). The offline cache
// worker still registers, and the page refuses to be framed.
import { newBusiness, post } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';
import { openSession, showDashboardEnd, type Session } from '../helpers/browser';

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

describe('strict CSP', () => {
  let s: Session;
  afterEach(async () => {
    await s?.close();
  });

  it('the app works through its screens with zero CSP violations, and its service worker registers', async () => {
    const acc = await newBusiness();
    const b = await post('/api/bande/create', { nom: 'Bande CSP', nb_sujet: 50, date_demarage: pastDay('01-05'), type: 'chair', id_bande: -1 }, acc.token);
    expect(b.status).toBe(200);
    s = await openSession();
    const consoleErrors: string[] = [];
    s.page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) consoleErrors.push(m.text());
    });
    // Injected by the browser driver, outside the page's CSP: records every violation the page reports.
    await s.page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await s.page.goto(`${s.baseUrl}/#/login`);
    expect(response!.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    await s.page.getByLabel('Email').fill(acc.email);
    await s.page.getByLabel('Mot de passe').fill(acc.password);
    await s.page.getByRole('button', { name: 'Se connecter' }).click();
    await s.page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await showDashboardEnd(s.page);
    await s.shot('csp-dashboard');

    await s.page.goto(`${s.baseUrl}/#/bande/${b.body.id}`);
    await s.page.getByTestId('bande-nom').getByText('Bande CSP').waitFor();
    // a form validated by zod in the browser, then saved
    await s.page.getByRole('button', { name: 'Ajouter une dépense' }).click();
    const d = s.page.getByRole('dialog', { name: 'Ajouter une dépense' });
    await d.getByLabel('Type de dépense').selectOption({ label: 'Aliment' });
    await d.getByLabel('Désignation').fill('Aliment croissance');
    await d.getByLabel('Prix unitaire (FCFA)').fill('12000');
    await d.getByLabel('Quantité').fill('2');
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    await d.waitFor({ state: 'detached' });
    await s.page.getByText('Dépense ajoutée').waitFor();
    for (const path of ['/#/produit', '/#/client', '/#/vente', '/#/profil']) {
      await s.page.goto(`${s.baseUrl}${path}`);
      await s.page.waitForLoadState('networkidle');
    }
    await s.shot('csp-profile');

    const registered = await s.page.evaluate(async () => {
      const reg = await navigator.serviceWorker.register('sw.js');
      return reg.active?.state ?? reg.installing?.state ?? reg.waiting?.state ?? 'registered';
    });
    expect(registered).toMatch(/registered|installing|installed|activating|activated/);

    const violations = await s.page.evaluate(() => window.__cspViolations);
    expect(violations).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });

  it('refuses to be framed by another page', async () => {
    s = await openSession();
    await s.page.goto('about:blank');
    await s.page.setContent(`<iframe id="f" src="${s.baseUrl}/#/login" width="400" height="300"></iframe>`);
    await s.page.waitForTimeout(1500);
    const frame = s.page.frames().find((f) => f.url().includes('/#/login'));
    const framedContent = frame ? await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
    expect(framedContent).not.toMatch(/Connexion/);
  });
});
