// A layer flock's eggs from the nest to the shop, in real Chromium at 360 px over the real stack:
// collections (through the API) make the egg stock, shown in trays; « Envoyer
// à la boutique » sends 3 trays of size M to an egg product (created through the API) — the dialog
// says what the product gets, the product's stock rises by 3 and the flock's stock falls by 90
// eggs; a breakage of 10 eggs shows the stock in trays and eggs; a breakage of eggs that were not
// there that day is refused on screen with the very words the API answers; the move is cancelled
// (its eggs come back, the product's units leave); offline, a move dated yesterday waits on the
// device and is written on reconnect with its true day. The movements' CSV says trays and eggs.
// At 360 px the movements are cards and nothing is wider than the screen. Axe on the page and its
// two dialogs; screenshots at 360 and 1280 px.
import { readFile } from 'node:fs/promises';
import { addDays, todayFor } from '@shared/dates';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { OEUFS_ECRAN } from '@shared/messages/oeufs-ecran';
import { SYNC_MSG } from '@shared/messages/sync';
import { get, newBusiness, post, type Account } from '../helpers/api';
import { checkA11y } from '../helpers/axe';
import { brokenWords } from '../helpers/broken-words';
import { login, nbsp } from '../helpers/bandes-ui';
import { openSession, type Session } from '../helpers/browser';
import { saved } from '../helpers/download';

const today = () => todayFor();
const fr = (d: string) => d.split('-').reverse().join('/');

