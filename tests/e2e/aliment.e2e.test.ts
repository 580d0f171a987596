// The farm's feed store in real Chromium at 360 px over the real stack: a
// delivery bought through « Acheter de l'aliment » (its kg and price per kg shown before saving), a
// batch's consumption from the Aliment page, a backdated consumption that would leave the stock
// short two days later refused with the server's own 409 words (the same text the API answers), a
// purchase whose kg were eaten refused its cancel, a consumption cancelled; the batch's detail
// counting the feed it ate (kg, cost in its expenses); offline, a consumption typed in the coop
// waits on the device and is written once the network returns; the purchases' CSV downloaded.
// A daily sheet recorded through the API shows on the batch's water/feed part. Axe on the page,
// its dialogs and the batch; screenshots at 360 and 1280 px.
import { readFile } from 'node:fs/promises';
import { saved } from '../helpers/download';
import { addDays } from '@shared/dates';
import { ALIMENT_ECRAN, ALIMENT_MSG } from '@shared/messages/aliment';
import { SYNC_MSG } from '@shared/messages/sync';
import { call, newBusiness, type Account } from '../helpers/api';
import { checkA11y } from '../helpers/axe';
import { createBande, fcfa, login, nbsp } from '../helpers/bandes-ui';
import { openSession, type Session } from '../helpers/browser';

const today = () => new Date().toISOString().slice(0, 10);

