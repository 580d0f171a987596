// Deleting a batch, in real Chromium at 360 and 1280 px: a batch created by mistake is deleted from
// its page (« Supprimer la bande », confirmed with « Oui, supprimer »), the list says so and no
// longer shows it, and the dashboard reads the true figures — 2 batches, 800 birds,
// 4,13 % mortality, 3 801,25 FCFA per bird — with an archived batch left out and said so; a batch
// with entries shows its type fixed in its dialog. Screenshots under tests/e2e/screenshots/suppression-*.
import { addDays, todayFor } from '@shared/dates';
import { BANDE_MSG, TABLEAU_DE_BORD_MSG } from '@shared/messages/bandes';
import { get, newBusiness, postOk } from '../helpers/api';
import { createBande, fcfa, login, nbsp } from '../helpers/bandes-ui';
import { openSession, type Session } from '../helpers/browser';

const day = (offset: number) => addDays(todayFor(), offset);

async function noOverflow(s: Session) {
  expect(await s.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

describe.each([360, 1280])('a batch made by mistake at %i px', (width) => {
  let s: Session | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it('is deleted from its page, and the dashboard reads 2 batches, 800 birds, 4,13 %, 3 801,25 FCFA per bird', async () => {
    const a = await newBusiness({ entreprise: 'Ferme de Bouaké' });
    // The two real batches and their month, through the API (the journeys of bandes.e2e type them).
    const chair = await postOk('/api/bande/create', { id_bande: -1, nom: 'Chair Cobb', nb_sujet: 500, date_demarage: day(-30), type: 'chair' }, a);
    const bis = await postOk('/api/bande/create', { id_bande: -1, nom: 'Chair bis', nb_sujet: 300, date_demarage: day(-30), type: 'chair' }, a);
    const feed = (id_bande: number, prix: number) =>
      postOk('/api/bande/depense', { depense: { id_type_depense: 1, designation: 'Aliment', prix_unitaire: prix, quantite: 1 }, id_bande, date: day(-20) }, a);
    await feed(chair.id, 2_000_000);
    await feed(bis.id, 1_041_000);
    await postOk('/api/bande/perte', { nombre: 20, id_bande: chair.id, date: day(-10) }, a);
    await postOk('/api/bande/perte', { nombre: 13, id_bande: bis.id, date: day(-10) }, a);
    // An old batch tidied away: archived, it no longer counts either.
    const old = await postOk('/api/bande/create', { id_bande: -1, nom: 'Ancienne', nb_sujet: 50, date_demarage: day(-30), type: 'chair' }, a);
    await postOk('/api/bande/archiver', { id: old.id, archive: true }, a);

    s = await openSession({ width, height: 900 });
    const { page } = s;
    await login(s, a);
    await page.goto(`${s.baseUrl}/#/bande`);
    await page.getByRole('heading', { name: 'Bandes' }).waitFor();
    await createBande(page, 'Erreur de saisie', 'chair', 100, day(-30));

    // A batch with entries: its type is fixed in its dialog, and it offers no delete.
    await page.getByRole('link', { name: 'Chair Cobb' }).click();
    await page.getByTestId('bande-nom').getByText('Chair Cobb').waitFor();
    expect(await page.getByTestId('bande-supprimer').count()).toBe(0);
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier la bande' });
    expect(await edit.getByLabel('Type', { exact: true }).isDisabled()).toBe(true);
    await edit.getByText(BANDE_MSG.typeFixedHint).waitFor();
    await s.shot('suppression-type-fixe');
    await edit.getByRole('button', { name: 'Fermer' }).click();
    await edit.waitFor({ state: 'detached' });

    // The mistaken batch: deleted from its page after the confirmation.
    await page.goto(`${s.baseUrl}/#/bande`);
    await page.getByRole('link', { name: 'Erreur de saisie' }).click();
    await page.getByTestId('bande-nom').getByText('Erreur de saisie').waitFor();
    await page.getByTestId('bande-supprimer').click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer la bande' });
    await confirm.getByText(BANDE_MSG.deleteQuestion).waitFor();
    await noOverflow(s);
    await s.shot('suppression-confirmation');
    await confirm.getByRole('button', { name: 'Oui, supprimer' }).click();
    await page.getByRole('heading', { name: 'Bandes' }).waitFor();
    await page.getByRole('status').getByText(BANDE_MSG.deleted).waitFor();
    await page.getByRole('link', { name: 'Erreur de saisie' }).waitFor({ state: 'detached', timeout: 2000 });
    await page.getByRole('link', { name: 'Chair bis' }).waitFor();
    await s.shot('suppression-liste');
    expect((await get('/api/bande?archives=1', a.token)).body.map((b: { nom: string }) => b.nom).sort()).toEqual(
      ['Ancienne', 'Chair bis', 'Chair Cobb'].sort(),
    );

    // The dashboard over the month: the true figures.
    await page.goto(`${s.baseUrl}/#/dashboard`);
    await page.getByTestId('dash-bandes').waitFor();
    await page.getByLabel('Date de début').fill(day(-30));
    await page.getByLabel('Date de fin').fill(day(0));
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByTestId('dash-depense').getByText(fcfa(3_041_000)).waitFor();
    expect(nbsp(await page.getByTestId('dash-bandes').textContent())).toContain('2');
    expect(nbsp(await page.getByTestId('dash-sujets').textContent())).toContain('800');
    expect(nbsp(await page.getByTestId('dash-taux-mortalite').textContent())).toContain('4,13 %');
    expect(nbsp(await page.getByTestId('dash-cout').textContent())).toContain('3 801,25 FCFA / sujet');
    expect(nbsp(await page.getByTestId('dash-archivees').textContent())).toBe(nbsp(TABLEAU_DE_BORD_MSG.archivees(1)));
    await noOverflow(s);
    await s.shot('suppression-tableau-de-bord');
  });
});
