// A slaughter recorded without a connection, in real Chromium at 360 px over the real stack: the
// form is opened online, the connection drops (context.setOffline), 20 birds of Lot Cobb
// slaughtered yesterday into the shop product « Poulet PAC » are saved — the form's checks run as
// online, the slaughter waits on the device among the unsent entries with its day, nothing reaches
// the server. The connection returns: the outbox sends it once, the list shows it with its product
// without a reload of the page, the slaughter keeps its true day and Poulet PAC's stock rises by 20.
import { addDays, todayFor } from '@shared/dates';
import { SYNC_MSG } from '@shared/messages/sync';
import { call, newBusiness, post, type Account } from '../helpers/api';
import { go, login, openSession, type Session } from '../helpers/browser';

const today = () => todayFor();
const jj = (d: string) => d.split('-').reverse().join('/');

describe('a slaughter recorded offline', () => {
  let s: Session;
  let acc: Account;
  afterAll(async () => {
    await s?.close();
  });

  const produit = async () =>
    ((await call('GET', '/api/produit', undefined, { token: acc.token })).body as { nom: string; quantite: number }[]).find((p) => p.nom === 'Poulet PAC')!;
  const abattages = async () =>
    (await call('GET', '/api/bande/abatage/list', undefined, { token: acc.token })).body as { date: string; quantite: number; etat?: string }[];

  it('waits on the device with its day, then is written once on reconnect: in the list, the product’s stock raised', async () => {
    acc = await newBusiness({ entreprise: 'Ferme de Mbour' });
    const b = await post('/api/bande/create', { id_bande: -1, nom: 'Lot Cobb', type: 'chair', nb_sujet: 100, date_demarage: addDays(today(), -40) }, acc.token);
    expect(b.status).toBe(200);
    const pac = await post('/api/produit', { id: 0, nom: 'Poulet PAC', description: '', quantite: 0, prix_cession: 2600, prix_vente: 3800 }, acc.token);
    expect(pac.status).toBe(200);

    s = await openSession({ width: 360, height: 780 });
    const { page, context } = s;
    await login(s, acc);
    await go(page, s.baseUrl, '/abatage');
    await page.getByText('Aucun abattage').waitFor();
    await page.getByRole('link', { name: 'Nouvel abattage' }).click();
    await page.getByLabel('Bande').locator('option', { hasText: 'Lot Cobb / 100 vivants' }).waitFor({ state: 'attached' });
    await page.getByLabel('Ajouter une catégorie').check();
    await page.getByLabel('Produit de la boutique').locator('option', { hasText: 'Poulet PAC' }).waitFor({ state: 'attached' });

    // ── in the plucking room, no connection ──
    await context.setOffline(true);
    const hier = addDays(today(), -1);
    await page.getByLabel('Nombre total de poulets').fill('20');
    await page.getByLabel('Bande').selectOption({ label: 'Lot Cobb / 100 vivants' });
    await page.getByLabel("Date d'abattage").fill(hier);
    await page.getByLabel('Quantité', { exact: true }).fill('20');
    await page.getByLabel('Poids min (kg)').fill('1.5');
    await page.getByLabel('Poids max (kg)').fill('2');
    await page.getByLabel('Produit de la boutique').selectOption({ label: 'Poulet PAC' });
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    // The form's own checks are the same offline: a total that the categories do not make is refused.
    await page.getByLabel('Nombre total de poulets').fill('25');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('La somme des quantités des catégories doit être égale au nombre total de sujets abattus.').waitFor();
    await page.getByLabel('Nombre total de poulets').fill('20');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(SYNC_MSG.queued).waitFor();
    const pending = page.getByTestId('pending-entries');
    await pending.getByText(`Abattage du ${jj(hier)} : 20 sujets`).waitFor();
    expect(await pending.getByTestId('pending-day').textContent()).toBe(`Bande Lot Cobb · ${jj(hier)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await s.shot('abatage-hors-ligne');
    expect(await abattages()).toEqual([]);
    expect((await produit()).quantite).toBe(0);

    // ── back online: sent once, the list and the product reloaded ──
    await context.setOffline(false);
    await expect.poll(() => pending.count(), { timeout: 30_000 }).toBe(0);
    const row = page.locator('tbody tr, li.dt-card').filter({ hasText: 'Lot Cobb' });
    await row.getByText('Poulet PAC').waitFor({ timeout: 30_000 });
    const list = await abattages();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ quantite: 20 });
    expect(list[0].date.slice(0, 10)).toBe(hier);
    expect((await produit()).quantite).toBe(20);
    // The shop's screen says the stock raised.
    await go(page, s.baseUrl, '/produit');
    await page.locator('tbody tr, li.dt-card').filter({ hasText: 'Poulet PAC' }).getByText('20', { exact: true }).first().waitFor();
    await s.shot('abatage-hors-ligne-synchro');
  });
});
