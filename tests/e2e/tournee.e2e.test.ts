// The daily round in real Chromium at 360 px over the real stack: a broiler batch
// and a layer batch, a feed store bought through the API, yesterday's loss, feed and sheet; the round
// opened once online (the app's service worker installed), then done OFFLINE for both batches
// (deaths, eggs by size, feed in sacks and kg, water, temperatures, humidity), each batch's day one
// entry waiting on the device, with a cold start of the app between the two batches (reloaded
// without network: the worker serves the app, the device's copy the batches); the network returns
// and every part is written once. The server's figures then: birds alive, eggs, the store's
// stock and each batch's feed, the sheets with their water per bird. « À faire » shows the feed
// alert (threshold raised) and the water drop. Screenshots at 360 and 1280 px, axe-core on the round at both widths.
import { addDays } from '@shared/dates';
import { ALIMENT_MSG, FICHE_MSG } from '@shared/messages/aliment';
import { TOURNEE_MSG } from '@shared/messages/tournee';
import { call, newBusiness, type Account } from '../helpers/api';
import { checkA11y } from '../helpers/axe';
import { openSession, type Session } from '../helpers/browser';

const today = () => new Date().toISOString().slice(0, 10);

/** Signs in and lets the app register its service worker (30 s after load: the page's clock is moved past it), as tests/e2e/offline.e2e.test.ts. */
async function loginWithWorker(s: Session, acc: Account) {
  const { page, baseUrl } = s;
  await page.clock.install();
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel('Email').fill(acc.email);
  await page.getByLabel('Mot de passe').fill(acc.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByTestId('user-name').waitFor();
  await page.clock.fastForward(31_000);
  await page.clock.resume();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.active)), { timeout: 60_000, interval: 500 })
    .toBe(true);
}

async function api(acc: Account, method: 'GET' | 'POST', path: string, body?: unknown) {
  const r = await call(method, path, body, { token: acc.token });
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
}

