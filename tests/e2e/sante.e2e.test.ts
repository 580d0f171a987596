// Flock health in real Chromium at 360 px over the real stack: a broiler batch
// created through its dialog with the built-in plan preselected shows its calendar at once; offline,
// the late Newcastle vaccination is marked done with its lot and cost, waits on the device, and once
// the network returns is written (its card « Fait » with its lot) and its cost is the batch's
// « Vaccins et médicaments » expense; a treatment with a 7-day meat withdrawal puts the banner on
// the batch, and a sale dated inside it is refused before sending with the end date jj/mm/aaaa (the
// server refuses it the same way); the dashboard's « À faire aujourd'hui » lists the late step and
// the withdrawal and opens the batch. Screenshots at 360 and 1280 px.
import { addDays } from '@shared/dates';
import { SANTE_MSG } from '@shared/messages/sante';
import { SYNC_MSG } from '@shared/messages/sync';
import { PLANS_DEFAUT } from '@shared/sante/plans-defaut';
import { call, newBusiness, type Account } from '../helpers/api';
import { createBande, fcfa, jj, login, nbsp } from '../helpers/bandes-ui';
import { checkA11y } from '../helpers/axe';
import { openSession, type Session } from '../helpers/browser';

const today = () => new Date().toISOString().slice(0, 10);