describe('a layer flock’s eggs, from the nest to the shop', () => {
  let s: Session;
  let acc: Account;
  let id = 0;
  let produitId = 0;
  afterAll(async () => {
    await s?.close();
  });

  const ok = async (path: string, body: unknown) => {
    const r = await post(path, body, acc.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const stockApi = async () => (await get(`/api/bande/oeufs/${id}`, acc.token)).body;
  const produitApi = async () => ((await get('/api/produit', acc.token)).body as { id: number; quantite: number }[]).find((p) => p.id === produitId)!;

  it('sends 3 trays to the shop, breaks some eggs, refuses what was not there, cancels the move, and sends offline with its true day', async () => {
    acc = await newBusiness({ entreprise: 'Ferme avicole de Thiès' });
    id = (await ok('/api/bande/create', { nom: 'Pondeuses Thiès', type: 'pondeuse', nb_sujet: 300, date_demarage: addDays(today(), -60), id_bande: -1 })).id;
    // 120 eggs three days ago (M 60, L 60) and 90 two days ago (M 30, L 60): 210 eggs, 7 trays.
    for (const [d, m, l] of [
      [-3, 60, 60],
      [-2, 30, 60],
    ] as const) {
      await ok('/api/bande/collect', {
        id_bande: id,
        id: -1,
        collecte: m + l,
        calibres: JSON.stringify({ s: 0, m, l, xl: 0 }),
        date_collecte: addDays(today(), d),
      });
    }
    produitId = (
      await ok('/api/produit', { id: 0, nom: 'Plateau d’œufs M', description: '', quantite: 0, prix_cession: 2000, prix_vente: 2500, oeufs_par_unite: 30 })
    ).id;

    s = await openSession({ width: 360, height: 780 });
    const { page, context } = s;
    await login(s, acc);
    // ── reached from the batch's « Œufs » tab ──
    await page.goto(`${s.baseUrl}/#/bande/${id}`);
    await page.getByTestId('tab-oeufs').click();
    await page.getByTestId('oeufs-stock').waitFor();
    expect(nbsp(await page.getByTestId('oeufs-stock').textContent())).toBe('7 plateaux');
    expect(nbsp(await page.getByTestId('oeufs-calibre-m').textContent())).toBe('3 plateaux');
    expect(nbsp(await page.getByTestId('oeufs-calibre-l').textContent())).toBe('4 plateaux');

    // ── « Envoyer à la boutique »: 3 trays of size M today ──
    await page.getByRole('button', { name: OEUFS_ECRAN.envoyer }).click();
    let d = page.getByRole('dialog', { name: `${OEUFS_ECRAN.envoyer} : Pondeuses Thiès` });
    await d.getByLabel('Produit').selectOption({ label: 'Plateau d’œufs M (30 œufs par unité)' });
    await d.getByLabel('Quantité').fill('3');
    await d.getByLabel('Calibre').selectOption('m');
    expect(nbsp(await d.getByTestId('envoi-resume').textContent())).toBe(nbsp(OEUFS_ECRAN.ajoutProduit(90, 3, 'Plateau d’œufs M', 3)));
    await s.shot('oeufs-envoi');
    // The dialog's fixed choices are read whole on a phone: a select shows its choice cut at its edge.
    const cut = await d.evaluate((el) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      return [...el.querySelectorAll<HTMLSelectElement>('#f-envoi-unite, #f-envoi-calibre')].flatMap((sel) => {
        const css = getComputedStyle(sel);
        ctx.font = css.font;
        const room = sel.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
        return [...sel.options].filter((o) => ctx.measureText(o.text).width > room).map((o) => o.text);
      });
    });
    expect(cut).toEqual([]);
    await checkA11y(page, 'oeufs-envoi');
    await d.getByRole('button', { name: 'Envoyer' }).click();
    await d.waitFor({ state: 'detached' });
    await page.getByText(OEUFS_MSG.transfertEnregistre).waitFor();
    await expect.poll(async () => nbsp(await page.getByTestId('oeufs-stock').textContent())).toBe('4 plateaux');
    expect(nbsp(await page.getByTestId('oeufs-calibre-m').textContent())).toBe('0 œuf');
    // the product's stock: 3 units, from a restock of origin Production
    expect((await produitApi()).quantite).toBe(3);
    expect(nbsp(await page.getByTestId('oeufs-bilan').textContent())).toContain('Envoyés à « Plateau d’œufs M »');

    // ── 10 eggs broken today ──
    await page.getByRole('button', { name: OEUFS_ECRAN.casse, exact: true }).click();
    d = page.getByRole('dialog', { name: `${OEUFS_ECRAN.casse} : Pondeuses Thiès` });
    await d.getByLabel('Quantité').fill('10');
    await d.getByLabel('Motif').fill('Œufs fêlés');
    await s.shot('oeufs-casse');
    await checkA11y(page, 'oeufs-casse');
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    await d.waitFor({ state: 'detached' });
    await page.getByText(OEUFS_MSG.casseEnregistree).waitFor();
    await expect.poll(async () => nbsp(await page.getByTestId('oeufs-stock').textContent())).toBe('3 plateaux et 20 œufs');

    // ── 5 trays broken three days ago: 120 eggs were there that day; refused on screen as the API says it ──
    await page.getByRole('button', { name: OEUFS_ECRAN.casse, exact: true }).click();
    d = page.getByRole('dialog', { name: `${OEUFS_ECRAN.casse} : Pondeuses Thiès` });
    await d.getByLabel('Unité').selectOption('plateau');
    await d.getByLabel('Quantité').fill('5');
    await d.getByLabel('Date').fill(addDays(today(), -3));
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    const refus = d.getByRole('alert');
    await refus.waitFor();
    const api = await post(
      '/api/bande/oeufs/casse',
      { id_bande: id, quantite: 5, unite: 'plateau', date: addDays(today(), -3), motif: 'Œufs cassés' },
      acc.token,
    );
    expect(api.status).toBe(409);
    expect(nbsp(await refus.textContent())).toBe(nbsp(api.body.message));
    await d.getByRole('button', { name: 'Fermer' }).click();
    await d.waitFor({ state: 'detached' });

    // ── the move cancelled: its 90 eggs come back, the product's 3 units leave ──
    const mvts = page.getByTestId('mouvements-oeufs');
    await mvts.getByRole('button', { name: `${OEUFS_ECRAN.annulerEnvoi} du ${fr(today())}` }).click();
    const c = page.getByRole('dialog', { name: OEUFS_ECRAN.annulerEnvoi });
    await c.getByRole('button', { name: 'Oui, annuler' }).click();
    await page.getByText(OEUFS_MSG.transfertAnnule).waitFor();
    await expect.poll(async () => nbsp(await page.getByTestId('oeufs-stock').textContent())).toBe('6 plateaux et 20 œufs');
    expect((await produitApi()).quantite).toBe(0);

    // ── offline in the store room: 1 tray sent yesterday, written on reconnect with its day ──
    await context.setOffline(true);
    await page.getByRole('button', { name: OEUFS_ECRAN.envoyer }).click();
    d = page.getByRole('dialog', { name: `${OEUFS_ECRAN.envoyer} : Pondeuses Thiès` });
    await d.getByLabel('Produit').selectOption({ label: 'Plateau d’œufs M (30 œufs par unité)' });
    await d.getByLabel('Quantité').fill('1');
    await d.getByLabel('Date').fill(addDays(today(), -1));
    await d.getByRole('button', { name: 'Envoyer' }).click();
    await d.waitFor({ state: 'detached' });
    await page.getByText(SYNC_MSG.queued).waitFor();
    expect(nbsp(await page.getByTestId('pending-entries').textContent())).toContain('1 plateau');
    expect((await stockApi()).stock_oeufs).toBe(200);
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('pending-entries').count(), { timeout: 30_000 }).toBe(0);
    const after = await stockApi();
    expect(after.stock_oeufs).toBe(170);
    const envoi = after.mouvements.find((m: { genre: string; etat?: string }) => m.genre === 'transfert' && m.etat !== 'DELETED');
    expect(envoi).toMatchObject({ date: addDays(today(), -1), oeufs: -30, unites_produit: 1 });
    expect((await produitApi()).quantite).toBe(1);
    await expect.poll(async () => nbsp(await page.getByTestId('oeufs-stock').textContent())).toBe('5 plateaux et 20 œufs');

    // ── the movements' CSV says trays and eggs ──
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('mouvements-oeufs-csv').click()]);
    const lines = (await readFile(await saved(download), 'utf8')).replace('\ufeff', '').split('\r\n');
    expect(lines[0]).toBe('Date;Mouvement;Œufs;Plateaux et œufs;Calibre;Détail;État');
    expect(lines).toContain(`${fr(today())};Casse;-10;10 œufs;;Œufs fêlés;Validé`);
    expect(lines).toContain(`${fr(addDays(today(), -1))};Envoi boutique;-30;1 plateau;;→ Plateau d’œufs M (+1);Validé`);
    await page.waitForLoadState('networkidle');
    // A phone shows the movements as cards, and nothing is wider than its screen.
    expect(await mvts.locator('li.dt-card').count()).toBeGreaterThanOrEqual(5);
    expect(await mvts.locator('table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await s.shot('oeufs-page');
    await checkA11y(page, 'oeufs-page');
  });

  it('the batch report at 360 px says where the production went without cutting a word', async () => {
    // A flock's month of eggs (300 hens lay at most 300 a day): long figures beside their labels.
    for (let d = 31; d >= 11; d--) {
      const m = d === 11 ? 10 : 300;
      await ok('/api/bande/collect', {
        id_bande: id,
        id: -1,
        collecte: m,
        calibres: JSON.stringify({ s: 0, m, l: 0, xl: 0 }),
        date_collecte: addDays(today(), -d),
      });
    }
    const phone = await openSession({ width: 360, height: 780 });
    try {
      await login(phone, acc);
      await phone.page.goto(`${phone.baseUrl}/#/bande/${id}/rapport`);
      const production = phone.page.getByTestId('rapport-production');
      await phone.page.getByTestId('rapport-bilan-collectes').waitFor();
      expect(nbsp(await phone.page.getByTestId('rapport-bilan-collectes').textContent())).toBe('207 plateaux et 10 œufs (6 220 œufs)');
      expect(await brokenWords(production.locator('span'))).toEqual([]);
      await phone.shot('oeufs-rapport');
    } finally {
      await phone.close();
    }
  });

  it('looks right at 1280 px', async () => {
    const wide = await openSession({ width: 1280, height: 900 });
    try {
      await login(wide, acc);
      await wide.page.goto(`${wide.baseUrl}/#/bande/${id}/oeufs`);
      await wide.page.getByTestId('oeufs-stock').waitFor();
      await wide.page.getByTestId('mouvements-oeufs').getByRole('row').nth(1).waitFor();
      await wide.page.waitForLoadState('networkidle');
      await wide.shot('oeufs-page');
      await checkA11y(wide.page, 'oeufs-page');
    } finally {
      await wide.close();
    }
  });
});
