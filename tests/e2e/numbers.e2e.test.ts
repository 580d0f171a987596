// Numbers typed on a phone set to English. An English-language Chromium dropped
// the comma keystroke of an `<input type="number">`: `1,5` sacks became 15 (247 500 FCFA instead of
// 24 750) and `2,5` birds a sale of 25, silently. This journey runs its own Chromium in English
// (--lang=en-US, LANGUAGE=en, context locale en-US, Accept-Language en-US: the shared browser is
// French), types the keystrokes one by one into the batch dialogs and the daily round
// and reads what the server saved.
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { get, newBusiness, post, type Account } from '../helpers/api';
import { createBande, login, nbsp } from '../helpers/bandes-ui';
import { SCREENSHOT_DIR } from '../helpers/browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium';
import { pastDay } from '../helpers/test-dates';

describe('numbers typed in an English-language browser', () => {
  let a: Account;
  let browser: Browser | undefined;

  beforeAll(async () => {
    a = await newBusiness({ entreprise: 'Ferme de Thiès' });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reads 1,5 sacks, 2,5 kg and 2.5 as two and a half, refuses 2,5 birds, and shows 16 500 back (360 px)', async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS.filter((x) => !x.startsWith('--lang=')), '--lang=en-US'],
      env: { ...process.env, LANGUAGE: 'en', LANG: 'en_US.UTF-8' },
    });
    const context = await browser.newContext({
      viewport: { width: 360, height: 800 },
      locale: 'en-US',
      timezoneId: 'Africa/Dakar',
      extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' },
    });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('[page error]', err.message));
    const baseUrl = inject('baseUrl');
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await login({ page, baseUrl } as never, a);
    await page.goto(`${baseUrl}/#/bande`);
    await page.getByRole('heading', { name: 'Bandes' }).waitFor();
    await createBande(page, 'Chair anglais', 'chair', 500, pastDay('03-02'));
    const id = ((await get('/api/bande', a.token)).body as { id: number; nom: string }[]).find((b) => b.nom === 'Chair anglais')!.id;
    const detail = async () => (await get(`/api/bande/${id}`, a.token)).body;
    await page.getByRole('link', { name: 'Chair anglais' }).click();
    await page.getByTestId('bande-nom').getByText('Chair anglais').waitFor();

    // ── an expense of 1,5 sacks at 16 500 FCFA: 24 750 FCFA, not 247 500 ──
    await page.getByRole('button', { name: 'Ajouter une dépense' }).click();
    let d = page.getByRole('dialog', { name: 'Ajouter une dépense' });
    await d.getByLabel('Type de dépense').selectOption({ label: 'Aliment' });
    await d.getByLabel('Désignation').fill('Aliment croissance');
    await d.getByLabel('Prix unitaire (FCFA)').pressSequentially('16500');
    await d.getByLabel('Quantité').pressSequentially('1,5');
    expect(nbsp(await d.getByTestId('depense-total').textContent())).toBe('Total : 24 750 FCFA');
    // the unit price, left, reads back in French without changing its value
    expect(nbsp(await d.getByLabel('Prix unitaire (FCFA)').inputValue())).toBe('16 500');
    await d.getByLabel('Désignation').click();
    expect(await d.getByLabel('Quantité').inputValue()).toBe('1,5');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/numbers-en-depense-360.png` });
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    await d.waitFor({ state: 'detached' });
    await page.getByText('Dépense ajoutée').waitFor();

    // ── the same with a dot: 2.5 sacks ──
    await page.getByRole('button', { name: 'Ajouter une dépense' }).click();
    d = page.getByRole('dialog', { name: 'Ajouter une dépense' });
    await d.getByLabel('Type de dépense').selectOption({ label: 'Aliment' });
    await d.getByLabel('Désignation').fill('Aliment finition');
    await d.getByLabel('Prix unitaire (FCFA)').pressSequentially('16 000');
    await d.getByLabel('Quantité').pressSequentially('2.5');
    expect(nbsp(await d.getByTestId('depense-total').textContent())).toBe('Total : 40 000 FCFA');
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    await d.waitFor({ state: 'detached' });
    await page.getByText('Dépense ajoutée').waitFor();

    // ── a weighing of 2,5 kg ──
    await page.getByRole('button', { name: 'Ajouter un pesage' }).click();
    d = page.getByRole('dialog', { name: 'Pesage' });
    await d.getByLabel('Poids moyen').pressSequentially('2,5');
    await d.getByLabel('Unité').selectOption('kg');
    await d.getByLabel('Échantillon (sujets pesés)').pressSequentially('10');
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    // a weight far from the breed's curve asks first
    const oui = d.getByRole('button', { name: 'Oui, enregistrer' });
    await Promise.race([oui.waitFor().then(() => oui.click()), d.waitFor({ state: 'detached' })]).catch(() => undefined);
    await d.waitFor({ state: 'detached' });
    await page.getByText('Pesage enregistré').waitFor();

    // ── a broiler sale of 2,5 birds is refused as not whole, never saved as 25 ──
    await page.getByRole('button', { name: 'Ajouter une vente' }).click();
    d = page.getByRole('dialog', { name: 'Ajouter une vente' });
    await d.getByLabel('Prix unitaire (FCFA)').pressSequentially('3250');
    await d.getByLabel('Quantité').pressSequentially('2,5');
    await d.getByText('la quantité doit être un nombre entier').waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/numbers-en-vente-360.png` });
    expect(await d.getByTestId('vente-total').count()).toBe(1); // 2,5 × 3 250 shown as typed, not 25
    expect(nbsp(await d.getByTestId('vente-total').textContent())).toBe('Total : 8 125 FCFA');
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    await d.getByLabel('Quantité').fill('');
    await d.getByLabel('Quantité').pressSequentially('2.5');
    await d.getByText('la quantité doit être un nombre entier').waitFor();
    await d.getByRole('button', { name: 'Enregistrer' }).click();

    const saved = await detail();
    const depenses = (saved.depenses as { designation: string; quantite: number; prix_unitaire: number }[]).map((x) => [
      x.designation,
      x.prix_unitaire,
      x.quantite,
    ]);
    expect(depenses).toEqual(
      expect.arrayContaining([
        ['Aliment croissance', 16500, 1.5],
        ['Aliment finition', 16000, 2.5],
      ]),
    );
    expect(depenses).toHaveLength(2);
    expect((saved.pesages as { poids_moyen: number; unite: string }[]).map((p) => [p.poids_moyen, p.unite])).toEqual([[2.5, 'kg']]);
    expect(saved.ventes).toEqual([]);

    // ── the daily round, typed key by key: 1,5 sacks of 50 kg, 33,5 °C, 12,5 litres ──
    await post('/api/aliment/achat', { date: pastDay('03-02'), designation: 'Aliment démarrage', quantite: 10, unite: 'sac50', prix_total: 160000 }, a.token);
    await page.goto(`${baseUrl}/#/tournee`);
    await page.getByRole('heading', { name: 'Tournée du jour' }).waitFor();
    await page.getByLabel('Quantité').pressSequentially('1,5');
    await page.getByLabel('Unité').selectOption('sac50');
    await page.getByLabel('Eau bue (litres)').pressSequentially('12,5');
    await page.getByLabel('Température min (°C)').pressSequentially('24');
    await page.getByLabel('Température max (°C)').pressSequentially('33,5');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/numbers-en-tournee-360.png` });
    await page.getByRole('button', { name: /^Enregistrer le/ }).click();
    const today = new Date().toISOString().slice(0, 10);
    // The round's entry is sent part by part: read what the server holds once both parts landed.
    let day: { aliment_kg?: number; eau_litres?: number; temp_max?: number } | undefined;
    for (let i = 0; i < 100 && !(day?.aliment_kg && day.eau_litres); i++) {
      day = ((await get(`/api/bande/fiche/${id}`, a.token)).body as ({ date: string } & NonNullable<typeof day>)[]).find((f) => f.date === today);
      if (!(day?.aliment_kg && day.eau_litres)) await page.waitForTimeout(100);
    }
    expect(day).toMatchObject({ aliment_kg: 75, eau_litres: 12.5, temp_min: 24, temp_max: 33.5 });
    expect((await detail()).aliment).toMatchObject({ kg: 75 });
    await context.close();
  });
});
