// Refusals that tell the real reason, once: the entry dialogs run the server's
// hard checks on the batch detail (shared/formulas/ruptures.ts) and refuse at once, never asking
// « Êtes-vous sûr ? » about a figure the server would refuse; a refusal (theirs or the server's)
// replaces the question and the « Oui, enregistrer » button; the server's precise reason is shown
// alone, without the generic failure message before it.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { addDays, formatJour, todayFor } from '@shared/dates';
import type { Vente } from '@shared/schemas/bandes';
import { openBatchDetail } from './batch-detail-page';
import { batchDetail, type FakeCall } from './helpers';

const today = todayFor();
const start = addDays(today, -30);

const vente = (id: number, quantite: number, day: string): Vente => ({
  id,
  id_vente: id,
  id_bande: 1,
  prix_unitaire: 3000,
  quantite,
  prix_total: 3000 * quantite,
  etat: 'ACTIVE',
  created_at: `${day}T10:00:00Z`,
  date: day,
});

const posts = (calls: FakeCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

describe('entry refusals: the real reason, once', () => {
  it('refuses at once a back-dated loss that a later sale could not survive, without « Êtes-vous sûr ? »', async () => {
    const user = userEvent.setup();
    // 500 placed, 450 sold two days ago: 50 alive today, 500 ten days ago
    const api = openBatchDetail(batchDetail({ ventes: [vente(3, 450, addDays(today, -2))], nb_vendu: 450, chiffre_affaire: 1_350_000 }));
    await user.click(await screen.findByRole('button', { name: 'Enregistrer une perte' }));
    const d = await screen.findByRole('dialog', { name: 'Mortalité' });
    await user.type(within(d).getByLabelText('Nombre de sujets'), '100');
    fireEvent.change(within(d).getByLabelText('Date de la perte'), { target: { value: addDays(today, -10) } });
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(
      `Impossible : le ${formatJour(addDays(today, -2))}, la vente de 450 sujets ne serait plus possible, car il ne resterait que 400 sujets vivants ce jour-là.`,
    );
    expect(within(d).queryByTestId('sure-check')).toBeNull();
    expect(within(d).getByRole('button', { name: 'Enregistrer' })).toBeTruthy();
    expect(posts(api.calls, 'api/bande/perte')).toHaveLength(0);
  });

  it('refuses at once a collection of more eggs than hens, without « Êtes-vous sûr ? »', async () => {
    const user = userEvent.setup();
    const api = openBatchDetail(batchDetail({ type: 'pondeuse', race: 'lohmann-brown', nb_sujet: 300, age_demarrage: 126 }));
    await user.click(await screen.findByRole('button', { name: 'Ajouter une collecte' }));
    const d = await screen.findByRole('dialog', { name: "Collecte d'œufs" });
    await user.type(within(d).getByLabelText('Total collecté'), '350');
    await user.clear(within(d).getByLabelText('Calibre S'));
    await user.type(within(d).getByLabelText('Calibre S'), '350');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(
      `Au plus 300 œufs peuvent encore être enregistrés le ${formatJour(today)} : la bande compte 300 poules vivantes ce jour-là (une poule pond au plus un œuf par jour).`,
    );
    expect(within(d).queryByTestId('sure-check')).toBeNull();
    expect(posts(api.calls, 'api/bande/collect')).toHaveLength(0);
  });

  it('a sale corrected 80 → 300 is refused with the birds alive without its old 80', async () => {
    const user = userEvent.setup();
    // 500 placed, 295 dead, 80 sold today: 125 alive (the card), 205 without this sale
    const api = openBatchDetail(
      batchDetail({
        pertes: [{ id: 2, id_bande: 1, nombre: 295, type: 'perte', created_at: `${start}T10:00:00Z`, date: addDays(start, 3) }],
        nb_perte: 295,
        ventes: [vente(3, 80, today)],
        nb_vendu: 80,
        chiffre_affaire: 240_000,
      }),
    );
    const table = await screen.findByTestId('table-ventes');
    await user.click(within(table).getByRole('button', { name: 'Modifier' }));
    const d = await screen.findByRole('dialog', { name: 'Modifier la vente' });
    await user.clear(within(d).getByLabelText('Quantité'));
    await user.type(within(d).getByLabelText('Quantité'), '300');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(
      `Cette vente ne peut pas passer de 80 à 300 sujets : le ${formatJour(today)}, la bande compte 125 sujets vivants en plus des 80 sujets de cette vente, soit 205 au plus.`,
    );
    expect(posts(api.calls, 'api/bande/vente')).toHaveLength(0);
  });

  it('a refusal of the server replaces « Êtes-vous sûr ? » and its « Oui, enregistrer », and reads without a generic prefix', async () => {
    const user = userEvent.setup();
    const refusal = `Il ne restait que 40 sujets vivants dans cette bande le ${formatJour(addDays(today, -1))}.`;
    const api = openBatchDetail(batchDetail(), { 'POST api/bande/perte': { status: 400, body: { code: 400, message: refusal } } });
    await user.click(await screen.findByRole('button', { name: 'Enregistrer une perte' }));
    const d = await screen.findByRole('dialog', { name: 'Mortalité' });
    // 60 of the 500 birds: more than 10 %, a doubt the farmer confirms
    await user.type(within(d).getByLabelText('Nombre de sujets'), '60');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await within(d).findByTestId('sure-check');
    await user.click(within(d).getByRole('button', { name: 'Oui, enregistrer' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(refusal);
    expect(posts(api.calls, 'api/bande/perte')).toHaveLength(1);
    expect(within(d).queryByTestId('sure-check')).toBeNull();
    expect(within(d).queryByRole('button', { name: 'Oui, enregistrer' })).toBeNull();
    expect(within(d).getByRole('button', { name: 'Enregistrer' })).toBeTruthy();
  });

  it('a weighing refused by the server shows its reason alone, not « Échec de l’ajout du pesage : … »', async () => {
    const user = userEvent.setup();
    const reason = 'Les données ont été modifiées entre-temps, veuillez réessayer.';
    const api = openBatchDetail(batchDetail(), { 'POST api/bande/pesage': { status: 409, body: { code: 409, message: reason } } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: 'Ajouter un pesage' }));
    const d = await screen.findByRole('dialog', { name: 'Pesage' });
    await user.type(within(d).getByLabelText('Poids moyen'), '900');
    await user.type(within(d).getByLabelText('Échantillon (sujets pesés)'), '20');
    fireEvent.change(within(d).getByLabelText('Date du pesage'), { target: { value: addDays(start, 20) } });
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(reason);
    expect(posts(api.calls, 'api/bande/pesage')).toHaveLength(1);
  });

  it('refuses at once a weighing sample larger than the flock that day', async () => {
    const user = userEvent.setup();
    const api = openBatchDetail(batchDetail({ nb_sujet: 15 }));
    await user.click(await screen.findByRole('button', { name: 'Ajouter un pesage' }));
    const d = await screen.findByRole('dialog', { name: 'Pesage' });
    await user.type(within(d).getByLabelText('Poids moyen'), '900');
    await user.type(within(d).getByLabelText('Échantillon (sujets pesés)'), '20');
    fireEvent.change(within(d).getByLabelText('Date du pesage'), { target: { value: addDays(start, 20) } });
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(
      `La bande ne compte que 15 sujets vivants le ${formatJour(addDays(start, 20))} : l'échantillon ne peut pas être plus grand.`,
    );
    expect(posts(api.calls, 'api/bande/pesage')).toHaveLength(0);
  });
});
