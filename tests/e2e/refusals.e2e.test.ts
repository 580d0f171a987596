// Refusals that tell the real reason, once, in real Chromium over the local
// stack at 360 and 1280 px, with a batch of realistic entries: a loss dated in the past that a
// later sale could not survive is refused at once in the dialog, naming that sale's day and the
// birds left then (never « Êtes-vous sûr ? » first, never a generic prefix), and nothing is saved;
// a sale corrected 80 → 300 says the birds alive without its old 80. Screenshots under
// tests/e2e/screenshots/refus-*.
import { addDays, todayFor } from '@shared/dates';
import { get, newBusiness } from '../helpers/api';
import { chairBouake, jj, login, saleModifier } from '../helpers/bandes-ui';
import { openSession, type Session } from '../helpers/browser';

const day = (offset: number) => addDays(todayFor(), offset);

describe.each([360, 1280])('refusals that tell the real reason at %i px', (width) => {
  let s: Session | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it('refuses a back-dated loss and a corrected sale at once, with the day and the figure that break', async () => {
    const a = await newBusiness({ entreprise: 'Ferme de Bouaké' });
    const { b, v } = await chairBouake(a);
    s = await openSession({ width, height: 800 });
    const { page } = s;
    await login(s, a);
    await page.goto(`${s.baseUrl}/#/bande/${b.id}`);
    await page.getByTestId('bande-nom').getByText('Chair Bouaké').waitFor();

    // 490 alive 30 days ago, 125 today: a loss of 200 then would leave yesterday's sale 5 birds
    await page.getByRole('button', { name: 'Enregistrer une perte' }).click();
    const d = page.getByRole('dialog', { name: 'Mortalité' });
    await d.getByLabel('Nombre de sujets').fill('200');
    await d.getByLabel('Date de la perte').fill(day(-30));
    await d.getByRole('button', { name: 'Enregistrer' }).click();
    const refusal = `Impossible : le ${jj(v.date)}, la vente de 80 sujets ne serait plus possible, car il ne resterait que 5 sujets vivants ce jour-là.`;
    await d.getByRole('alert').getByText(refusal, { exact: true }).waitFor();
    expect(await d.getByTestId('sure-check').count()).toBe(0);
    expect(await d.getByRole('button', { name: 'Oui, enregistrer' }).count()).toBe(0);
    await s.shot('refus-perte-datee');
    // Escape on a typed entry asks before dropping it (decision 0222)
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Oui, abandonner' }).click();
    await d.waitFor({ state: 'hidden' });

    // the sale of yesterday corrected 80 → 300: 125 alive and its own 80
    await saleModifier(page, v.date).click();
    const e = page.getByRole('dialog', { name: 'Modifier la vente' });
    await e.getByLabel('Quantité').fill('300');
    await e.getByRole('button', { name: 'Enregistrer' }).click();
    await e
      .getByRole('alert')
      .getByText(
        `Cette vente ne peut pas passer de 80 à 300 sujets : le ${jj(v.date)}, la bande compte 125 sujets vivants en plus des 80 sujets de cette vente, soit 205 au plus.`,
        { exact: true },
      )
      .waitFor();
    await s.shot('refus-vente-corrigee');

    const after = (await get(`/api/bande/${b.id}`, a.token)).body;
    expect(after).toMatchObject({ nb_perte: 10, nb_vendu: 365 });
    expect(after.pertes).toHaveLength(1);
  });
});
