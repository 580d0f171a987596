// A batch and the farm's store: the feed it ate from the store in its figures (kg, cost
// counted in its expenses and profit, its FCR taking those kg), « Consommation d'aliment » with the
// batch fixed, its water per bird, water/feed ratio and temperatures by day (and what to record
// when it has none), the printed report's feed line, and the egg collections as a paged list with
// trays of 30 and their CSV.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { vi } from 'vitest';
import { addDays, formatJour, todayFor } from '@shared/dates';
import type { AlimentBande, FicheJour } from '@shared/schemas/aliment';
import type { Collecte } from '@shared/schemas/bandes';
import RapportBandePage from '../../web/src/app/documents/routes/RapportBandePage';
import { FICHE_VIDE } from '../../web/src/features/bandes/components/EauAliment';
import { openBatchDetail, renderBatchDetail } from './batch-detail-page';
import { batchDetail, stubBatchDetail } from './helpers';

const today = todayFor();
const start = addDays(today, -35);
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const aliment: AlimentBande = {
  kg: 1500,
  cout: 525000,
  consommations: [
    {
      id: 3,
      id_bande: 1,
      date: addDays(today, -2),
      quantite: 30,
      unite: 'sac50',
      kg: 1500,
      valeur: 525000,
      etat: 'ACTIVE',
      created_at: `${addDays(today, -2)}T08:00:00Z`,
    },
  ],
};

// 500 broilers; 200 000 FCFA of chicks typed as an expense, 1 500 kg of feed eaten from the store
// at 525 000 FCFA; 480 sold at 2 000 FCFA; weighed at 2 000 g on day 35.
const bande = batchDetail({
  start,
  depense: 200000,
  chiffre_affaire: 960000,
  depenses: [
    {
      id: 1,
      id_type_depense: 2,
      designation: 'Poussins',
      prix_unitaire: 400,
      quantite: 500,
      prix_total: 200000,
      etat: 'ACTIVE',
      date: start,
      created_at: `${start}T08:00:00Z`,
    },
  ],
  ventes: [{ id: 1, quantite: 480, prix_unitaire: 2000, prix_total: 960000, etat: 'ACTIVE', date: today, created_at: `${today}T08:00:00Z` }],
  pesages: [{ id: 1, poids_moyen: 2000, unite: 'g', echantillon: 20, date_prise: today, etat: 'ACTIVE' }],
  aliment_kg: 1500,
  cout_aliment: 525000,
  aliment,
} as never);

const fiches: FicheJour[] = [
  {
    date: addDays(today, -2),
    vivants: 500,
    eau_litres: 150,
    eau_par_sujet: 0.3,
    aliment_kg: 75,
    ratio_eau_aliment: 2,
    temp_min: 24,
    temp_max: 33,
    updated_at: '',
  },
  {
    date: addDays(today, -1),
    vivants: 498,
    eau_litres: 120,
    eau_par_sujet: 0.241,
    temp_min: 25,
    temp_max: 34,
    humidite: 70,
    note: 'Abreuvoir bouché',
    updated_at: '',
  },
];