describe('the daily round, offline then synced', () => {
  let s: Session;
  afterAll(async () => {
    await s?.close();
  });

  it('two batches done offline, one entry each, written once when the network returns, with the figures the server then gives', async () => {
    const acc = await newBusiness();
    const day = today();
    const hier = addDays(day, -1);
    const chair = await api(acc, 'POST', '/api/bande/create', {
      nom: 'Chair Thiès',
      nb_sujet: 500,
      date_demarage: addDays(day, -20),
      type: 'chair',
      id_bande: -1,
    });
    const ponte = await api(acc, 'POST', '/api/bande/create', {
      nom: 'Pondeuses Mbour',
      nb_sujet: 300,
      date_demarage: addDays(day, -150),
      type: 'pondeuse',
      id_bande: -1,
    });
    // The store: 20 sacks of 50 kg bought five days ago (1 000 kg).
    await api(acc, 'POST', '/api/aliment/achat', {
      date: addDays(day, -5),
      designation: 'Aliment croissance',
      quantite: 20,
      unite: 'sac50',
      prix_total: 400_000,
    });
    // Yesterday on the broilers: 2 dead, 30 kg eaten, 150 L drunk; the days before, 150 L too (the water alert's history).
    await api(acc, 'POST', '/api/bande/perte', { nombre: 2, id_bande: chair.id, date: hier });
    await api(acc, 'POST', '/api/aliment/consommation', { id_bande: chair.id, date: hier, quantite: 30, unite: 'kg' });
    for (const n of [4, 3, 2]) await api(acc, 'POST', '/api/bande/fiche', { id_bande: chair.id, date: addDays(day, -n), eau_litres: 150 });
    await api(acc, 'POST', '/api/bande/fiche', { id_bande: chair.id, date: hier, eau_litres: 150, temp_min: 22, temp_max: 31, humidite: 65 });
    // Yesterday's eggs on the layers.
    await api(acc, 'POST', '/api/bande/collect', {
      id_bande: ponte.id,
      id: -1,
      collecte: 250,
      calibres: JSON.stringify({ s: 20, m: 100, l: 110, xl: 20 }),
      date_collecte: hier,
    });

    s = await openSession({ width: 360, height: 780 });
    const { page, context } = s;
    await loginWithWorker(s, acc);

    // ── online once: the round's batches, their details and sheets, now kept on the device ──
    await page.getByRole('link', { name: 'Tournée du jour' }).first().waitFor({ state: 'attached' });
    await page.evaluate(() => (window.location.hash = '#/tournee'));
    await page
      .getByTestId('tournee-etape')
      .filter({ hasText: TOURNEE_MSG.etape(1, 2) })
      .waitFor();
    await page.getByTestId('veille-eau').filter({ hasText: '150 L' }).waitFor();
    await page.getByRole('button', { name: 'Passer cette bande' }).click();
    await page.getByTestId('veille-oeufs').filter({ hasText: '250' }).waitFor();
    await page.getByRole('button', { name: 'Précédente' }).click();
    await page
      .getByTestId('tournee-etape')
      .filter({ hasText: TOURNEE_MSG.etape(1, 2) })
      .waitFor();
    await page.waitForLoadState('networkidle');
    await checkA11y(page, 'tournee');

    // ── offline: the broilers ──
    await context.setOffline(true);
    expect(await page.getByTestId('veille-morts').textContent()).toBe('Veille : 2');
    expect(await page.getByTestId('veille-aliment').textContent()).toBe('Veille : 30 kg');
    expect(await page.getByTestId('veille-temp').textContent()).toBe('Veille : 22 °C / 31 °C');
    await page.getByLabel('Morts (nombre)').fill('3');
    await page.getByLabel('Quantité').fill('2');
    await page.getByLabel('Unité').selectOption('sac50');
    await page.getByLabel('Eau bue (litres)').fill('100');
    await page.getByLabel('Température min (°C)').fill('24');
    await page.getByLabel('Température max (°C)').fill('33,5');
    await page.getByLabel('Humidité (%)').fill('70');
    await page.getByLabel('Note').fill('Abreuvoir 3 bouché, nettoyé');
    await s.shot('tournee-chair');
    await page.getByRole('button', { name: /^Enregistrer le/ }).click();
    await page
      .getByTestId('tournee-etape')
      .filter({ hasText: TOURNEE_MSG.etape(2, 2) })
      .waitFor();

    // ── a cold start without network: the worker serves the app, the device's copy the round ──
    await page.reload();
    await page.getByTestId('user-name').waitFor();
    await page
      .getByTestId('tournee-etape')
      .filter({ hasText: TOURNEE_MSG.etape(1, 2) })
      .waitFor();
    await page
      .getByTestId('pending-entries')
      .getByText(/Tournée du .* : 3 morts/)
      .waitFor();
    // The broilers' day waits on the device: skipped this time.
    await page.getByRole('button', { name: 'Passer cette bande' }).click();

    // ── offline: the layers ──
    await page
      .getByTestId('tournee-etape')
      .filter({ hasText: TOURNEE_MSG.etape(2, 2) })
      .waitFor();
    await page.getByTestId('veille-oeufs').filter({ hasText: '250' }).waitFor();
    await page.getByLabel('Morts (nombre)').fill('1');
    await page.getByLabel('S', { exact: true }).fill('20');
    await page.getByLabel('M', { exact: true }).fill('100');
    await page.getByLabel('L', { exact: true }).fill('120');
    await page.getByLabel('XL', { exact: true }).fill('30');
    expect(await page.getByTestId('tr-oeufs-total').textContent()).toBe('Total : 270 œufs (9 plateaux)');
    await page.getByLabel('Quantité').fill('35');
    await page.getByLabel('Eau bue (litres)').fill('60');
    await s.shot('tournee-pondeuses');
    await page.getByRole('button', { name: /^Enregistrer le/ }).click();

    const resume = page.getByTestId('tournee-resume');
    await resume.getByText(TOURNEE_MSG.passee('Chair Thiès')).waitFor();
    await resume.getByText(TOURNEE_MSG.enAttente('Pondeuses Mbour')).waitFor();
    const pending = page.getByTestId('pending-entries');
    expect(await pending.getByText('en attente').count()).toBe(2);
    await pending.getByText(/Tournée du .* : 3 morts, 2 sacs de 50 kg d'aliment, fiche/).waitFor();
    await pending.getByText(/Tournée du .* : 1 mort, 270 œufs, 35 kg d'aliment, fiche/).waitFor();
    await s.shot('tournee-hors-ligne');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Nothing reached the server.
    expect((await api(acc, 'GET', `/api/bande/${chair.id}`)).pertes).toHaveLength(1);

    // ── the network returns: each batch's parts written once ──
    await context.setOffline(false);
    await resume.getByText(TOURNEE_MSG.enregistree('Pondeuses Mbour')).waitFor({ timeout: 30_000 });
    await page.getByTestId('pending-entries').waitFor({ state: 'detached' });

    const figures = async () => {
      const [dc, dp, stock, fc, fp, col, list] = await Promise.all([
        api(acc, 'GET', `/api/bande/${chair.id}`),
        api(acc, 'GET', `/api/bande/${ponte.id}`),
        api(acc, 'GET', '/api/aliment/stock'),
        api(acc, 'GET', `/api/bande/fiche/${chair.id}`),
        api(acc, 'GET', `/api/bande/fiche/${ponte.id}`),
        api(acc, 'GET', `/api/bande/collect/get/${ponte.id}`),
        api(acc, 'GET', '/api/bande'),
      ]);
      const row = (id: number) => list.find((b: { id: number }) => b.id === id);
      const jour = (f: { date: string }[]) => f.find((x) => x.date === day);
      return {
        chair: { pertes: row(chair.id).nb_perte, kg: dc.aliment?.kg, fiche: jour(fc) },
        ponte: {
          pertes: row(ponte.id).nb_perte,
          kg: dp.aliment?.kg,
          oeufs: col
            .filter((c: { date_collecte: string }) => c.date_collecte.slice(0, 10) === day)
            .map((c: { collecte: number; calibres: string }) => [c.collecte, JSON.parse(c.calibres)]),
          fiche: jour(fp),
        },
        stock_kg: stock.stock_kg,
      };
    };
    const expected = {
      // 500 − 2 yesterday − 3 today = 495 alive; 300 − 1 = 299.
      chair: {
        pertes: 5,
        kg: 130,
        fiche: expect.objectContaining({
          vivants: 495,
          eau_litres: 100,
          temp_min: 24,
          temp_max: 33.5,
          humidite: 70,
          note: 'Abreuvoir 3 bouché, nettoyé',
          aliment_kg: 100,
          eau_par_sujet: 0.202,
          ratio_eau_aliment: 1,
        }),
      },
      ponte: {
        pertes: 1,
        kg: 35,
        oeufs: [[270, { s: 20, m: 100, l: 120, xl: 30 }]],
        fiche: expect.objectContaining({ vivants: 299, eau_litres: 60, aliment_kg: 35 }),
      },
      // 1 000 kg bought, 30 + 100 + 35 eaten.
      stock_kg: 835,
    };
    expect(await figures()).toEqual(expected);
    await s.shot('tournee-synchronisee');

    // Reloaded online and synced again: nothing is sent twice.
    await page.reload();
    await page.getByTestId('user-name').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await figures()).toEqual(expected);

    // ── « À faire aujourd'hui »: the water drop (100 L after 150 L a day) and, threshold raised, the feed ──
    await api(acc, 'POST', '/api/aliment/seuil', { seuil_jours: 60 });
    await page.evaluate(() => (window.location.hash = '#/dashboard'));
    const aFaire = page.getByTestId('a-faire');
    await aFaire.getByTestId('a-faire-eau').getByText(FICHE_MSG.alerteEau('Chair Thiès', 33)).waitFor();
    const stock = await api(acc, 'GET', '/api/aliment/stock');
    await aFaire.getByTestId('a-faire-aliment').getByText(ALIMENT_MSG.alerteStock(stock.jours_restants, 60)).waitFor();
    await aFaire.scrollIntoViewIfNeeded();
    await s.shot('tournee-a-faire');
    await aFaire.getByTestId('a-faire-tournee').click();
    await page
      .getByTestId('tournee-etape')
      .filter({ hasText: TOURNEE_MSG.etape(1, 2) })
      .waitFor();

    // ── the same round on a desktop ──
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('veille-eau').filter({ hasText: '150 L' }).waitFor();
    // The day already holds the round's figures: said before any is typed again.
    expect(await page.getByTestId('tournee-deja').textContent()).toBe(
      TOURNEE_MSG.dejaSaisi(day, [TOURNEE_MSG.resume.morts(3), TOURNEE_MSG.resume.aliment(100, 'kg'), TOURNEE_MSG.resume.fiche]),
    );
    await s.shot('tournee-chair');
    await checkA11y(page, 'tournee');
  }, 180_000);
});
