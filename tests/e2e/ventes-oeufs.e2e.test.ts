// A layer flock's sales are eggs (decision 0217), in real Chromium over the local
// stack at 1280 and 360 px: on a layer batch the farmer sells 55 trays at 2 500 FCFA (the dialog
// names the tray and shows the 1 650 eggs), a dozen eggs and, at the end of lay, réforme hens; the
// card and the printable report say « Œufs vendus 1 662 œufs (55 plateaux + 12 œufs) » and
// « Sujets vendus » counts the hens only; the sales table names each sale's unit; the hens sold
// leave the hens alive (a loss beyond them is refused). Screenshots of the dialog, the detail and
// the report at both widths.
import { addDays, todayFor } from '@shared/dates';
import { get, newBusiness, post, type Account } from '../helpers/api';
import { addVente, card, login, nbsp } from '../helpers/bandes-ui';
import { openSession, type Session } from '../helpers/browser';

describe('a layer batch sells eggs, trays and réforme hens', () => {
  let s: Session | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  for (const width of [1280, 360]) {
    it(`sells 55 trays, 12 eggs and 20 réforme hens; the card, the table and the report say eggs and birds apart (${width} px)`, async () => {
      const a: Account = await newBusiness({ entreprise: `Ferme de Thiès ${width}` });
      const b = await post(
        '/api/bande/create',
        { nom: 'Pondeuses Lohmann', type: 'pondeuse', nb_sujet: 300, date_demarage: addDays(todayFor(), -200), id_bande: -1 },
        a.token,
      );
      expect(b.status).toBe(200);
      const id = b.body.id as number;
      expect((await post('/api/bande/perte', { nombre: 10, id_bande: id, date: addDays(todayFor(), -20) }, a.token)).status).toBe(200);
      // The eggs sold must have been collected (the flock's egg stock never goes below
      // zero): 7 days of 250 eggs, 1 750 in stock before the 1 662 sold.
      for (let d = -10; d <= -4; d++) {
        const c = await post(
          '/api/bande/collect',
          { id_bande: id, id: -1, collecte: 250, calibres: JSON.stringify({ s: 0, m: 250, l: 0, xl: 0 }), date_collecte: addDays(todayFor(), d) },
          a.token,
        );
        expect(c.status).toBe(200);
      }

      s = await openSession({ width, height: 900 });
      const { page } = s;
      await login(s, a);
      await page.goto(`${s.baseUrl}/#/bande/${id}`);
      await page.getByTestId('bande-nom').getByText('Pondeuses Lohmann').waitFor();

      // The dialog: the unit chosen, named beside price and quantity, with the eggs 55 trays make.
      await page.getByRole('button', { name: 'Ajouter une vente' }).click();
      const d = page.getByRole('dialog', { name: 'Ajouter une vente' });
      expect(await d.getByLabel('Vendu en').inputValue()).toBe('plateau');
      await d.getByLabel('Prix par plateau (FCFA)').fill('2500');
      await d.getByLabel('Nombre de plateaux').fill('55');
      expect(nbsp(await d.getByTestId('vente-oeufs').textContent())).toBe('55 plateaux = 1 650 œufs');
      expect(nbsp(await d.getByTestId('vente-total').textContent())).toBe('Total : 137 500 FCFA');
      await s.shot('vente-oeufs-dialogue');
      await d.getByRole('button', { name: 'Enregistrer' }).click();
      await d.waitFor({ state: 'detached' });
      await page.getByText('Vente enregistrée.').first().waitFor();

      await addVente(page, 100, 12, undefined, 'oeuf');
      await addVente(page, 3000, 20, undefined, 'sujet');

      // What the server holds: 55 trays stored as trays, 1 662 eggs and 20 hens sold.
      const detail = (await get(`/api/bande/${id}`, a.token)).body;
      expect(detail).toMatchObject({ nb_vendu: 1662, nb_reforme: 20, chiffre_affaire: 137_500 + 1200 + 60_000 });
      expect(detail.ventes.map((v: any) => `${v.quantite} ${v.unite}`).sort()).toEqual(['12 oeuf', '20 sujet', '55 plateau']);

      // The cards: eggs with their trays, birds only in « Sujets vendus ».
      await page.getByTestId('card-oeufs-vendus').getByText('1 662 œufs').waitFor();
      expect(await card(page, 'card-oeufs-plateaux')).toBe('55 plateaux + 12 œufs');
      expect(await card(page, 'card-vendus')).toContain('20');
      expect(await card(page, 'card-vendus')).not.toContain('1 662');
      const table = page.getByTestId('table-ventes');
      for (const q of ['55 plateaux', '12 œufs', '20 poules']) await table.getByText(q).first().waitFor();
      // 300 placed − 10 dead − 20 sold: 270 hens alive, a loss of 271 is refused.
      const refused = await post('/api/bande/perte', { nombre: 271, id_bande: id }, a.token);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('270');
      await s.shot('vente-oeufs-bande');

      // The printable report says the same.
      await page.goto(`${s.baseUrl}/#/bande/${id}/rapport`);
      await page.getByTestId('rapport-oeufs-vendus').getByText('1 662 œufs (55 plateaux + 12 œufs)').waitFor();
      expect(nbsp(await page.getByTestId('rapport-sujets-vendus').textContent())).toBe('20');
      await s.shot('vente-oeufs-rapport');
    });
  }
});
