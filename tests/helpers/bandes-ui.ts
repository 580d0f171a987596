// What a farmer does on the batch screens in real Chromium, shared by the e2e journeys (bandes,
// figures): sign in, create a batch, and record each kind of entry through its dialog, optionally
// on a past day. Each helper waits for the dialog's success message, so the next step
// reads what the server holds.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { addDays, todayFor } from '@shared/dates';
import { postOk, type Account } from './api';
import type { Session } from './browser';

/** Text content with the browser's narrow and non-breaking spaces as plain spaces. */
export const nbsp = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
/** 12500 → "12 500 FCFA", as the screens write it. */
export const fcfa = (n: number) => `${String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} FCFA`;
const dayFromToday = (offset: number) => addDays(todayFor(), offset);
/** "2026-11-21" → "21/11/2026". */
export const jj = (day: string) => day.split('-').reverse().join('/');

export async function login(s: Session, a: Account) {
  await s.page.goto(`${s.baseUrl}/#/login`);
  await s.page.getByLabel('Email').fill(a.email);
  await s.page.getByLabel('Mot de passe').fill(a.password);
  await s.page.getByRole('button', { name: 'Se connecter' }).click();
  // The menu's links are in the page once the rights are read; below 700 px the closed menu is
  // hidden (out of the keyboard's way), so the link is waited for in the page, not on screen.
  await s.page.locator('#sidebar a[href="#/bande"]').first().waitFor({ state: 'attached' });
}

/**
 * A broiler batch of 500 started 45 days ago: 10 dead 40 days ago, 285 sold 8 days ago, 80 sold
 * yesterday (`v`): 490 alive 30 days ago, 125 today (refusals and slow-back journeys).
 */
export async function chairBouake(a: Account): Promise<{ b: { id: number }; v: { id: number; date: string } }> {
  const b = await postOk('/api/bande/create', { nom: 'Chair Bouaké', nb_sujet: 500, date_demarage: dayFromToday(-45), type: 'chair', id_bande: -1 }, a);
  await postOk('/api/bande/perte', { nombre: 10, id_bande: b.id, date: dayFromToday(-40) }, a);
  await postOk('/api/bande/vente', { prix_unitaire: 3250, quantite: 285, id_bande: b.id, id_vente: -1, date: dayFromToday(-8) }, a);
  const v = await postOk('/api/bande/vente', { prix_unitaire: 3250, quantite: 80, id_bande: b.id, id_vente: -1, date: dayFromToday(-1) }, a);
  return { b, v };
}

/** The « Modifier » button of the batch screen's sale of `day` (a row at 1280 px, a card at 360 px). */
export const saleModifier = (page: Page, day: string) =>
  page
    .getByTestId('table-ventes')
    .locator('tr, li.dt-card')
    .filter({ hasText: jj(day) })
    .getByRole('button', { name: 'Modifier' });

export async function card(page: Page, testId: string) {
  return nbsp(await page.getByTestId(testId).textContent());
}

