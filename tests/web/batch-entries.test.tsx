// The batch entry dialogs over the real detail screen (the API stubbed at fetch):
// each entry's day (default today, bounded by the batch's start and today, in the server's words),
// « Êtes-vous sûr ? » before a figure far from the usual, the server's refusal shown and withdrawn
// when a field changes, numbers as typed (never a silent 0), and a weighing and an egg collection
// corrected and cancelled through the app's own confirmation.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { addDays, formatJour, todayFor } from '@shared/dates';
import type { Collecte, Pesage } from '@shared/schemas/bandes';
import { BandeDialog } from '../../web/src/features/bandes/components/BandeDialog';
import { renderBatchDetail } from './batch-detail-page';
import { batchDetail, renderWithApp, stubBatchDetail, stubFetch, type FakeCall } from './helpers';

const today = todayFor();
const start = addDays(today, -30);

const pesage: Pesage = {
  id: 5,
  id_bande: 1,
  poids_moyen: 1000,
  unite: 'g',
  echantillon: 20,
  date_prise: addDays(start, 20),
  date: addDays(start, 20),
  created_at: `${addDays(start, 20)}T09:00:00.000Z`,
};

const posts = (calls: FakeCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

describe('batch entries: dated, checked, corrected', () => {
  it('asks « Êtes-vous sûr ? » before a loss of more than 10 % of the birds alive, and saves it with its day once confirmed', async () => {
    const user = userEvent.setup();
    const api = stubBatchDetail(batchDetail(), { 'POST api/bande/perte': (c) => ({ body: { id: 9, ...(c.body as object) } }) });
    renderBatchDetail();
    await user.click(await screen.findByRole('button', { name: 'Enregistrer une perte' }));
    const d = await screen.findByRole('dialog', { name: 'Mortalité' });
    const date = within(d).getByLabelText('Date de la perte') as HTMLInputElement;
    expect(date.value).toBe(today);
    expect(date.min).toBe(start);
    expect(date.max).toBe(today);

    await user.type(within(d).getByLabelText('Nombre de sujets'), '60');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    const sure = await within(d).findByTestId('sure-check');
    expect(sure.textContent).toContain('Êtes-vous sûr ?');
    expect(sure.textContent).toContain("60 sujets morts en une fois, c'est 12 % des 500 sujets vivants de la bande.");
    expect(posts(api.calls, 'api/bande/perte')).toHaveLength(0);

    // A change withdraws the question: it was about 60.
    await user.type(within(d).getByLabelText('Nombre de sujets'), '{Backspace}1');
    expect(within(d).queryByTestId('sure-check')).toBeNull();
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(d).findByTestId('sure-check')).textContent).toContain('61 sujets morts');
    // « Non, corriger » leaves the figures to change
    await user.click(within(d).getByRole('button', { name: 'Non, corriger' }));
    expect(within(d).queryByTestId('sure-check')).toBeNull();
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await user.click(await within(d).findByRole('button', { name: 'Oui, enregistrer' }));
    expect(await screen.findByText('Perte enregistrée')).toBeTruthy();
    const [sent] = posts(api.calls, 'api/bande/perte');
    expect(sent.body).toMatchObject({ nombre: 61, id_bande: 1, date: today });
    expect(typeof (sent.body as { saisi_le?: string }).saisi_le).toBe('string');
  });

  it('saves an ordinary loss at once, on the past day chosen', async () => {
    const user = userEvent.setup();
    const api = stubBatchDetail(batchDetail(), { 'POST api/bande/perte': { body: { id: 9 } } });
    renderBatchDetail();
    await user.click(await screen.findByRole('button', { name: 'Enregistrer une perte' }));
    const d = await screen.findByRole('dialog', { name: 'Mortalité' });
    await user.type(within(d).getByLabelText('Nombre de sujets'), '4');
    fireEvent.change(within(d).getByLabelText('Date de la perte'), { target: { value: addDays(today, -3) } });
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Perte enregistrée');
    expect(posts(api.calls, 'api/bande/perte')[0].body).toMatchObject({ nombre: 4, date: addDays(today, -3) });
  });

  it("keeps an expense's day within the batch, in the server's words, and sends the day chosen", async () => {
    const user = userEvent.setup();
    const api = stubBatchDetail(batchDetail(), { 'POST api/bande/depense': { body: { id: 3 } } });
    renderBatchDetail();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une dépense' }));
    const d = await screen.findByRole('dialog', { name: 'Ajouter une dépense' });
    await within(d).findByRole('option', { name: 'Poussins' });
    await user.selectOptions(within(d).getByLabelText('Type de dépense'), 'Poussins');
    await user.type(within(d).getByLabelText('Désignation'), 'Poussins Cobb 500');
    await user.type(within(d).getByLabelText('Prix unitaire (FCFA)'), '500');
    await user.type(within(d).getByLabelText('Quantité'), '500');
    const date = within(d).getByLabelText('Date de la dépense');
    fireEvent.change(date, { target: { value: addDays(today, 1) } });
    expect(await within(d).findByText('La date ne peut pas être dans le futur.')).toBeTruthy();
    fireEvent.change(date, { target: { value: addDays(start, -1) } });
    expect(await within(d).findByText(`La date ne peut pas précéder le démarrage de la bande (le ${formatJour(start)}).`)).toBeTruthy();
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(posts(api.calls, 'api/bande/depense')).toHaveLength(0);

    fireEvent.change(date, { target: { value: start } });
    await waitFor(() => expect(within(d).queryByText(/La date ne peut pas/)).toBeNull());
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Dépense ajoutée');
    expect(posts(api.calls, 'api/bande/depense')[0].body).toMatchObject({
      depense: { id_type_depense: 2, designation: 'Poussins Cobb 500', prix_unitaire: 500, quantite: 500 },
      id_bande: 1,
      date: start,
    });
  });

  it('asks before an expense over 10 times the batch’s usual', async () => {
    const user = userEvent.setup();
    const dep = (id: number, prix_total: number) => ({
      id,
      id_bande: 1,
      id_type_depense: 1,
      designation: 'Aliment',
      prix_unitaire: prix_total,
      quantite: 1,
      prix_total,
      created_at: `${start}T10:00:00Z`,
      date: start,
    });
    const api = stubBatchDetail(batchDetail({ depenses: [dep(1, 15000), dep(2, 20000), dep(3, 25000)], depense: 60000 }), {
      'POST api/bande/depense': { body: { id: 4 } },
    });
    renderBatchDetail();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une dépense' }));
    const d = await screen.findByRole('dialog', { name: 'Ajouter une dépense' });
    await within(d).findByRole('option', { name: 'Aliment' });
    await user.selectOptions(within(d).getByLabelText('Type de dépense'), 'Aliment');
    await user.type(within(d).getByLabelText('Désignation'), 'Aliment croissance');
    await user.type(within(d).getByLabelText('Prix unitaire (FCFA)'), '250000');
    await user.type(within(d).getByLabelText('Quantité'), '1');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(d).findByTestId('sure-check')).textContent).toContain(
      'Cette dépense de 250 000 FCFA fait plus de 10 fois la dépense habituelle de type Aliment de cette bande (20 000 FCFA).',
    );
    expect(posts(api.calls, 'api/bande/depense')).toHaveLength(0);
    await user.click(within(d).getByRole('button', { name: 'Oui, enregistrer' }));
    await screen.findByText('Dépense ajoutée');
    expect(posts(api.calls, 'api/bande/depense')).toHaveLength(1);
  });

  it("shows the server's refusal of a sale in the dialog, writes nothing else, and withdraws it when a field changes", async () => {
    const user = userEvent.setup();
    const api = stubBatchDetail(batchDetail(), {
      'POST api/bande/vente': { status: 400, body: { code: 400, message: 'Il ne reste que 12 sujets vivants dans cette bande.' } },
    });
    renderBatchDetail();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une vente' }));
    const d = await screen.findByRole('dialog', { name: 'Ajouter une vente' });
    await user.type(within(d).getByLabelText('Prix unitaire (FCFA)'), '3000');
    await user.type(within(d).getByLabelText('Quantité'), '2.5');
    // a broiler batch sells whole birds
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(d).findByText('Une vente de poulets de chair se compte en sujets entiers : la quantité doit être un nombre entier.')).toBeTruthy();
    expect(posts(api.calls, 'api/bande/vente')).toHaveLength(0);

    await user.clear(within(d).getByLabelText('Quantité'));
    await user.type(within(d).getByLabelText('Quantité'), '50');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(d).findByRole('alert')).textContent).toBe('Il ne reste que 12 sujets vivants dans cette bande.');
    expect(posts(api.calls, 'api/bande/vente')).toHaveLength(1);
    await user.type(within(d).getByLabelText('Quantité'), '{Backspace}');
    await waitFor(() => expect(within(d).queryByText(/Il ne reste que/)).toBeNull());
  });

  it('reads numbers as typed: empty or negative is a French error, never 0', async () => {
    const user = userEvent.setup();
    const api = stubBatchDetail(batchDetail(), { 'POST api/bande/perte': { body: { id: 9 } } });
    renderBatchDetail();
    await user.click(await screen.findByRole('button', { name: 'Enregistrer une perte' }));
    const d = await screen.findByRole('dialog', { name: 'Mortalité' });
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(d).findByText('Le nombre de sujets doit être un nombre')).toBeTruthy();
    await user.type(within(d).getByLabelText('Nombre de sujets'), '-3');
    expect(await within(d).findByText('Le nombre de sujets doit être au moins 1')).toBeTruthy();
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(posts(api.calls, 'api/bande/perte')).toHaveLength(0);
  });

  it('corrects a weighing (asking first when far above the breed curve), then cancels it after the confirmation', async () => {
    const user = userEvent.setup();
    const api = stubBatchDetail(batchDetail({ pesages: [pesage] }), {
      'POST api/bande/pesage': (c) => ({ body: { ...pesage, ...(c.body as { pesage: object }).pesage } }),
      'GET api/bande/pesage/delete/5': { body: { code: 200, id: 5, etat: 'DELETED' } },
    });
    renderBatchDetail();
    const table = await screen.findByTestId('table-pesages');
    const row = within(table).getByText(formatJour(pesage.date_prise)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    const d = await screen.findByRole('dialog', { name: 'Modifier le pesage' });
    const poids = within(d).getByLabelText('Poids moyen') as HTMLInputElement;
    expect(poids.value).toBe('1000');
    expect((within(d).getByLabelText('Date du pesage') as HTMLInputElement).value).toBe(pesage.date_prise);
    await user.clear(poids);
    await user.type(poids, '2500');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(d).findByTestId('sure-check')).textContent).toContain(
      'Un poids moyen de 2 500 g est très au-dessus de la courbe : le standard Cobb 500 à 20 jours est de 1 038 g.',
    );
    await user.clear(poids);
    await user.type(poids, '1050');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Pesage enregistré');
    expect(posts(api.calls, 'api/bande/pesage')).toHaveLength(1);
    expect(posts(api.calls, 'api/bande/pesage')[0].body).toMatchObject({
      pesage: { id: 5, poids_moyen: 1050, unite: 'g', echantillon: 20, date_prise: pesage.date_prise },
      id_bande: 1,
    });

    await user.click(within(row).getByRole('button', { name: 'Annuler' }));
    const confirm = await screen.findByRole('dialog', { name: 'Annuler le pesage' });
    expect(within(confirm).getByText('Voulez-vous vraiment annuler ce pesage ?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText('Pesage annulé')).toBeTruthy();
    expect(api.calls.filter((c) => c.url === 'api/bande/pesage/delete/5')).toHaveLength(1);
  });

  it('leaves a cancelled weighing out of the table', async () => {
    stubBatchDetail(batchDetail({ pesages: [pesage, { ...pesage, id: 6, poids_moyen: 1800, etat: 'DELETED' } as Pesage] }));
    renderBatchDetail();
    const table = await screen.findByTestId('table-pesages');
    expect(within(table).queryByText(/1 800/)).toBeNull();
    expect(within(table).getByText(/1 000 g/)).toBeTruthy();
  });

  it('asks before a day of eggs above 95 % of the hens, and cancels a collection from the egg panel', async () => {
    const user = userEvent.setup();
    const col: Collecte = {
      id: 7,
      id_bande: 1,
      collecte: 200,
      calibres: JSON.stringify({ s: 50, m: 50, l: 50, xl: 50 }),
      date_collecte: addDays(today, -1),
      date: addDays(today, -1),
      created_at: `${addDays(today, -1)}T18:00:00Z`,
    };
    const api = stubBatchDetail(
      batchDetail({ type: 'pondeuse', race: 'lohmann-brown', nb_sujet: 300, age_demarrage: 126 }),
      { 'POST api/bande/collect': { body: { id: 8 } }, 'GET api/bande/collect/delete/7': { body: { code: 200, id: 7, etat: 'DELETED' } } },
      [col],
    );
    renderBatchDetail();
    const panel = await screen.findByTestId('egg-panel');
    await within(panel).findByText(formatJour(col.date_collecte));
    // 200 eggs from 300 hens that day
    expect(within(panel).getByText(/66,67 %/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Ajouter une collecte' }));
    const d = await screen.findByRole('dialog', { name: "Collecte d'œufs" });
    await user.type(within(d).getByLabelText('Total collecté'), '90');
    for (const [k, n] of [
      ['S', '0'],
      ['M', '30'],
      ['L', '30'],
      ['XL', '30'],
    ]) {
      await user.clear(within(d).getByLabelText(`Calibre ${k}`));
      await user.type(within(d).getByLabelText(`Calibre ${k}`), n);
    }
    // the same day as the collection of 200: 290 eggs from 300 hens
    fireEvent.change(within(d).getByLabelText('Date de collecte'), { target: { value: col.date_collecte } });
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(d).findByTestId('sure-check')).textContent).toContain('290 œufs ce jour-là pour 300 poules vivantes, soit un taux de ponte de 96,7 %');
    await user.click(within(d).getByRole('button', { name: 'Oui, enregistrer' }));
    await screen.findByText('Collecte enregistrée');
    expect(posts(api.calls, 'api/bande/collect')[0].body).toMatchObject({ id: -1, collecte: 90, date_collecte: col.date_collecte });

    await user.click(within(panel).getByRole('button', { name: 'Annuler' }));
    const confirm = await screen.findByRole('dialog', { name: 'Annuler la collecte' });
    await user.click(within(confirm).getByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText('Collecte annulée')).toBeTruthy();
    expect(api.calls.filter((c) => c.url === 'api/bande/collect/delete/7')).toHaveLength(1);
  });

  it("bounds a batch's start between today − 1 096 days and today, in the server's words", async () => {
    const user = userEvent.setup();
    const api = stubFetch({ 'POST api/bande/create': (c) => ({ body: { id: 2, ...(c.body as object) } }) });
    const saved = vi.fn();
    renderWithApp(<BandeDialog bande={null} onClose={() => undefined} onSaved={saved} />);
    const d = await screen.findByRole('dialog', { name: 'Création de bande' });
    const date = within(d).getByLabelText('Date de démarrage') as HTMLInputElement;
    expect([date.value, date.min, date.max]).toEqual([today, addDays(today, -1096), today]);
    await user.type(within(d).getByLabelText('Nom'), 'Pondeuses 2023');
    await user.type(within(d).getByLabelText('Nombre de sujets'), '300');
    fireEvent.change(date, { target: { value: addDays(today, 1) } });
    expect(await within(d).findByText('Le démarrage ne peut pas être dans le futur.')).toBeTruthy();
    fireEvent.change(date, { target: { value: addDays(today, -1097) } });
    expect(await within(d).findByText('Le démarrage ne peut pas remonter à plus de 3 ans.')).toBeTruthy();
    await user.click(within(d).getByRole('button', { name: 'Valider' }));
    expect(posts(api.calls, 'api/bande/create')).toHaveLength(0);
    fireEvent.change(date, { target: { value: addDays(today, -1096) } });
    await user.click(within(d).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(posts(api.calls, 'api/bande/create')[0].body).toMatchObject({
      nom: 'Pondeuses 2023',
      nb_sujet: 300,
      date_demarage: addDays(today, -1096),
      id_bande: -1,
    });
  });
});
