// A layer batch's sales are eggs (decision 0217), on the real detail screen with the
// API stubbed at fetch: the sale dialog lets the farmer choose eggs, trays of 30 or réforme hens,
// names the unit beside quantity and price, shows the eggs a tray count makes and sends the unit;
// the cards say « Œufs vendus » with eggs and trays and « Sujets vendus » counts birds only; the
// sales table names each sale's unit. A broiler batch's dialog has no unit to choose.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, todayFor } from '@shared/dates';
import type { BandeDetail, Vente } from '@shared/schemas/bandes';
import { openBatchDetail } from './batch-detail-page';
import { batchDetail, type FakeCall } from './helpers';

const today = todayFor();
const start = addDays(today, -200);
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const vente = (id: number, quantite: number, prix_unitaire: number, unite?: Vente['unite']): Vente => ({
  id,
  id_vente: id,
  id_bande: 1,
  prix_unitaire,
  quantite,
  prix_total: quantite * prix_unitaire,
  created_at: `${addDays(today, -id)}T08:00:00.000Z`,
  date: addDays(today, -id),
  etat: 'ACTIVE',
  ...(unite ? { unite } : {}),
});

function batch(over: Partial<BandeDetail> = {}): BandeDetail {
  return batchDetail({
    start,
    nom: 'Pondeuses mars',
    type: 'pondeuse',
    nb_perte: 10,
    nb_reforme: 0,
    race: 'lohmann-brown',
    age_demarrage: 126,
    ...over,
  });
}