export async function createBande(page: Page, nom: string, type: 'chair' | 'pondeuse', nb: number, date: string) {
  await page.getByRole('button', { name: 'Nouvelle bande' }).click();
  const dialog = page.getByRole('dialog', { name: 'Création de bande' });
  await dialog.getByLabel('Nom', { exact: true }).fill(nom);
  await dialog.getByLabel('Type', { exact: true }).selectOption(type);
  await dialog.getByLabel('Nombre de sujets').fill(String(nb));
  await dialog.getByLabel('Date de démarrage').fill(date);
  await dialog.getByRole('button', { name: 'Valider' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('link', { name: nom }).waitFor();
}

/** An expense through its dialog; `date` (YYYY-MM-DD) replaces the default day, today. */
export async function addDepense(page: Page, type: string, designation: string, pu: number, qte: number, total: string, date?: string) {
  await page.getByRole('button', { name: 'Ajouter une dépense' }).click();
  const d = page.getByRole('dialog', { name: 'Ajouter une dépense' });
  await d.getByLabel('Type de dépense').selectOption({ label: type });
  await d.getByLabel('Désignation').fill(designation);
  await d.getByLabel('Prix unitaire (FCFA)').fill(String(pu));
  // the total only shows once both figures are above 0
  await d.getByLabel('Quantité').fill('0');
  expect(await d.getByTestId('depense-total').count()).toBe(0);
  await d.getByLabel('Quantité').fill(String(qte));
  expect(nbsp(await d.getByTestId('depense-total').textContent())).toBe(`Total : ${total}`);
  if (date) await d.getByLabel('Date de la dépense').fill(date);
  await d.getByRole('button', { name: 'Enregistrer' }).click();
  await d.waitFor({ state: 'detached' });
  await page.getByText('Dépense ajoutée').waitFor();
}

/**
 * A sale through its dialog. A layer batch's dialog asks its unit (`unite`: oeuf, plateau — its
 * default —, sujet for réforme hens) and names it in the price's and quantity's labels.
 */
export async function addVente(page: Page, pu: number, qte: number, date?: string, unite?: 'oeuf' | 'plateau' | 'sujet') {
  await page.getByRole('button', { name: 'Ajouter une vente' }).click();
  const d = page.getByRole('dialog', { name: 'Ajouter une vente' });
  if (unite) await d.getByLabel('Vendu en').selectOption(unite);
  await d.getByLabel(/^Prix (unitaire|par)/).fill(String(pu));
  await d.getByLabel(/^(Quantité|Nombre d)/).fill(String(qte));
  if (date) await d.getByLabel('Date de la vente').fill(date);
  await d.getByRole('button', { name: 'Enregistrer' }).click();
  await d.waitFor({ state: 'detached' });
  await page.getByText('Vente enregistrée.').waitFor();
}

export async function addPerte(page: Page, n: number, date?: string) {
  await page.getByRole('button', { name: 'Enregistrer une perte' }).click();
  const d = page.getByRole('dialog', { name: 'Mortalité' });
  await d.getByLabel('Nombre de sujets').fill(String(n));
  if (date) await d.getByLabel('Date de la perte').fill(date);
  await d.getByRole('button', { name: 'Enregistrer' }).click();
  await d.waitFor({ state: 'detached' });
  await page.getByText('Perte enregistrée').waitFor();
}

export async function addPesage(page: Page, poids: number, unite: 'g' | 'kg', echantillon: number, date: string) {
  await page.getByRole('button', { name: 'Ajouter un pesage' }).click();
  const d = page.getByRole('dialog', { name: 'Pesage' });
  await d.getByLabel('Poids moyen').fill(String(poids));
  await d.getByLabel('Unité').selectOption(unite);
  await d.getByLabel('Échantillon (sujets pesés)').fill(String(echantillon));
  await d.getByLabel('Date du pesage').fill(date);
  await d.getByRole('button', { name: 'Enregistrer' }).click();
  await d.waitFor({ state: 'detached' });
  await page.getByText('Pesage enregistré').waitFor();
}

export async function addCollecte(page: Page, sizes: { s: number; m: number; l: number; xl: number }, date?: string) {
  await page.getByRole('button', { name: 'Ajouter une collecte' }).first().click();
  const d = page.getByRole('dialog', { name: "Collecte d'œufs" });
  const total = sizes.s + sizes.m + sizes.l + sizes.xl;
  await d.getByLabel('Total collecté').fill(String(total));
  const save = d.getByRole('button', { name: 'Enregistrer' });
  await d.getByLabel('Calibre S').fill(String(sizes.s + 1));
  await d.getByLabel('Calibre M').fill(String(sizes.m));
  await d.getByLabel('Calibre L').fill(String(sizes.l));
  await d.getByLabel('Calibre XL').fill(String(sizes.xl));
  // save stays disabled while the sizes do not add up to the total
  expect(await save.isDisabled()).toBe(true);
  await d.getByLabel('Calibre S').fill(String(sizes.s));
  if (date) await d.getByLabel('Date de collecte').fill(date);
  expect(await save.isDisabled()).toBe(false);
  await save.click();
  await d.waitFor({ state: 'detached' });
  await page.getByText('Collecte enregistrée').waitFor();
}
