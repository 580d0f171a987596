// The subscription journey in real Chromium over the local stack and the Wave sandbox:
// a business whose trial ended sees the banner → /plan → Choisir ce plan (Professionnel) → Wave →
// the payer page → back in the app with the new plan and a higher shop limit; the dashboard's
// per-service table counts it; the operator's console shows the payment and the revenue.
// Screens at 1280 and 360 px (the payment dialog with Orange Money and its code field).
import { get, newBusiness, operatorAccount, post, type Account } from '../helpers/api';
import { login, go, openSession, showDashboardEnd, type Session } from '../helpers/browser';
import { daysFromNow, setSubscription, snNumber, startWave, subscriptionOf } from '../api/payment-fixtures';

describe('subscription journey', () => {
  let acc: Account;
  let s: Session;
  let op: { email: string; password: string };

  beforeAll(async () => {
    acc = await newBusiness({ entreprise: 'Ferme Thiès Volailles' });
    // The trial ended yesterday: still in the grace days, so the business can keep working
    // within Démarrage's limits while it pays.
    await setSubscription(acc.tenantId, { plan: 'db1', validUntil: daysFromNow(-1), trial: true });
  });

  afterEach(async () => {
    await s?.close();
  });

  it('trial ended → banner → /plan → Professionnel by Wave → payer page → new plan and a higher shop limit', async () => {
    // Démarrage's limit before paying: one shop, the one sign-up created.
    expect((await post('/api/boutique/update', { id_boutique: 1, nom: 'Boutique Thiès' }, acc.token)).status).toBe(200);
    expect((await post('/api/boutique', { nom: 'Boutique Mbour' }, acc.token)).status).toBe(422);

    s = await openSession();
    const { page, baseUrl } = s;
    await login(s, acc);
    await page.getByRole('navigation').getByRole('link', { name: 'Paiement', exact: true }).waitFor();

    // The subscription warning on the dashboard links to /plan.
    const banner = page.getByRole('link', { name: /Vous n'avez pas d'abonnement valide/ });
    await banner.waitFor();
    await banner.click();
    await page.waitForURL(/#\/plan$/);
    await page
      .getByTestId('abonnement')
      .getByText(/expiré depuis le/)
      .waitFor();
    for (const nom of ['Démarrage', 'Professionnel', 'Entreprise']) await page.getByRole('heading', { name: nom }).waitFor();
    await page.getByTestId('plan-pro').getByText('10 000 FCFA').waitFor();
    await page.getByTestId('plan-ent').getByText('Site e-commerce').waitFor();
    await s.shot('plan-page');

    await page.getByTestId('plan-pro').getByRole('button', { name: 'Choisir ce plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paiement : Professionnel' });
    await dialog.getByLabel('Nombre de mois').fill('2');
    await dialog.getByTestId('pay-total').getByText('20 000 FCFA').waitFor();
    // Côte d'Ivoire offers Wave only; Sénégal offers Wave and Orange Money, whose code field and
    // #144#391# hint appear for Orange Money only.
    await dialog.getByLabel('Pays').selectOption('ci');
    expect(await dialog.getByRole('radio').count()).toBe(1);
    await dialog.getByLabel('Pays').selectOption('sn');
    await dialog.getByText('Orange Money').click();
    await dialog.getByText('#144#391#').waitFor();
    await dialog.getByText('Wave', { exact: true }).click();
    expect(await dialog.getByText('#144#391#').count()).toBe(0);
    // A landline is refused on the spot, in French.
    await dialog.getByLabel(/Numéro de téléphone/).fill('33 821 12 34');
    await dialog.getByRole('button', { name: 'Payer 20 000 FCFA' }).click();
    await dialog.getByText(/Numéro mobile du Sénégal invalide/).waitFor();
    await dialog.getByLabel(/Numéro de téléphone/).fill('77 123 45 67');
    await s.shot('plan-payment-dialog');
    await dialog.getByRole('button', { name: 'Payer 20 000 FCFA' }).click();

    // Wave's page (the sandbox), then back to Ganaar.
    await page.waitForURL(/\/pay\/cos-/);
    await page.getByTestId('wave-amount').getByText('20 000 FCFA').waitFor();
    await s.shot('wave-payer-page');
    await page.getByRole('button', { name: 'Payer' }).click();
    await page.waitForURL(/#\/plan\?paiement=\d+/);
    await page.getByText(/Paiement réussi : plan Professionnel actif jusqu'au/).waitFor({ timeout: 30_000 });
    await page.getByTestId('plan-pro').getByText('Plan actuel').waitFor();
    await page.getByTestId('paiements').getByText('Réussi').waitFor();
    // The banner is gone once the subscription is valid again.
    await page.getByRole('link', { name: /Vous n'avez pas d'abonnement valide/ }).waitFor({ state: 'detached' });
    await s.shot('plan-paid');
    expect((await subscriptionOf(acc.tenantId)).plan).toBe('pro');

    // Professionnel: three shops. The second one through the screen, the rest through the API.
    await go(page, baseUrl, '/boutique');
    await page.getByRole('button', { name: 'Créer une boutique' }).click();
    const shop = page.getByRole('dialog', { name: "Création d'une boutique" });
    await shop.getByLabel('Nom').fill('Boutique Mbour');
    await shop.getByRole('button', { name: 'Créer' }).click();
    await page.getByText('Boutique créée').waitFor();
    expect((await post('/api/boutique', { nom: 'Boutique Kaolack' }, acc.token)).status).toBe(200);
    expect((await post('/api/boutique', { nom: 'Boutique de trop' }, acc.token)).status).toBe(422);

    // The dashboard's per-service table counts the payment.
    await go(page, baseUrl, '/dashboard');
    await showDashboardEnd(page);
    const wave = page.getByTestId('dash-transactions').locator('tbody tr, li.dt-card').filter({ hasText: 'Wave' });
    await wave.waitFor();
    expect((await wave.locator('td').allTextContents()).map((t) => t.trim())).toEqual(['Wave', '1', '1', '0', '0', '20 000 FCFA']);
    await s.shot('dashboard-transactions');
  });

  it('the operator signs in, lands on the console, sees the business, the payment and the revenue', async () => {
    op = await operatorAccount();
    const payment = (await get('/api/paiement', acc.token)).body.paiements[0];
    s = await openSession();
    const { page } = s;
    await login(s, op);
    await page.waitForURL(/#\/operateur$/);
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Console opérateur' }).waitFor();
    // No business screen for the operator.
    expect(await nav.getByRole('link', { name: 'Bandes' }).count()).toBe(0);
    const row = page.getByTestId('op-entreprises').locator('tbody tr, li.dt-card').filter({ hasText: 'Ferme Thiès Volailles' });
    // Pages are latest end date first: the business just paid for two months is on the first one.
    await row.waitFor();
    await row.getByText('Professionnel').waitFor();
    await row.getByText('3 / 3').waitFor(); // shops used / allowed by Professionnel
    await s.shot('operator-businesses');

    await page.getByRole('link', { name: 'Paiements' }).click();
    const line = page.getByTestId('op-ledger').locator('tbody tr, li.dt-card').filter({ hasText: payment.reference });
    await line.getByText('Réussi').waitFor();
    await line.getByText('20 000 FCFA').waitFor();
    await s.shot('operator-ledger');

    await page.getByRole('link', { name: 'Revenus' }).click();
    await page.getByTestId('op-revenus').locator('tbody tr, li.dt-card').filter({ hasText: 'FCFA' }).first().waitFor();
    const total = Number((await page.getByTestId('op-total-12').textContent())!.replace(/\D/g, ''));
    expect(total).toBeGreaterThanOrEqual(20_000);
    await s.shot('operator-revenue');

    // Extending by hand needs a reason, which the log keeps.
    await page.getByRole('link', { name: 'Entreprises' }).click();
    await row.getByRole('button', { name: 'Prolonger' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prolonger un abonnement' });
    await dialog.getByLabel('Nombre de jours').fill('7');
    await dialog.getByRole('button', { name: 'Prolonger' }).click();
    await dialog.getByText(/Motif requis/).waitFor();
    await dialog.getByLabel(/Motif/).fill('Geste commercial : coupure réseau');
    await s.shot('operator-extend-dialog');
    await dialog.getByRole('button', { name: 'Prolonger' }).click();
    await page.getByText('Abonnement prolongé.').waitFor();
    await page.getByRole('link', { name: 'Journal' }).click();
    await page.getByTestId('op-journal').getByText('Geste commercial : coupure réseau').waitFor();
    await s.shot('operator-journal');
  });

  it('the plan page, the payment dialog with Orange Money, and the console fit a 360 px phone', async () => {
    s = await openSession({ width: 360, height: 760 });
    const { page, baseUrl } = s;
    await login(s, acc);
    await go(page, baseUrl, '/plan');
    await page.getByTestId('plan-ent').waitFor();
    await page.getByTestId('paiements').getByText('Réussi').waitFor();
    await s.shot('plan-page');
    await page.getByTestId('plan-ent').getByRole('button', { name: 'Choisir ce plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paiement : Entreprise' });
    await dialog.getByText('Orange Money').click();
    await dialog.getByLabel('Code de paiement Orange Money').waitFor();
    await s.shot('plan-payment-dialog-om');
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // A Wave payment with this number already awaits the payer (another tab): a second one is held,
    // and the dialog says why and until when (decision 0212).
    const numero = snNumber();
    await startWave(acc.token, { numero, code_plan: 'ent' });
    await dialog.getByText('Wave').click();
    await dialog.getByLabel(/Numéro de téléphone/).fill(numero);
    await dialog.getByRole('button', { name: /^Payer / }).click();
    await dialog
      .getByText(
        /^Un paiement de 20 000 FCFA attend déjà votre validation sur le \+221 .+ \(Wave\) : validez-le sur votre téléphone, ou réessayez dans [1-5] min\.$/,
      )
      .waitFor();
    await s.shot('plan-payment-held');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await go(page, baseUrl, '/dashboard');
    await showDashboardEnd(page);
    await page.getByTestId('dash-transactions').waitFor();
    await s.shot('dashboard-transactions');
    await s.close();

    // The operator's console on a phone: the tables scroll inside their card, the page does not.
    s = await openSession({ width: 360, height: 760 });
    await login(s, op);
    await s.page.getByTestId('op-entreprises').getByText('Ferme Thiès Volailles').waitFor();
    await s.shot('operator-businesses');
    await go(s.page, s.baseUrl, '/operateur/paiements');
    await s.page.getByTestId('op-ledger').locator('tbody tr, li.dt-card').filter({ hasText: 'FCFA' }).first().waitFor();
    await s.shot('operator-ledger');
    await go(s.page, s.baseUrl, '/operateur/revenus');
    await s.page.getByTestId('op-revenus').locator('tbody tr, li.dt-card').filter({ hasText: 'FCFA' }).first().waitFor();
    await s.shot('operator-revenue');
    const consoleOverflow = await s.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(consoleOverflow).toBeLessThanOrEqual(0);
  });
});