describe('a batch fed from the store', () => {
  const user = userEvent.setup();
  beforeEach(() => {
    localStorage.setItem('token', 'jwt');
    localStorage.setItem('customer', JSON.stringify({ id: 7, id_entreprise: 3, prenom: 'Awa', nom: 'Diop', role: 'admin' }));
  });
  afterEach(() => vi.restoreAllMocks());

  it('counts the store’s feed in its figures: kg and cost, expenses, profit, and its FCR on those kg', async () => {
    openBatchDetail(bande, { 'GET api/bande/fiche/1': { body: fiches } });
    expect(nbsp((await screen.findByTestId('card-aliment-kg')).textContent)).toBe('1 500 kg');
    expect(nbsp(screen.getByTestId('card-aliment-cout').textContent)).toBe('525 000 FCFA (compté dans les dépenses)');
    // 200 000 typed + 525 000 eaten
    expect(nbsp(screen.getByTestId('card-depenses').textContent)).toBe('725 000 FCFA');
    expect(nbsp(screen.getByTestId('card-benefice').textContent)).toBe('235 000 FCFA');
    expect(nbsp(screen.getByTestId('ind-aliment').textContent)).toContain('1 500 kg');
    // 1 500 kg for the live weight of the 500 birds weighed at 2 kg (none died): 1 500 / 1 000 = 1,5
    expect(nbsp(screen.getByTestId('ind-ic').textContent)).toBe('1,5');
  });

  it('« Consommation d’aliment » posts for this batch, its picker gone', async () => {
    const api = openBatchDetail(bande, {
      'GET api/bande/fiche/1': { body: fiches },
      'POST api/aliment/consommation': { body: { ...aliment.consommations[0], id: 4 } },
    });
    await user.click(await screen.findByRole('button', { name: "Consommation d'aliment" }));
    const d = await screen.findByRole('dialog', { name: "Consommation d'aliment : Chair novembre" });
    expect(within(d).queryByLabelText('Bande')).toBeNull();
    await user.type(within(d).getByLabelText('Quantité'), '2');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Consommation enregistrée');
    expect(api.calls.find((c) => c.method === 'POST' && c.url === 'api/aliment/consommation')!.body).toMatchObject({
      id_bande: 1,
      date: today,
      quantite: 2,
      unite: 'sac50',
    });
  });

  it('shows water per bird, the water/feed ratio and temperatures by day, newest first', async () => {
    openBatchDetail(bande, { 'GET api/bande/fiche/1': { body: fiches } });
    const section = await screen.findByTestId('eau-aliment');
    await within(section).findByTestId('chart-eau');
    expect(within(section).getByTestId('chart-temperatures')).toBeTruthy();
    expect(nbsp(within(section).getByTestId(`fiche-eau-sujet-${addDays(today, -2)}`).textContent)).toBe('0,3 L');
    expect(within(section).getByTestId(`fiche-ratio-${addDays(today, -2)}`).textContent).toBe('2');
    // no feed recorded that day: no ratio
    expect(within(section).getByTestId(`fiche-ratio-${addDays(today, -1)}`).textContent).toBe('—');
    const rows = within(within(section).getByTestId('fiches')).getAllByRole('row');
    expect(rows[1].textContent).toContain(formatJour(addDays(today, -1)));
    expect(rows[1].textContent).toContain('Abreuvoir bouché');
  });

  it('says what to record when the batch has no sheet', async () => {
    openBatchDetail(bande, { 'GET api/bande/fiche/1': { body: [] } });
    expect((await screen.findByTestId('fiches-vide')).textContent).toBe(FICHE_VIDE);
  });

  it('the printed report counts the store’s feed too', async () => {
    stubBatchDetail(bande);
    renderBatchDetail('/bande/1/rapport', <Route path="/bande/:id/rapport" element={<RapportBandePage />} />);
    expect(nbsp((await screen.findByTestId('rapport-aliment')).textContent)).toBe('1 500 kg · 525 000 FCFA');
    expect(nbsp(screen.getByTestId('rapport-benefice').textContent)).toBe('235 000 FCFA');
  });
});

describe('the egg collections list', () => {
  const user = userEvent.setup();
  beforeEach(() => {
    localStorage.setItem('token', 'jwt');
    localStorage.setItem('customer', JSON.stringify({ id: 7, id_entreprise: 3, prenom: 'Awa', nom: 'Diop', role: 'admin' }));
  });
  afterEach(() => vi.restoreAllMocks());

  const collecte = (id: number, n: number, date: string): Collecte => ({
    id,
    id_bande: 1,
    collecte: n,
    calibres: JSON.stringify({ s: 0, m: n, l: 0, xl: 0 }),
    date_collecte: date,
    created_at: `${date}T09:00:00Z`,
    date,
  });
  const ponte = batchDetail({ start, type: 'pondeuse', race: 'lohmann-brown', nb_sujet: 300, age_demarrage: 126 });
  // seven days of collections, given oldest first
  const collectes = Array.from({ length: 7 }, (_, i) => collecte(i + 1, 200 + i, addDays(today, i - 7)));

  it('lists every collection newest first, five a page, each with its trays of 30, and exports them all', async () => {
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => ((blob = b), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    openBatchDetail(ponte, { 'GET api/bande/fiche/1': { body: [] } }, collectes);
    const panel = await screen.findByTestId('egg-panel');
    await waitFor(() => expect(within(panel).getAllByTestId('egg-item')).toHaveLength(5));
    const items = within(panel).getAllByTestId('egg-item');
    expect(items[0].textContent).toContain(formatJour(addDays(today, -1)));
    // 206 eggs: 6 trays and 26 eggs
    expect(within(items[0]).getByTestId('egg-plateaux').textContent).toBe('6 plateaux + 26 œufs');
    await user.click(within(panel).getByRole('button', { name: 'Page suivante' }));
    const rest = within(panel).getAllByTestId('egg-item');
    expect(rest).toHaveLength(2);
    expect(rest[1].textContent).toContain(formatJour(addDays(today, -7)));
    await user.click(within(panel).getByTestId('collectes-csv'));
    const lines = (await blob!.text()).replace('\ufeff', '').trim().split('\r\n');
    expect(lines[0]).toBe('Date;Calibre S;Calibre M;Calibre L;Calibre XL;Total (œufs);Plateaux de 30;Œufs en plus;Non commercialisable');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe(`${formatJour(addDays(today, -1))};0;206;0;0;206;6;26;`);
  });
});