describe('flock health, from the calendar to the refused sale', () => {
  let s: Session;
  let acc: Account;
  afterAll(async () => {
    await s?.close();
  });

  it('calendar at once, a vaccination done offline and synced with its expense, a withdrawal refusing a sale, the day’s to-do opening the batch', async () => {
    acc = await newBusiness();
    s = await openSession({ width: 360, height: 780 });
    const { page, context } = s;
    await login(s, acc);
    const start = addDays(today(), -10);

    // ── a broiler batch, the built-in plan preselected in its dialog ──
    await page.goto(`${s.baseUrl}/#/bande`);
    await page.getByRole('button', { name: 'Nouvelle bande' }).click();
    const creation = page.getByRole('dialog', { name: 'Création de bande' });
    expect(await creation.getByLabel('Plan de santé').inputValue()).toBe('1');
    await creation.getByRole('button', { name: 'Fermer' }).click();
    await creation.waitFor({ state: 'detached' });
    await createBande(page, 'Chair Thiès', 'chair', 500, start);
    await page.getByRole('link', { name: 'Chair Thiès' }).click();
    await page.getByTestId('bande-nom').filter({ hasText: 'Chair Thiès' }).waitFor();
    const id = Number(/#\/bande\/(\d+)/.exec(page.url())![1]);

    // ── its calendar at once: one card per step of the plan, dated from the start ──
    await page.getByTestId('tab-sante').click();
    const cards = page.getByTestId('etape');
    await expect.poll(() => cards.count()).toBe(PLANS_DEFAUT[0].etapes.length);
    const j7 = cards.nth(1);
    expect(nbsp(await j7.textContent())).toContain(`J7 · ${jj(addDays(start, 7))}`);
    expect(await j7.getByTestId('etape-statut').textContent()).toBe('En retard');
    expect(await cards.nth(2).getByTestId('etape-statut').textContent()).toBe('À venir');
    await page.getByText(SANTE_MSG.indicatif).first().waitFor();
    await page.waitForLoadState('networkidle');
    await s.shot('sante-calendrier');
    await checkA11y(page, 'sante-calendrier');

    // ── offline: the Newcastle vaccination done, with its lot and its cost ──
    await context.setOffline(true);
    await j7.getByRole('button', { name: 'Fait' }).click();
    const fait = page.getByRole('dialog', { name: 'Étape faite' });
    expect(await fait.getByLabel("Date d'administration").inputValue()).toBe(today());
    await fait.getByLabel('Produit').fill('Avinew HB1 + H120');
    await fait.getByLabel('Numéro de lot').fill('NDV-2611-A');
    await fait.getByLabel("Date d'expiration").fill(addDays(today(), 180));
    await fait.getByLabel('Coût (FCFA, facultatif)').fill('12500');
    await s.shot('sante-fait-dialog');
    await checkA11y(page, 'sante-fait');
    await fait.getByRole('button', { name: 'Enregistrer' }).click();
    await fait.waitFor({ state: 'detached' });
    await page.getByText(SYNC_MSG.queued).waitFor();
    await j7.getByTestId('etape-en-attente').waitFor();
    expect(await page.getByTestId('pending-entries').textContent()).toContain('lot NDV-2611-A');
    await s.shot('sante-hors-ligne');
    await checkA11y(page, 'sante-hors-ligne');
    // Nothing reached the server yet.
    const before = await call('GET', `/api/sante/bande/${id}`, undefined, { token: acc.token });
    expect(before.body.etapes[1].statut).toBe('en_retard');

    // ── back online: sent once, the card done with its lot, the cost on the batch's expenses ──
    await context.setOffline(false);
    await expect.poll(() => j7.getByTestId('etape-statut').textContent(), { timeout: 30_000 }).toBe('Fait');
    expect(nbsp(await j7.getByTestId('etape-fait').textContent())).toContain('NDV-2611-A');
    expect(nbsp(await j7.getByTestId('etape-fait').textContent())).toContain(fcfa(12500));
    await expect.poll(() => page.getByTestId('pending-entries').count()).toBe(0);
    const after = await call('GET', `/api/sante/bande/${id}`, undefined, { token: acc.token });
    expect(after.body.etapes[1]).toMatchObject({ statut: 'fait', date: today(), lot: 'NDV-2611-A', cout: 12500 });
    await page.getByRole('link', { name: 'Suivi' }).click();
    await expect.poll(async () => nbsp(await page.getByTestId('card-depenses').textContent())).toContain(fcfa(12500));
    await page.getByText('Vaccins et médicaments').first().waitFor();

    // ── a treatment with a 7-day meat withdrawal ──
    await page.getByTestId('tab-sante').click();
    await page.getByRole('button', { name: 'Nouveau traitement' }).click();
    const trt = page.getByRole('dialog', { name: 'Nouveau traitement' });
    await trt.getByLabel('Produit').fill('Oxytétracycline 20 %');
    await trt.getByLabel('Molécule (substance active)').fill('oxytétracycline');
    await trt.getByLabel('Motif').fill('Coryza');
    await trt.getByLabel('Début').fill(addDays(today(), -1));
    await trt.getByLabel('Fin').fill(today());
    await trt.getByLabel("Délai d'attente viande (jours)").fill('7');
    await trt.getByLabel("Délai d'attente œufs (jours)").fill('0');
    const fin = addDays(today(), 7);
    expect(await trt.getByTestId('traitement-attente').textContent()).toBe(SANTE_MSG.attenteEnCours('viande', fin));
    await trt.getByRole('button', { name: 'Enregistrer' }).click();
    await trt.waitFor({ state: 'detached' });
    await page.getByTestId('traitement').first().waitFor();
    expect(await page.getByTestId('attente-en-cours').textContent()).toBe(SANTE_MSG.attenteEnCours('viande', fin));
    await s.shot('sante-traitement');
    await checkA11y(page, 'sante-traitements');

    // ── a sale dated inside it: refused up front with the end date, as the server would ──
    await page.getByRole('link', { name: 'Suivi' }).click();
    expect(await page.getByTestId('attente-en-cours').textContent()).toBe(SANTE_MSG.attenteEnCours('viande', fin));
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/bande/vente')) posted++;
    });
    await page.getByRole('button', { name: 'Ajouter une vente' }).click();
    const vente = page.getByRole('dialog', { name: 'Ajouter une vente' });
    await vente.getByLabel('Prix unitaire (FCFA)').fill('3000');
    await vente.getByLabel('Quantité').fill('10');
    await vente.getByRole('button', { name: 'Enregistrer' }).click();
    const refus = vente.getByRole('alert');
    await refus.waitFor();
    expect(await refus.textContent()).toBe(SANTE_MSG.attenteViande(fin));
    expect(await refus.textContent()).toContain(jj(fin));
    expect(posted).toBe(0);
    await s.shot('sante-vente-refusee');
    await vente.getByRole('button', { name: 'Fermer' }).click();
    const server = await call(
      'POST',
      '/api/bande/vente',
      { id_bande: id, id_vente: -1, prix_unitaire: 3000, quantite: 10, date: today() },
      { token: acc.token },
    );
    expect(server.status).toBe(409);
    expect(server.body.message).toBe(SANTE_MSG.attenteViande(fin));

    // ── the dashboard's « À faire aujourd'hui »: the late step and the withdrawal, each opening the batch ──
    await page.goto(`${s.baseUrl}/#/dashboard`);
    const aFaire = page.getByTestId('a-faire');
    await aFaire.waitFor();
    // The device's copy of the list (read at sign-in, before the batch existed) shows first, then the answer.
    await expect.poll(async () => nbsp(await aFaire.textContent())).toContain(`Chair Thiès : ${PLANS_DEFAUT[0].etapes[0].intitule}`);
    expect(await aFaire.getByTestId('a-faire-attente').textContent()).toContain(SANTE_MSG.attenteEnCours('viande', fin));
    await s.shot('sante-a-faire');
    await checkA11y(page, 'dashboard-a-faire');
    await aFaire.getByTestId('a-faire-attente').getByRole('link').click();
    await page.getByTestId('bande-nom').filter({ hasText: 'Chair Thiès' }).waitFor();
    expect(page.url()).toContain(`#/bande/${id}/sante`);
  });

  it('looks right at 1280 px: the Santé tab, the plans and the editor', async () => {
    const wide = await openSession({ width: 1280, height: 900 });
    try {
      await login(wide, acc);
      const bandes = await call('GET', '/api/bande', undefined, { token: acc.token });
      const id = bandes.body[0].id;
      await wide.page.goto(`${wide.baseUrl}/#/bande/${id}/sante`);
      await wide.page.getByTestId('etape').first().waitFor();
      await wide.page.waitForLoadState('networkidle');
      await wide.shot('sante-calendrier');
      await wide.page.goto(`${wide.baseUrl}/#/sante/plans`);
      await wide.page.getByTestId('plan').first().waitFor();
      await wide.shot('sante-plans');
      await wide.page.getByRole('link', { name: /Copier le plan Poulet de chair/ }).click();
      await wide.page.getByTestId('plan-etape').first().waitFor();
      await wide.shot('sante-plan-editeur');
      await wide.page.goto(`${wide.baseUrl}/#/dashboard`);
      await wide.page.getByTestId('a-faire').waitFor();
      await wide.shot('sante-a-faire');
    } finally {
      await wide.close();
    }
  });
});
