// Offline entries in real Chromium: the Workbox worker registered by the app's own
// 30 s timer (the page clock is moved forward), the network cut with context.setOffline; a loss, an
// egg collection, two shop sales and a repayment typed offline wait in the outbox ("en attente"), survive a
// reload without network, and once the network returns are each written exactly once (checked
// through the API) — except the second sale, refused because its stock was sold meanwhile, which
// lands in "À corriger" with the server's message. Signing out with it still there warns first.
// The loss typed offline is stored with the time it was typed (the outbox's `saisi_le`),
// not the time it reached the server.
// Then the lists read offline from the device's copy, marked with their age, and the update
// prompt of a new deployment. Screenshots at 360 px.
// The journey loads its pages from its own copy of the built SPA on its own origin
// (tests/helpers/own-origin.ts): the new deployment it writes is seen by no other journey.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { call, newBusiness, type Account } from '../helpers/api';
import { addDays } from '@shared/dates';
import { jj } from '../helpers/bandes-ui';
import { pastDay } from '../helpers/test-dates';
import { openSession, type Session } from '../helpers/browser';
import { startOwnOrigin, type OwnOrigin } from '../helpers/own-origin';

const QUEUED = 'Hors ligne : saisie enregistrée sur cet appareil';
const today = () => new Date().toISOString().slice(0, 10);

async function api(acc: Account, method: 'GET' | 'POST', path: string, body?: unknown) {
  const r = await call(method, path, body, { token: acc.token });
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
}

async function hash(page: Page, to: string) {
  await page.evaluate((h) => (window.location.hash = h), to);
}

/** The device's saved copies of the lists (web/src/lib/offline/persist.ts), read from IndexedDB. */
function savedCopies(page: Page): Promise<unknown[]> {
  return page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('ganaar-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          try {
            const req = open.result.transaction('queries').objectStore('queries').getAll();
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          } catch (err) {
            reject(err);
          }
        };
      }),
  );
}

async function loginWithWorker(s: Session, acc: Account) {
  const { page, baseUrl } = s;
  await page.clock.install();
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel('Email').fill(acc.email);
  await page.getByLabel('Mot de passe').fill(acc.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByTestId('user-name').waitFor();
  // The app registers its worker 30 s after load (spec part 1 §9): move the page's clock past it.
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r))).toBe(false);
  await page.clock.fastForward(31_000);
  await page.clock.resume();
  // Polled with page.evaluate: page.waitForFunction takes a returned promise for a truthy answer.
  // Installing the worker fetches every precached file: allow for a CPU shared with other files.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.active)), { timeout: 60_000, interval: 500 })
    .toBe(true);
}

const OFFLINE_NOTE = /^hors ligne — données du \d{2}\/\d{2} à \d{2}:\d{2}$/;