const posts = (calls: FakeCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

describe('the sale of a layer batch names its unit', () => {
  it('sells 55 trays at 2 500 FCFA: the labels name the tray, the dialog shows 1 650 eggs, the unit is sent', async () => {
    const user = userEvent.setup();
    const api = openBatchDetail(batch(), { 'POST api/bande/vente': (c) => ({ body: { id: 7, ...(c.body as object) } }) });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une vente' }));
    const d = await screen.findByRole('dialog', { name: 'Ajouter une vente' });
    const unite = within(d).getByLabelText('Vendu en') as HTMLSelectElement;
    expect([...unite.options].map((o) => o.textContent)).toEqual(['Œufs', 'Plateaux de 30', 'Poules de réforme']);
    // A new layer sale starts in trays.
    expect(unite.value).toBe('plateau');
    await user.type(within(d).getByLabelText('Prix par plateau (FCFA)'), '2500');
    await user.type(within(d).getByLabelText('Nombre de plateaux'), '55');
    expect(nbsp(within(d).getByTestId('vente-oeufs').textContent)).toBe('55 plateaux = 1 650 œufs');
    expect(nbsp(within(d).getByTestId('vente-total').textContent)).toBe('Total : 137 500 FCFA');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posts(api.calls, 'api/bande/vente')).toHaveLength(1));
    expect(posts(api.calls, 'api/bande/vente')[0].body).toMatchObject({ prix_unitaire: 2500, quantite: 55, unite: 'plateau', id_bande: 1, id_vente: -1 });
  });

  it('names eggs and réforme hens beside quantity and price, and refuses half an egg or half a hen before sending', async () => {
    const user = userEvent.setup();
    const api = openBatchDetail(batch(), { 'POST api/bande/vente': (c) => ({ body: { id: 7, ...(c.body as object) } }) });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une vente' }));
    const d = await screen.findByRole('dialog', { name: 'Ajouter une vente' });
    await user.selectOptions(within(d).getByLabelText('Vendu en'), 'oeuf');
    await user.type(within(d).getByLabelText('Prix par œuf (FCFA)'), '90');
    await user.type(within(d).getByLabelText("Nombre d'œufs"), '12.5');
    expect(within(d).queryByTestId('vente-oeufs')).toBeNull();
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(d).findByText("Les œufs se vendent entiers : la quantité doit faire un nombre entier d'œufs (un plateau compte 30 œufs)."),
    ).toBeTruthy();

    await user.selectOptions(within(d).getByLabelText('Vendu en'), 'sujet');
    expect(within(d).getByLabelText('Prix par poule (FCFA)')).toBeTruthy();
    await user.clear(within(d).getByLabelText('Nombre de poules'));
    await user.type(within(d).getByLabelText('Nombre de poules'), '2.5');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(d).findByText('Une vente de poules de réforme se compte en poules entières : la quantité doit être un nombre entier.')).toBeTruthy();
    expect(posts(api.calls, 'api/bande/vente')).toHaveLength(0);
    await user.clear(within(d).getByLabelText('Nombre de poules'));
    await user.type(within(d).getByLabelText('Nombre de poules'), '40');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posts(api.calls, 'api/bande/vente')).toHaveLength(1));
    expect(posts(api.calls, 'api/bande/vente')[0].body).toMatchObject({ prix_unitaire: 90, quantite: 40, unite: 'sujet' });
  });

  it('opened on a sale, keeps its unit; the cards say « Œufs vendus » with trays and « Sujets vendus » counts hens only; the table names each unit', async () => {
    const user = userEvent.setup();
    const ventes = [vente(1, 55, 2500, 'plateau'), vente(2, 12, 90, 'oeuf'), vente(3, 40, 3000, 'sujet'), vente(4, 30, 100)];
    openBatchDetail(batch({ ventes, nb_vendu: 1692, nb_reforme: 40, chiffre_affaire: 261_580 }));
    expect(nbsp((await screen.findByTestId('card-oeufs-vendus')).textContent)).toBe('1 692 œufs');
    expect(nbsp(screen.getByTestId('card-oeufs-plateaux').textContent)).toBe('56 plateaux + 12 œufs');
    expect(nbsp(screen.getByTestId('card-vendus').textContent)).toContain('40');
    expect(nbsp(screen.getByTestId('card-vendus').textContent)).not.toContain('1 692');
    const table = screen.getByTestId('table-ventes');
    for (const q of ['55 plateaux', '12 œufs', '40 poules', '30 œufs']) expect(nbsp(table.textContent)).toContain(q);
    await user.click(within(table).getAllByRole('button', { name: 'Modifier' })[1]);
    const d = await screen.findByRole('dialog', { name: 'Modifier la vente' });
    expect((within(d).getByLabelText('Vendu en') as HTMLSelectElement).value).toBe('oeuf');
  });

  it('a sale of eggs may name their size and says its eggs in trays and eggs; a sale of hens has no size', async () => {
    const user = userEvent.setup();
    const api = openBatchDetail(batch(), { 'POST api/bande/vente': (c) => ({ body: { id: 7, ...(c.body as object) } }) });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une vente' }));
    const d = await screen.findByRole('dialog', { name: 'Ajouter une vente' });
    await user.selectOptions(within(d).getByLabelText('Vendu en'), 'oeuf');
    await user.type(within(d).getByLabelText('Prix par œuf (FCFA)'), '90');
    await user.type(within(d).getByLabelText("Nombre d'œufs"), '95');
    expect(nbsp(within(d).getByTestId('vente-plateaux').textContent)).toBe('= 3 plateaux et 5 œufs');
    const calibre = within(d).getByLabelText('Calibre') as HTMLSelectElement;
    expect([...calibre.options].map((o) => o.textContent)).toEqual(['Sans calibre (petits d’abord)', 'S', 'M', 'L', 'XL']);
    await user.selectOptions(calibre, 'l');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posts(api.calls, 'api/bande/vente')).toHaveLength(1));
    expect(posts(api.calls, 'api/bande/vente')[0].body).toMatchObject({ quantite: 95, unite: 'oeuf', calibre: 'l' });
  });

  it('a sale without a size sends none; hens have no size to choose', async () => {
    const user = userEvent.setup();
    const api = openBatchDetail(batch(), { 'POST api/bande/vente': (c) => ({ body: { id: 7, ...(c.body as object) } }) });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une vente' }));
    const d = await screen.findByRole('dialog', { name: 'Ajouter une vente' });
    await user.selectOptions(within(d).getByLabelText('Vendu en'), 'sujet');
    expect(within(d).queryByLabelText('Calibre')).toBeNull();
    await user.selectOptions(within(d).getByLabelText('Vendu en'), 'plateau');
    await user.type(within(d).getByLabelText('Prix par plateau (FCFA)'), '2500');
    await user.type(within(d).getByLabelText('Nombre de plateaux'), '2');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posts(api.calls, 'api/bande/vente')).toHaveLength(1));
    expect(posts(api.calls, 'api/bande/vente')[0].body).not.toHaveProperty('calibre');
  });

  it('a broiler batch sells birds: no unit to choose, the price and quantity keep their words', async () => {
    const user = userEvent.setup();
    openBatchDetail(batch({ type: 'chair', nom: 'Chair', race: 'cobb500', age_demarrage: 0, nb_vendu: 20 }));
    expect(nbsp((await screen.findByTestId('card-vendus')).textContent)).toContain('20');
    expect(screen.queryByTestId('card-oeufs-vendus')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une vente' }));
    const d = await screen.findByRole('dialog', { name: 'Ajouter une vente' });
    expect(within(d).queryByLabelText('Vendu en')).toBeNull();
    expect(within(d).getByLabelText('Prix unitaire (FCFA)')).toBeTruthy();
    expect(within(d).getByLabelText('Quantité')).toBeTruthy();
  });
});