describe('the feed store, from a delivery to a batch’s feed cost', () => {
  let s: Session;
  let acc: Account;
  let id = 0;
  afterAll(async () => {
    await s?.close();
  });

  it('buys, feeds a batch, refuses what would leave the stock short, cancels, counts the feed on the batch, and works offline', async () => {
    acc = await newBusiness();
    s = await openSession({ width: 360, height: 780 });
    const { page, context } = s;
    await login(s, acc);
    const start = addDays(today(), -20);
    await page.goto(`${s.baseUrl}/#/bande`);
    await createBande(page, 'Chair Mbour', 'chair', 500, start);
    const bandes = await call('GET', '/api/bande', undefined, { token: acc.token });
    id = bandes.body.find((b: { nom: string }) => b.nom === 'Chair Mbour').id;

    // ── the empty store, reached from the menu's « Aliment » ──
    await page.goto(`${s.baseUrl}/#/aliment`);
    await page.getByRole('heading', { name: 'Aliment', level: 1 }).waitFor();
    expect(nbsp(await page.getByTestId('aliment-stock').textContent())).toBe('0 kg');
    expect(await page.locator('#sidebar a[href="#/aliment"]').count()).toBe(1);

    // ── a delivery of 20 sacks of 50 kg for 350 000 FCFA, five days ago ──
    await page.getByRole('button', { name: "Acheter de l'aliment" }).click();
    const achat = page.getByRole('dialog', { name: "Acheter de l'aliment" });
    await achat.getByLabel('Date').fill(addDays(today(), -5));
    await achat.getByLabel('Désignation').fill('Aliment croissance');
    await achat.getByLabel('Quantité').fill('20');
    await achat.getByLabel('Unité').selectOption('sac50');
    await achat.getByLabel('Prix total (FCFA)').fill('350000');
    await achat.getByLabel('Fournisseur (facultatif)').fill('NMA Sanders');
    expect(nbsp(await achat.getByTestId('achat-resume').textContent())).toBe('Soit 1 000 kg · 350 FCFA le kg');
    await s.shot('aliment-achat');
    await checkA11y(page, 'aliment-achat');
    await achat.getByRole('button', { name: 'Enregistrer' }).click();
    await achat.waitFor({ state: 'detached' });
    await page.getByText('Achat enregistré').waitFor();
    await expect.poll(async () => nbsp(await page.getByTestId('aliment-stock').textContent())).toBe('1 000 kg');
    expect(nbsp(await page.getByTestId('aliment-valeur').textContent())).toBe(fcfa(350000));
    expect(nbsp(await page.getByTestId('aliment-cout-moyen').textContent())).toBe('350 FCFA / kg');

    // ── the batch ate 300 kg two days ago ──
    const consommer = async (date: string, kg: string) => {
      await page.getByRole('button', { name: 'Consommation', exact: true }).click();
      const d = page.getByRole('dialog', { name: "Consommation d'aliment" });
      await d.getByLabel('Bande').selectOption({ label: 'Chair Mbour' });
      await d.getByLabel('Date').fill(date);
      await d.getByLabel('Unité').selectOption('kg');
      await d.getByLabel('Quantité').fill(kg);
      await d.getByRole('button', { name: 'Enregistrer' }).click();
      return d;
    };
    let d = await consommer(addDays(today(), -2), '300');
    await d.waitFor({ state: 'detached' });
    await page.getByText('Consommation enregistrée').waitFor();
    await expect.poll(async () => nbsp(await page.getByTestId('aliment-stock').textContent())).toBe('700 kg');

    // ── 800 kg four days ago would leave 200 kg for the 300 eaten two days ago: refused, in the server's words ──
    d = await consommer(addDays(today(), -4), '800');
    const refus = d.getByRole('alert');
    await refus.waitFor();
    const api = await call('POST', '/api/aliment/consommation', { id_bande: id, date: addDays(today(), -4), quantite: 800, unite: 'kg' }, { token: acc.token });
    expect(api.status).toBe(409);
    expect(await refus.textContent()).toBe(api.body.message);
    expect(api.body.message).toBe(ALIMENT_MSG.stockInsuffisant(addDays(today(), -2), 200, 300));
    await s.shot('aliment-consommation-refusee');
    await checkA11y(page, 'aliment-consommation');
    await d.getByRole('button', { name: 'Fermer' }).click();
    await d.waitFor({ state: 'detached' });
    expect(nbsp(await page.getByTestId('aliment-stock').textContent())).toBe('700 kg');

    // ── the purchase's cancel would leave the 300 kg eaten without stock: refused as the server says ──
    const achats = page.getByTestId('achats');
    await achats.getByRole('button', { name: /Annuler l'achat Aliment croissance/ }).click();
    const ca = page.getByRole('dialog', { name: "Annuler l'achat" });
    await ca.getByRole('button', { name: 'Oui, annuler' }).click();
    await ca.getByRole('alert').waitFor();
    expect(await ca.getByRole('alert').textContent()).toContain('Annulation impossible');
    await ca.getByRole('button', { name: 'Non' }).click();

    // ── the batch's detail: 300 kg at 350 FCFA = 105 000 FCFA, counted in its expenses ──
    await page.goto(`${s.baseUrl}/#/bande/${id}`);
    await page.getByTestId('card-aliment-kg').waitFor();
    expect(nbsp(await page.getByTestId('card-aliment-kg').textContent())).toBe('300 kg');
    expect(nbsp(await page.getByTestId('card-aliment-cout').textContent())).toContain(fcfa(105000));
    expect(nbsp(await page.getByTestId('card-depenses').textContent())).toBe(fcfa(105000));
    const detail = await call('GET', `/api/bande/${id}`, undefined, { token: acc.token });
    expect(detail.body).toMatchObject({ aliment_kg: 300, cout_aliment: 105000 });

    // ── a sheet of yesterday (through the API) shows in the batch's water and feed ──
    const fiche = await call(
      'POST',
      '/api/bande/fiche',
      { id_bande: id, date: addDays(today(), -2), eau_litres: 100, temp_min: 24, temp_max: 33 },
      { token: acc.token },
    );
    expect(fiche.status).toBe(200);
    await page.reload();
    const eau = page.getByTestId('eau-aliment');
    await eau.scrollIntoViewIfNeeded();
    await eau.getByTestId('chart-eau').waitFor();
    // 100 L for 500 birds; 100 L for the 300 kg eaten that day
    expect(nbsp(await eau.getByTestId(`fiche-eau-sujet-${addDays(today(), -2)}`).textContent())).toBe('0,2 L');
    expect(nbsp(await eau.getByTestId(`fiche-ratio-${addDays(today(), -2)}`).textContent())).toBe('0,33');
    await page.waitForLoadState('networkidle');
    await s.shot('aliment-bande');
    await checkA11y(page, 'aliment-bande');

    // ── offline in the coop: 50 kg eaten today, from the batch's own entry ──
    await context.setOffline(true);
    await page.getByRole('button', { name: "Consommation d'aliment" }).click();
    const off = page.getByRole('dialog', { name: "Consommation d'aliment : Chair Mbour" });
    await off.getByLabel('Unité').selectOption('kg');
    await off.getByLabel('Quantité').fill('50');
    await off.getByRole('button', { name: 'Enregistrer' }).click();
    await off.waitFor({ state: 'detached' });
    await page.getByText(SYNC_MSG.queued).waitFor();
    expect(nbsp(await page.getByTestId('pending-entries').textContent())).toContain('50 kg');
    expect((await call('GET', '/api/aliment/stock', undefined, { token: acc.token })).body.stock_kg).toBe(700);
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('pending-entries').count(), { timeout: 30_000 }).toBe(0);
    expect((await call('GET', '/api/aliment/stock', undefined, { token: acc.token })).body.stock_kg).toBe(650);
    await expect.poll(async () => nbsp(await page.getByTestId('card-aliment-kg').textContent())).toBe('350 kg');

    // ── back on the store: today's consumption cancelled gives its kg back; the purchases' CSV ──
    await page.goto(`${s.baseUrl}/#/aliment`);
    await expect.poll(async () => nbsp(await page.getByTestId('aliment-stock').textContent())).toBe('650 kg');
    const consos = page.getByTestId('consommations');
    // Today's row by its name: the list first shows the copy kept on the device (without today's
    // 50 kg) until its read comes back, and « the first » button was then day −2's 300 kg (seen
    // once in a clean clone: 950 kg instead of 700).
    await consos.getByRole('button', { name: `Annuler la consommation de Chair Mbour du ${today().split('-').reverse().join('/')}` }).click();
    const cc = page.getByRole('dialog', { name: 'Annuler la consommation' });
    await cc.getByRole('button', { name: 'Oui, annuler' }).click();
    await page.getByText(ALIMENT_ECRAN.consommationAnnulee).waitFor();
    await expect.poll(async () => nbsp(await page.getByTestId('aliment-stock').textContent())).toBe('700 kg');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('achats-csv').click()]);
    const csv = await readFile(await saved(download), 'utf8');
    expect(csv.replace('\ufeff', '').split('\r\n')[1]).toBe(
      `${addDays(today(), -5).split('-').reverse().join('/')};Aliment croissance;20;sac de 50 kg;1000;350000;NMA Sanders;Validé`,
    );
    await page.waitForLoadState('networkidle');
    await s.shot('aliment-page');
    await checkA11y(page, 'aliment-page');
  });

  it('looks right at 1280 px: the store and the batch’s water and feed', async () => {
    const wide = await openSession({ width: 1280, height: 900 });
    try {
      await login(wide, acc);
      await wide.page.goto(`${wide.baseUrl}/#/aliment`);
      await wide.page.getByTestId('aliment-stock').waitFor();
      await wide.page.getByTestId('achats').getByRole('row').nth(1).waitFor();
      await wide.page.waitForLoadState('networkidle');
      await wide.shot('aliment-page');
      await checkA11y(wide.page, 'aliment-page');
      await wide.page.goto(`${wide.baseUrl}/#/bande/${id}`);
      await wide.page.getByTestId('card-aliment-kg').waitFor();
      await wide.page.getByTestId('eau-aliment').scrollIntoViewIfNeeded();
      await wide.page.getByTestId('chart-eau').waitFor();
      await wide.page.waitForLoadState('networkidle');
      await wide.shot('aliment-bande');
    } finally {
      await wide.close();
    }
  });
});