describe('offline entries and their sync', () => {
  let s: Session;
  let origin: OwnOrigin;
  beforeAll(async () => {
    origin = await startOwnOrigin();
  });
  afterAll(async () => {
    await s?.close();
    await origin?.close();
  });

  it('keeps entries typed offline, sends each once when the network returns, and lists the refused one to correct', async () => {
    const acc = await newBusiness();
    const bande = await api(acc, 'POST', '/api/bande/create', {
      nom: 'Pondeuses Thiès',
      nb_sujet: 300,
      date_demarage: pastDay('03-01'),
      type: 'pondeuse',
      id_bande: -1,
    });
    // Sales go to the shop the sign-up created.
    const produit = await api(acc, 'POST', '/api/produit', { id: 0, nom: 'Poulet', description: 'frais', quantite: 10, prix_cession: 1000, prix_vente: 2500 });
    // A client who owes 5 000 FCFA (repaid offline below).
    const oeuf = await api(acc, 'POST', '/api/produit', { id: 0, nom: 'Oeuf', description: 'unité', quantite: 10, prix_cession: 500, prix_vente: 1000 });
    const awa = await api(acc, 'POST', '/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Diop', telephone: '771234567' });
    await api(acc, 'POST', '/api/vente', { produits: [{ id_produit: oeuf.id, quantite: 5 }], type: 'EMPRUNT', id_client: awa.id });

    s = await openSession({ width: 360, height: 780, baseUrl: origin.url });
    const { page, context } = s;
    await loginWithWorker(s, acc);

    // Online: the screens the farmer will use (their data is then in memory).
    await hash(page, '#/client');
    await page.getByText('Awa').first().waitFor();
    await hash(page, '#/versement');
    await page.getByRole('heading', { name: 'Remboursements' }).waitFor();
    await hash(page, '#/vente/vente');
    await page.getByPlaceholder('Rechercher un produit').waitFor();
    await page.waitForLoadState('networkidle');
    await hash(page, `#/bande/${bande.id}`);
    await page.getByTestId('bande-nom').filter({ hasText: 'Pondeuses Thiès' }).waitFor();
    await page.waitForLoadState('networkidle');

    // ── offline: a loss and an egg collection ──
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Enregistrer une perte' }).click();
    let d = page.getByRole('dialog', { name: 'Mortalité' });
    await d.getByLabel('Nombre de sujets').fill('3');
    // The page's clock (installed above, 31 s ahead of the machine's) is the one that stamps the entry.
    const pageNow = () => page.evaluate(() => new Date().toISOString());
    const beforeTyping = await pageNow();
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    await d.waitFor({ state: 'detached' });
    const afterTyping = await pageNow();
    await page.getByText(QUEUED).waitFor();

    await page.getByRole('button', { name: 'Ajouter une collecte' }).first().click();
    d = page.getByRole('dialog', { name: "Collecte d'œufs" });
    await d.getByLabel('Total collecté').fill('40');
    await d.getByLabel('Calibre S').fill('10');
    await d.getByLabel('Calibre M').fill('20');
    await d.getByLabel('Calibre L').fill('5');
    await d.getByLabel('Calibre XL').fill('5');
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    await d.waitFor({ state: 'detached' });
    const pending = page.getByTestId('pending-entries');
    await pending.getByText('Perte de 3 sujets').waitFor();
    // Each names its batch and the day it counts on.
    expect(await pending.getByTestId('pending-day').first().textContent()).toBe(`Bande Pondeuses Thiès · ${jj(today())}`);
    await pending.getByText(`Collecte du ${today().split('-').reverse().join('/')} : 40 œufs`).waitFor();
    expect(await pending.getByText('en attente').count()).toBe(2);
    await s.shot('offline-bande-pending');

    // ── offline: two shop sales (2 then 3 chickens) ──
    await hash(page, '#/vente/vente');
    for (const n of [2, 3]) {
      await page.getByPlaceholder('Rechercher un produit').fill('Poulet');
      await page.getByRole('option', { name: /Poulet/ }).click();
      await page.getByLabel('Quantité').fill(String(n));
      await page.getByRole('button', { name: 'Ajouter' }).click();
      await page.getByRole('button', { name: 'Valider' }).click();
      await page.getByText(QUEUED).waitFor();
      await page.getByText(`Vente en boutique : ${n} × Poulet`).waitFor();
    }
    await page.getByTestId('outbox-badge').filter({ hasText: '4 en attente' }).waitFor();
    await s.shot('offline-vente-pending');

    // ── offline: a repayment of 2 000 (the client found in the list kept on the device) ──
    await hash(page, '#/versement');
    await page.getByRole('button', { name: 'Enregistrer remboursement' }).click();
    d = page.getByRole('dialog', { name: 'Remboursement' });
    await d.getByLabel('Client (prénom, nom ou téléphone)').fill('awa');
    await d.getByRole('button', { name: 'Rechercher' }).click();
    expect(await d.getByTestId('summary-creance').textContent()).toBe('5 000 FCFA');
    await d.getByLabel('Montant').fill('2000');
    await d.getByRole('button', { name: 'Valider' }).click();
    await d.waitFor({ state: 'detached' });
    await page.getByText(QUEUED).waitFor();
    await page.getByTestId('pending-entries').getByText('Remboursement de 2 000 FCFA — Awa Diop').waitFor();
    await page.getByTestId('outbox-badge').filter({ hasText: '5 en attente' }).waitFor();

    // ── reload without network: the app opens from the worker, the entries are still there ──
    await page.reload();
    await page.getByTestId('user-name').waitFor();
    await page.getByTestId('outbox-badge').filter({ hasText: '5 en attente' }).click();
    await page.getByRole('heading', { name: 'Synchronisation' }).waitFor();
    expect(await page.getByTestId('sync-pending').count()).toBe(5);
    await s.shot('offline-synchro-pending');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Nothing reached the server; meanwhile another seller sells 6 chickens (stock 10 → 4).
    expect((await api(acc, 'GET', `/api/bande/${bande.id}`)).pertes).toHaveLength(0);
    await api(acc, 'POST', '/api/vente', { produits: [{ id_produit: produit.id, quantite: 6 }], type: 'DIRECT' });

    // ── the network returns: sent in order, once each; the 3-chicken sale is refused (2 left) ──
    const backOnline = await pageNow();
    await context.setOffline(false);
    await page.getByTestId('sync-failed').waitFor({ timeout: 30_000 });
    await page.getByText('Aucune saisie en attente.').waitFor();
    const failed = page.getByTestId('sync-failed');
    await failed.getByText('Vente en boutique : 3 × Poulet').waitFor();
    await failed.getByText("Il n'y a que 2 Poulet disponible").waitFor();
    await page.getByTestId('outbox-badge').filter({ hasText: '1 à corriger' }).waitFor();
    await s.shot('offline-synchro-a-corriger');

    const check = async () => {
      const detail = await api(acc, 'GET', `/api/bande/${bande.id}`);
      const collectes = await api(acc, 'GET', `/api/bande/collect/get/${bande.id}`);
      const history = await api(acc, 'POST', '/api/vente/boutique', { debut: today(), fin: today() });
      const produits = await api(acc, 'GET', '/api/produit');
      const versements = await api(acc, 'GET', '/api/versement');
      const clients = await api(acc, 'GET', '/api/clients');
      return {
        versements: versements.map((v: any) => v.montant),
        creance: clients.find((c: any) => c.id === awa.id).creance,
        pertes: detail.pertes.map((p: any) => p.nombre),
        collectes: collectes.map((c: any) => c.collecte),
        ventes: history.ventes.map((v: any) => v.quantite).sort(),
        stock: produits.find((p: any) => p.id === produit.id).quantite,
      };
    };
    const expected = { versements: [2000], creance: 3000, pertes: [3], collectes: [40], ventes: [2, 5, 6], stock: 2 };
    expect(await check()).toEqual(expected);
    // The loss is dated when it was typed, seconds before the connection came back.
    const [perte] = (await api(acc, 'GET', `/api/bande/${bande.id}`)).pertes;
    expect(perte.created_at >= beforeTyping && perte.created_at <= afterTyping, `${beforeTyping} ≤ ${perte.created_at} ≤ ${afterTyping}`).toBe(true);
    expect(perte.created_at < backOnline).toBe(true);
    expect(perte.date).toBe(afterTyping.slice(0, 10));

    // Reloaded online and synced again: nothing is sent twice.
    await page.reload();
    await page.getByTestId('outbox-badge').filter({ hasText: '1 à corriger' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await check()).toEqual(expected);

    // Signing out with an entry left asks first.
    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    const warn = page.getByRole('dialog', { name: 'Saisies non envoyées' });
    await warn.getByText('1 saisie(s) faite(s) sans connexion').waitFor();
    await s.shot('offline-logout-warning');
    await warn.getByRole('button', { name: 'Non' }).click();
    await warn.waitFor({ state: 'detached' });

    // The same screen on a desktop.
    await page.setViewportSize({ width: 1280, height: 800 });
    await s.shot('offline-synchro-a-corriger');
    await hash(page, `#/bande/${bande.id}`);
    await page.getByTestId('bande-nom').waitFor();
    await s.shot('offline-bande-synced');
    await hash(page, '#/synchro');

    // Given up, the entry leaves the list and the badge goes.
    await page.getByRole('button', { name: 'Abandonner' }).click();
    await page.getByRole('dialog', { name: 'Abandonner la saisie' }).getByRole('button', { name: 'Oui, abandonner' }).click();
    await page.getByText('Aucune saisie refusée.').waitFor();
    expect(await page.getByTestId('outbox-badge').count()).toBe(0);
    expect(await check()).toEqual(expected);
  }, 180_000);

  it('names an offline entry by its day and batch, corrects a refused one in its own dialog, and asks before Back drops a typed one', async () => {
    await s?.close();
    const acc = await newBusiness();
    const bande = await api(acc, 'POST', '/api/bande/create', {
      nom: 'Chair mars',
      nb_sujet: 30,
      date_demarage: pastDay('03-01'),
      type: 'chair',
      id_bande: -1,
    });
    // Typed today, for a sale made two days ago: the lists show the sale's day.
    const saleDay = addDays(today(), -2);
    s = await openSession({ width: 360, height: 780, baseUrl: origin.url });
    const { page, context } = s;
    await loginWithWorker(s, acc);
    await hash(page, '#/synchro');
    await page.getByRole('heading', { name: 'Synchronisation' }).waitFor();
    await hash(page, `#/bande/${bande.id}`);
    await page.getByTestId('bande-nom').filter({ hasText: 'Chair mars' }).waitFor();
    await page.waitForLoadState('networkidle');

    // ── offline: a sale of 20 birds at 3 250 FCFA, dated two days ago ──
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Ajouter une vente' }).click();
    let d = page.getByRole('dialog', { name: 'Ajouter une vente' });
    await d.getByLabel('Prix unitaire (FCFA)').fill('3250');
    await d.getByLabel('Quantité').fill('20');
    await d.getByLabel('Date de la vente').fill(saleDay);
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    await d.waitFor({ state: 'detached' });
    await page.getByText(QUEUED).waitFor();
    const pending = page.getByTestId('pending-entries');
    await pending.getByText('Vente de 20 sujets à 3 250 FCFA').waitFor();
    expect(await pending.getByTestId('pending-day').textContent()).toBe(`Bande Chair mars · ${jj(saleDay)}`);
    await hash(page, '#/synchro');
    const row = page.getByTestId('sync-pending');
    await row.getByText('Vente de 20 sujets à 3 250 FCFA').waitFor();
    expect(await row.getByTestId('sync-day').textContent()).toBe(`Bande Chair mars · le ${jj(saleDay)}`);
    await s.shot('offline-synchro-jour-bande');

    // Meanwhile another phone records 15 deaths: 15 birds left, the sale of 20 is refused on arrival.
    await api(acc, 'POST', '/api/bande/perte', { nombre: 15, id_bande: bande.id });
    await context.setOffline(false);
    const failed = page.getByTestId('sync-failed');
    await failed.getByRole('alert').waitFor({ timeout: 30_000 });
    expect(await failed.getByTestId('sync-day').textContent()).toBe(`Bande Chair mars · le ${jj(saleDay)}`);
    await s.shot('offline-synchro-vente-refusee');
    await page.setViewportSize({ width: 1280, height: 800 });
    await s.shot('offline-synchro-vente-refusee');
    await page.setViewportSize({ width: 360, height: 780 });

    // « Corriger » opens the sale in its dialog on the batch, prefilled with what was typed.
    await failed.getByRole('link', { name: 'Corriger' }).click();
    d = page.getByRole('dialog', { name: 'Ajouter une vente' });
    await d.waitFor();
    expect(await d.getByLabel('Prix unitaire (FCFA)').inputValue()).toBe('3250');
    expect(await d.getByLabel('Quantité').inputValue()).toBe('20');
    expect(await d.getByLabel('Date de la vente').inputValue()).toBe(saleDay);
    await s.shot('offline-correction-dialog');
    await d.getByLabel('Quantité').fill('10');
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    await d.waitFor({ state: 'detached' });
    await page.getByText('Vente enregistrée.').waitFor();
    // The refused entry is gone with its badge; the corrected sale is written once, on its day.
    await page.getByTestId('outbox-badge').waitFor({ state: 'detached' });
    expect(await page.getByTestId('pending-entries').count()).toBe(0);
    const ventes = (await api(acc, 'GET', `/api/bande/${bande.id}`)).ventes.map((v: any) => [v.quantite, v.prix_unitaire, String(v.date).slice(0, 10)]);
    expect(ventes).toEqual([[10, 3250, saleDay]]);

    // The phone's Back button on a typed loss asks first, and leaves the page where it is.
    await page.getByRole('button', { name: 'Enregistrer une perte' }).click();
    d = page.getByRole('dialog', { name: 'Mortalité' });
    await d.getByLabel('Nombre de sujets').fill('2');
    await page.waitForFunction(() => (history.state as { ganaarForm?: string } | null)?.ganaarForm);
    await page.goBack();
    await d.getByText('Abandonner cette saisie ?').waitFor();
    expect(await page.evaluate(() => location.hash.split('?')[0])).toBe(`#/bande/${bande.id}`);
    await s.shot('offline-retour-abandonner');
    await d.getByRole('button', { name: 'Continuer la saisie' }).click();
    expect(await d.getByLabel('Nombre de sujets').inputValue()).toBe('2');
    await page.goBack();
    await d.getByRole('button', { name: 'Oui, abandonner' }).click();
    await d.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => location.hash.split('?')[0])).toBe(`#/bande/${bande.id}`);
    expect((await api(acc, 'GET', `/api/bande/${bande.id}`)).pertes.map((p: any) => p.nombre)).toEqual([15]);
  }, 150_000);

  it('shows batches, a batch, products with stock and clients offline from the last sync, marked with their age', async () => {
    await s?.close();
    const acc = await newBusiness();
    const bande = await api(acc, 'POST', '/api/bande/create', {
      nom: 'Chair Mbour',
      nb_sujet: 250,
      date_demarage: pastDay('03-01'),
      type: 'chair',
      id_bande: -1,
    });
    await api(acc, 'POST', '/api/bande/perte', { nombre: 4, id_bande: bande.id });
    const produit = await api(acc, 'POST', '/api/produit', {
      id: 0,
      nom: 'Oeufs plateau',
      description: '30',
      quantite: 17,
      prix_cession: 1500,
      prix_vente: 2500,
    });
    await api(acc, 'POST', '/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Diop', telephone: '771234567' });

    s = await openSession({ width: 360, height: 780, baseUrl: origin.url });
    const { page, context } = s;
    await loginWithWorker(s, acc);
    // Each screen is waited for by what only it shows: the batch list's row and the batch detail's
    // title both read "Chair Mbour", and a wait on the text alone could return on the list before
    // the detail had fetched anything (CI once found the detail missing from the device's copy).
    for (const [to, shown] of [
      ['#/bande', page.locator('tbody tr, li.dt-card').filter({ hasText: 'Chair Mbour' })],
      [`#/bande/${bande.id}`, page.getByTestId('bande-nom').filter({ hasText: 'Chair Mbour' })],
      ['#/produit', page.getByTestId(`stock-${produit.id}`)],
      ['#/client', page.locator('tbody tr, li.dt-card').filter({ hasText: 'Awa' })],
    ] as const) {
      await hash(page, to);
      await shown.first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    // The device's copy is saved at most once a second: wait until it holds the last screen read
    // (the clients, read after the batch detail), not a fixed time a loaded machine may overrun.
    // Polled from here with page.evaluate, which awaits the IndexedDB read (page.waitForFunction
    // took the returned promise itself for a truthy answer and let the test go offline too early).
    const savedCopy = async () => JSON.stringify(await savedCopies(page));
    await expect.poll(savedCopy, { timeout: 15_000, interval: 250 }).toContain('"prenom":"Awa"');
    // …and the batch detail read before it.
    expect(await savedCopy()).toContain(`["bandes","detail",${bande.id}]`);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('user-name').waitFor();
    await hash(page, '#/bande');
    await page.locator('tbody tr, li.dt-card').filter({ hasText: 'Chair Mbour' }).waitFor();
    expect(await page.getByTestId('offline-note').textContent()).toMatch(OFFLINE_NOTE);
    await s.shot('offline-read-bandes');
    await hash(page, `#/bande/${bande.id}`);
    await page.getByTestId('bande-nom').filter({ hasText: 'Chair Mbour' }).waitFor();
    expect(await page.getByTestId('card-mortalite').textContent()).toContain('4');
    expect(await page.getByTestId('offline-note').textContent()).toMatch(OFFLINE_NOTE);
    await s.shot('offline-read-bande');
    await hash(page, '#/produit');
    expect(await page.getByTestId(`stock-${produit.id}`).textContent()).toContain('17');
    expect(await page.getByTestId('offline-note').textContent()).toMatch(OFFLINE_NOTE);
    await s.shot('offline-read-produits');
    await hash(page, '#/client');
    await page.getByText('Awa').first().waitFor();
    expect(await page.getByTestId('offline-note').textContent()).toMatch(OFFLINE_NOTE);
    await s.shot('offline-read-clients');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Back online the note goes; signing out deletes the device's copy.
    await context.setOffline(false);
    await page.getByTestId('offline-note').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    const copies = (await savedCopies(page)).length;
    expect(copies).toBe(0);
  }, 120_000);

  it('offers "Nouvelle version disponible — Recharger" when a new deployment is waiting', async () => {
    await s?.close();
    const acc = await newBusiness();
    s = await openSession({ width: 360, height: 780, baseUrl: origin.url });
    const { page } = s;
    await loginWithWorker(s, acc);
    // The worker controls the page from its next load on; the app registers it again 30 s later.
    await page.reload();
    await page.getByTestId('user-name').waitFor();
    await page.clock.fastForward(31_000);
    await page.waitForTimeout(2000); // the registration's own update check is over
    const swFile = join(origin.distDir, 'sw.js');
    const original = readFileSync(swFile, 'utf8');
    try {
      // A new deployment: another worker script on the server, found by the browser's next
      // update check; it waits while the current one runs the page.
      writeFileSync(swFile, `${original}\n// deployment ${Date.now()}\n`);
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const bar = page.locator('#sw-update');
      await bar.getByText('Nouvelle version disponible —').waitFor({ timeout: 30_000 });
      await s.shot('offline-update-prompt');
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting))).toBe(true);
      // "Recharger": the waiting worker takes over and the page reloads on the new version.
      await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
      await bar.getByRole('button', { name: 'Recharger' }).click();
      await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate, undefined, { timeout: 20_000 });
      await page.getByTestId('user-name').waitFor();
      expect(await page.locator('#sw-update').count()).toBe(0);
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !r?.waiting && !!r?.active))).toBe(true);
    } finally {
      // The copy is this journey's only; put back for a test that might follow.
      writeFileSync(swFile, original);
    }
  }, 120_000);
});
