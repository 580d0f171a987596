// Phone numbers as people write them in real Chromium over the local stack: an
// Ivorian farmer signs up on a 360 px phone with 0707070707 (refused first as a Senegalese number,
// accepted once Côte d'Ivoire is chosen), logs in, records a client typed "07 08 09 10 11" and sees
// it listed with +225; the same screens at 1280 px. The sign-up screen still loads within its
// 100 KB: the phone rule arrives once a field is entered.
import { basename } from 'node:path';
import type { Page } from 'playwright-core';
import { get, uniqueEmail } from '../helpers/api';
import { openSession, type Session } from '../helpers/browser';

const row = (page: Page, text: string | RegExp) => page.locator('tbody tr, li.dt-card').filter({ hasText: text });

async function signup(s: Session, email: string) {
  const { page } = s;
  await page.goto(`${s.baseUrl}/#/signup`);
  await page.getByRole('heading', { name: 'Création de compte' }).waitFor();
  await page.getByLabel('Prénom').fill('Adjoua');
  await page.getByLabel('Nom', { exact: true }).fill('Kouassi');
  await page.getByLabel('Entreprise').fill('Ferme de Yamoussoukro');
  // A Senegalese default would refuse the Ivorian number, with the hint to write +225.
  await page.getByLabel('Pays').selectOption('Senegal');
  await page.getByLabel('Téléphone').fill('0707070707');
  await page.getByLabel('Email').focus();
  await page.getByText("Pour un numéro de Côte d'Ivoire, ajoutez +225 devant.", { exact: false }).waitFor();
  await s.shot('phones-signup-refused');
  await page.getByLabel('Pays').selectOption("Cote d'Ivoire");
  await page.getByText(/Numéro de téléphone invalide/).waitFor({ state: 'detached' });
  expect(await page.getByLabel('Téléphone').getAttribute('placeholder')).toBe('ex. 07 07 07 07 07');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('cacao-2026');
  await page.getByLabel('Confirmer le mot de passe').fill('cacao-2026');
  await s.shot('phones-signup');
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  await page.getByText('Votre compte a bien été créé.').waitFor();
  // The sign-up signs the new user in.
  await page.getByTestId('user-name').waitFor();
}

async function ivorianClient(s: Session) {
  const { page } = s;
  await page.goto(`${s.baseUrl}/#/client`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Nouveau client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau client' });
  await dialog.getByLabel('Prénom').fill('Awa');
  await dialog.getByLabel('Nom', { exact: true }).fill('Koné');
  // a Senegalese number written without its code is refused in a Côte d'Ivoire business
  await dialog.getByLabel('Téléphone').fill('77 123 45 67');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await dialog.getByText('Pour un numéro du Sénégal, ajoutez +221 devant.', { exact: false }).waitFor();
  await s.shot('phones-client-refused');
  await dialog.getByLabel('Téléphone').fill('07 08 09 10 11');
  await s.shot('phones-client-dialog');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText('Client enregistré').waitFor();
  await row(page, 'Awa Koné').getByText('+225 07 08 09 10 11').waitFor();
  await page.getByLabel('Rechercher un client').fill('+225 0708');
  await row(page, 'Awa Koné').waitFor();
  await page.getByLabel('Rechercher un client').fill('');
  await s.shot('phones-clients');
}

describe('an Ivorian farmer and phone numbers', () => {
  let s: Session;
  afterEach(async () => {
    await s?.close();
  });

  it('signs up at 360 px with 0707070707, stored +2250707070707, and lists a client with +225', async () => {
    s = await openSession({ width: 360, height: 740 });
    const scripts: string[] = [];
    s.page.on('request', (r) => {
      if (r.url().endsWith('.js')) scripts.push(basename(new URL(r.url()).pathname));
    });
    const email = uniqueEmail('e2e-civ');
    await signup(s, email);
    // the phone rule came as its own file, after the screen (the budget test counts the screen alone)
    expect(scripts.some((f) => f.startsWith('phone-'))).toBe(true);
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const user = JSON.parse((await s.page.evaluate(() => localStorage.getItem('customer')))!);
    expect(user.telephone).toBe('+2250707070707');
    const token = (await s.page.evaluate(() => localStorage.getItem('token')))!;
    expect((await get('/api/entreprise', token)).body).toMatchObject({ telephone: '+2250707070707', pays_tel: 'ci' });

    await ivorianClient(s);
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('the same screens at 1280 px', async () => {
    s = await openSession();
    const email = uniqueEmail('e2e-civ-large');
    await signup(s, email);
    await ivorianClient(s);
  });
});
