// Figures a farmer can trust in real Chromium over the local stack, each journey at
// 360 and 1280 px: an expense entered on a past day, seen on that day in the batch detail and
// counted by the period dashboard and the month table on that day (not today); a broiler sale of
// more birds than are alive, refused with the server's message in the dialog and nothing saved;
// a weighing corrected (« Êtes-vous sûr ? » on a weight far above the breed curve, then edited)
// and cancelled after the app's confirmation. Screenshots under tests/e2e/screenshots/figures-*.
import { addDays, todayFor } from '@shared/dates';
import { ABATTAGE_MSG } from '@shared/messages/abattages';
import { get, newBusiness, postOk } from '../helpers/api';
import { addDepense, addPesage, card, createBande, fcfa, jj, login } from '../helpers/bandes-ui';
import { openSession, showDashboardEnd, type Session } from '../helpers/browser';

const day = (offset: number) => addDays(todayFor(), offset);
const MOIS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

async function noOverflow(s: Session) {
  expect(await s.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

describe.each([360, 1280])('figures a farmer can trust at %i px', (width) => {
  let s: Session | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it('counts an expense entered on a past day on that day, in the detail and the dashboard', async () => {
    const a = await newBusiness({ entreprise: 'Ferme de Kaolack' });
    s = await openSession({ width, height: 900 });
    const { page } = s;
    await login(s, a);
    // by address: at 360 px the menu is folded behind its button
    await page.goto(`${s.baseUrl}/#/bande`);
    await page.getByRole('heading', { name: 'Bandes' }).waitFor();
    await createBande(page, 'Chair datée', 'chair', 300, day(-40));
    await page.getByRole('link', { name: 'Chair datée' }).click();
    await page.getByTestId('bande-nom').getByText('Chair datée').waitFor();

    // the chicks, bought 38 days ago, entered today
    const past = day(-38);
    await addDepense(page, 'Poussins', 'Poussins Cobb 500', 450, 300, '135 000 FCFA', past);
    const id = (await get('/api/bande', a.token)).body.find((b: { nom: string }) => b.nom === 'Chair datée').id;
    const detail = (await get(`/api/bande/${id}`, a.token)).body;
    expect(detail.depenses).toHaveLength(1);
    expect(detail.depenses[0]).toMatchObject({ date: past, prix_total: 135000 });

    // on that day in the batch detail
    await page.getByTestId('table-depenses').locator('tr, li.dt-card').filter({ hasText: 'Poussins' }).getByRole('button', { name: 'Détails' }).click();
    const details = page.getByRole('dialog', { name: 'Dépenses : Poussins' });
    await details.locator('tr, li.dt-card').filter({ hasText: 'Poussins Cobb 500' }).getByText(jj(past), { exact: true }).waitFor();
    await s.shot('figures-depense-datee');
    await details.getByRole('button', { name: 'Fermer' }).click();

    // counted by the period dashboard on that day, not today
    await page.goto(`${s.baseUrl}/#/dashboard`);
    await page.getByTestId('dash-bandes').waitFor();
    await page.getByLabel('Date de début').fill(past);
    await page.getByLabel('Date de fin').fill(past);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByTestId('dash-depense').getByText(fcfa(135000)).waitFor();
    expect((await get(`/api/dashboard/periode/${past}/${past}`, a.token)).body.depense).toBe(135000);
    await s.shot('figures-dashboard-jour');
    await page.getByLabel('Date de début').fill(day(0));
    await page.getByLabel('Date de fin').fill(day(0));
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByTestId('dash-depense').getByText(fcfa(0)).waitFor();
    expect((await get(`/api/dashboard/periode/${day(0)}/${day(0)}`, a.token)).body.depense).toBe(0);

    // …and in its month of the month table
    await showDashboardEnd(page);
    if (past.slice(0, 4) !== day(0).slice(0, 4)) await page.getByRole('button', { name: 'Année précédente' }).click();
    const mois = page.getByTestId('table-mois');
    await mois
      .locator('tr, li.dt-card')
      .filter({ hasText: MOIS[Number(past.slice(5, 7)) - 1] })
      .getByText(fcfa(135000))
      .first()
      .waitFor();
    if (past.slice(0, 7) !== day(0).slice(0, 7)) {
      expect(
        await mois
          .locator('tr, li.dt-card')
          .filter({ hasText: MOIS[Number(day(0).slice(5, 7)) - 1] })
          .getByText(fcfa(135000))
          .count(),
      ).toBe(0);
    }
    await noOverflow(s);
  });

  it("refuses a broiler sale of more birds than are alive in the server's words, and saves nothing", async () => {
    const a = await newBusiness({ entreprise: 'Ferme de Thiès' });
    const b = await postOk('/api/bande/create', { nom: 'Chair petite', nb_sujet: 20, date_demarage: day(-30), type: 'chair', id_bande: -1 }, a);
    await postOk('/api/bande/perte', { nombre: 5, id_bande: b.id }, a);
    s = await openSession({ width, height: 800 });
    const { page } = s;
    await login(s, a);
    await page.goto(`${s.baseUrl}/#/bande/${b.id}`);
    await page.getByTestId('bande-nom').getByText('Chair petite').waitFor();

    await page.getByRole('button', { name: 'Ajouter une vente' }).click();
    const d = page.getByRole('dialog', { name: 'Ajouter une vente' });
    await d.getByLabel('Prix unitaire (FCFA)').fill('3000');
    await d.getByLabel('Quantité').fill('16');
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    const refusal = d.getByRole('alert');
    await refusal.getByText(ABATTAGE_MSG.tooMany(15), { exact: true }).waitFor();
    await s.shot('figures-vente-refusee');
    const after = (await get(`/api/bande/${b.id}`, a.token)).body;
    expect(after.ventes).toHaveLength(0);
    expect(after).toMatchObject({ chiffre_affaire: 0, nb_vendu: 0 });

    // the message goes with the figure it was about; 15 birds are sold
    await d.getByLabel('Quantité').fill('15');
    await refusal.waitFor({ state: 'detached' });
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    await d.waitFor({ state: 'detached' });
    await page.getByText('Vente enregistrée.').waitFor();
    await page.getByTestId('card-vendus').getByText('15', { exact: true }).waitFor();
    expect((await get(`/api/bande/${b.id}`, a.token)).body).toMatchObject({ chiffre_affaire: 45000, nb_vendu: 15 });
    await noOverflow(s);
  });

  it('corrects a weighing, asking first about a weight far above the breed curve, then cancels it', async () => {
    const a = await newBusiness({ entreprise: 'Ferme de Rufisque' });
    const b = await postOk('/api/bande/create', { nom: 'Chair pesée', nb_sujet: 200, date_demarage: day(-21), type: 'chair', id_bande: -1 }, a);
    s = await openSession({ width, height: 900 });
    const { page } = s;
    await login(s, a);
    await page.goto(`${s.baseUrl}/#/bande/${b.id}`);
    await page.getByTestId('bande-nom').getByText('Chair pesée').waitFor();

    // 1 000 g at 20 days: the Cobb 500 standard is 1 038 g, nothing to ask
    await addPesage(page, 1000, 'g', 20, day(-1));
    const table = page.getByTestId('table-pesages');
    const row = table.locator('tr, li.dt-card').filter({ hasText: jj(day(-1)) });
    await row.getByText('1 000 g').waitFor();

    await row.getByRole('button', { name: 'Modifier' }).click();
    const d = page.getByRole('dialog', { name: 'Modifier le pesage' });
    expect(await d.getByLabel('Poids moyen').inputValue()).toBe('1000');
    await d.getByLabel('Poids moyen').fill('3000');
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    const sure = d.getByTestId('sure-check');
    await sure.getByText('Êtes-vous sûr ?').waitFor();
    await sure.getByText('Un poids moyen de 3 000 g est très au-dessus de la courbe : le standard Cobb 500 à 20 jours est de 1 038 g.').waitFor();
    await s.shot('figures-pesage-sur');
    await sure.getByRole('button', { name: 'Non, corriger' }).click();
    await d.getByLabel('Poids moyen').fill('1100');
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    await d.waitFor({ state: 'detached' });
    await page.getByText('Pesage enregistré').waitFor();
    await row.getByText('1 100 g').waitFor();
    const pesages = (await get(`/api/bande/${b.id}`, a.token)).body.pesages;
    expect(pesages).toHaveLength(1);
    expect(pesages[0]).toMatchObject({ poids_moyen: 1100, echantillon: 20, date_prise: day(-1) });
    expect(await card(page, 'ind-poids')).toContain('1 100 g');
    await s.shot('figures-pesage-corrige');

    await row.getByRole('button', { name: 'Annuler' }).click();
    const confirm = page.getByRole('dialog', { name: 'Annuler le pesage' });
    await confirm.getByText('Voulez-vous vraiment annuler ce pesage ?').waitFor();
    await confirm.getByRole('button', { name: 'Oui, annuler' }).click();
    await page.getByText('Pesage annulé').waitFor();
    await table.getByText('Aucun pesage').waitFor();
    expect((await get(`/api/bande/${b.id}`, a.token)).body.pesages).toHaveLength(0);
    expect(await card(page, 'ind-poids')).toContain('—');
    await noOverflow(s);
  });
});
