// The Aliment page: its cards (stock in kg and sacks, value, average cost, daily
// consumption, days left against the threshold, and where each batch's daily figure comes from),
// the purchase dialog (kg and price per kg before saving, the question about a price far from the
// store's average), the consumption dialog (active batches only, the server's 409 in its words),
// the cancels and their 409, the threshold, the CSV of the lists, and offline: a consumption typed
// without a connection waits in the outbox with its day. IndexedDB is the edge: idb-keyval is a Map.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { addDays, todayFor } from '@shared/dates';
import { ALIMENT_ECRAN, ALIMENT_MSG } from '@shared/messages/aliment';
import type { AchatAliment, ConsommationAliment, StockAliment } from '@shared/schemas/aliment';
import type { BandeSummary } from '@shared/schemas/bandes';
import AlimentPage from '../../web/src/features/aliment/routes/AlimentPage';
import { refreshOutbox, type OutboxEntry } from '../../web/src/lib/offline/outbox';
import { batchDetail, renderWithApp, stubFetch, type Answer, type FakeCall } from './helpers';
import { signedInDevice } from './device';
import { db, online, queue } from './fake-idb';

// The outbox decides at import whether the device has IndexedDB.
vi.hoisted(() => vi.stubGlobal('indexedDB', {}));
vi.mock('idb-keyval', () => import('./fake-idb'));

const today = todayFor();
const posts = (calls: FakeCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const stock = (over: Partial<StockAliment> = {}): StockAliment => ({
  stock_kg: 1250,
  valeur: 437500,
  cout_moyen_kg: 350,
  conso_jour_kg: 500,
  jours_restants: 2,
  seuil_jours: 3,
  baisse_eau_pct: 20,
  bandes: [
    { id_bande: 1, nom_bande: 'Chair novembre', conso_jour_kg: 420, source: 'historique' },
    { id_bande: 2, nom_bande: 'Chair décembre', conso_jour_kg: 80, source: 'courbe', race: 'cobb500' },
  ],
  jours: [
    { date: addDays(today, -2), entree_kg: 2000, sortie_kg: 250, stock_kg: 1750, valeur: 612500, cout_moyen_kg: 350 },
    { date: addDays(today, -1), entree_kg: 0, sortie_kg: 500, stock_kg: 1250, valeur: 437500, cout_moyen_kg: 350 },
  ],
  ...over,
});

const achat: AchatAliment = {
  id: 4,
  date: addDays(today, -2),
  designation: 'Aliment croissance',
  quantite: 40,
  unite: 'sac50',
  kg: 2000,
  prix_total: 700000,
  fournisseur: 'SEDIMA',
  etat: 'ACTIVE',
  created_at: `${addDays(today, -2)}T08:00:00Z`,
};
const conso: ConsommationAliment = {
  id: 9,
  id_bande: 1,
  nom_bande: 'Chair novembre',
  date: addDays(today, -1),
  quantite: 10,
  unite: 'sac50',
  kg: 500,
  valeur: 175000,
  etat: 'ACTIVE',
  created_at: `${addDays(today, -1)}T18:00:00Z`,
};

const bandes: BandeSummary[] = [
  batchDetail({ id: 1, nom: 'Chair novembre' }),
  batchDetail({ id: 2, nom: 'Chair décembre', start: addDays(today, -3) }),
  batchDetail({ id: 3, nom: 'Chair août', statut: 'CLOTUREE' }),
];

function openPage(extra: Record<string, Answer> = {}, s = stock()) {
  const api = stubFetch({
    'GET api/aliment/stock': { body: s },
    'GET api/aliment/achat': { body: [achat] },
    'GET api/aliment/consommation': { body: [conso] },
    'GET api/bande': { body: bandes },
    ...extra,
  });
  renderWithApp(
    <Routes>
      <Route path="/aliment" element={<AlimentPage />} />
    </Routes>,
    '/aliment',
  );
  return api;
}

describe('the Aliment page', () => {
  const user = userEvent.setup();
  beforeEach(async () => {
    // jsdom has no layout: the stock chart's size watcher only needs to exist.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    await signedInDevice();
  });
  afterEach(() => {
    online(true);
    vi.restoreAllMocks();
  });

  it('shows the stock in kg and sacks, its value, average cost, daily consumption, days left under the threshold, and where each figure comes from', async () => {
    openPage();
    expect(nbsp((await screen.findByTestId('aliment-stock')).textContent)).toBe('1 250 kg');
    expect(nbsp(screen.getByTestId('aliment-sacs').textContent)).toBe('soit 25 sacs de 50 kg');
    expect(nbsp(screen.getByTestId('aliment-valeur').textContent)).toBe('437 500 FCFA');
    expect(nbsp(screen.getByTestId('aliment-cout-moyen').textContent)).toBe('350 FCFA / kg');
    expect(nbsp(screen.getByTestId('aliment-conso-jour').textContent)).toBe('500 kg / jour');
    expect(screen.getByTestId('aliment-jours').textContent).toBe(ALIMENT_MSG.joursRestants(2));
    // 2 days left under a threshold of 3: the warning, in the contract's words
    expect(screen.getByTestId('aliment-alerte').textContent).toBe(ALIMENT_MSG.alerteStock(2, 3));
    const sources = screen.getAllByTestId('aliment-source');
    expect(nbsp(sources[0].textContent)).toContain(`420 kg / jour${ALIMENT_ECRAN.sourceHistorique}`);
    // the breed's published curve, named
    expect(sources[1].textContent).toContain(ALIMENT_MSG.sourceCourbe('Cobb 500'));
  });

  it('says when nothing is eaten yet, without a warning', async () => {
    openPage({}, stock({ conso_jour_kg: 0, jours_restants: null, bandes: [{ id_bande: 1, nom_bande: 'Chair novembre', conso_jour_kg: 0, source: 'aucune' }] }));
    expect((await screen.findByTestId('aliment-jours')).textContent).toBe('—');
    expect(screen.queryByTestId('aliment-alerte')).toBeNull();
    expect(screen.getByTestId('aliment-source').textContent).toContain(ALIMENT_MSG.sourceAucune);
  });

  it('a purchase shows its kg and price per kg, asks about a price far from the average, then posts what was typed', async () => {
    const api = openPage({ 'POST api/aliment/achat': { body: { ...achat, id: 5 } } });
    await user.click(await screen.findByRole('button', { name: "Acheter de l'aliment" }));
    const d = await screen.findByRole('dialog', { name: "Acheter de l'aliment" });
    await user.type(within(d).getByLabelText('Désignation'), 'Aliment finition');
    await user.type(within(d).getByLabelText('Quantité'), '20');
    // sacks of 50 kg by default: 1 000 kg
    expect(nbsp(within(d).getByTestId('achat-resume').textContent)).toContain('Soit 1 000 kg');
    // 20 000 FCFA typed for 1 000 kg: 20 FCFA/kg, far under the store's 350 (a price per sack typed as the total?)
    await user.type(within(d).getByLabelText('Prix total (FCFA)'), '20000');
    expect(nbsp(within(d).getByTestId('achat-resume').textContent)).toContain('20 FCFA le kg');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(nbsp((await within(d).findByTestId('sure-check')).textContent)).toContain(
      ALIMENT_ECRAN.prixInhabituel('20 FCFA', '350 FCFA').replace(/[\u00a0\u202f]/g, ' '),
    );
    expect(posts(api.calls, 'api/aliment/achat')).toHaveLength(0);
    // corrected to 360 000 FCFA (360 FCFA/kg): saved at once
    await user.clear(within(d).getByLabelText('Prix total (FCFA)'));
    await user.type(within(d).getByLabelText('Prix total (FCFA)'), '360000');
    expect(within(d).queryByTestId('sure-check')).toBeNull();
    await user.selectOptions(within(d).getByLabelText('Unité'), 'sac50');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Achat enregistré');
    expect(posts(api.calls, 'api/aliment/achat')[0].body).toMatchObject({
      date: today,
      designation: 'Aliment finition',
      quantite: 20,
      unite: 'sac50',
      prix_total: 360000,
    });
    expect(posts(api.calls, 'api/aliment/achat')[0].body).not.toHaveProperty('fournisseur');
  });

  it('a consumption picks among the active batches only; the server’s 409 shows in its words and the form stays', async () => {
    const refus = ALIMENT_MSG.stockInsuffisant(addDays(today, -1), 1250, 1500);
    const api = openPage({ 'POST api/aliment/consommation': { status: 409, body: { code: 409, message: refus, definitif: true } } });
    await user.click(await screen.findByRole('button', { name: 'Consommation' }));
    const d = await screen.findByRole('dialog', { name: "Consommation d'aliment" });
    const picker = within(d).getByLabelText('Bande');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choisir une bande', 'Chair novembre', 'Chair décembre']);
    await user.selectOptions(picker, '1');
    fireEvent.change(within(d).getByLabelText('Date'), { target: { value: addDays(today, -1) } });
    await user.type(within(d).getByLabelText('Quantité'), '30');
    expect(nbsp(within(d).getByTestId('conso-kg').textContent)).toBe("Soit 1 500 kg · En stock aujourd'hui : 1 250 kg");
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(d).findByText(refus)).toBeTruthy();
    expect(posts(api.calls, 'api/aliment/consommation')[0].body).toMatchObject({ id_bande: 1, date: addDays(today, -1), quantite: 30, unite: 'sac50' });
  });

  it('a consumption dated before its batch’s start is refused on screen, nothing sent', async () => {
    const api = openPage();
    await user.click(await screen.findByRole('button', { name: 'Consommation' }));
    const d = await screen.findByRole('dialog', { name: "Consommation d'aliment" });
    await user.selectOptions(within(d).getByLabelText('Bande'), '2');
    fireEvent.change(within(d).getByLabelText('Date'), { target: { value: addDays(today, -10) } });
    await user.type(within(d).getByLabelText('Quantité'), '2');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(d).findByText(ALIMENT_MSG.avantDemarrage(addDays(today, -3)))).toBeTruthy();
    expect(posts(api.calls, 'api/aliment/consommation')).toHaveLength(0);
  });

  it('cancelling a purchase asks first; its 409 shows inside the confirmation as the server says it', async () => {
    const refus = ALIMENT_MSG.annulationImpossible(addDays(today, -1), -750, 500);
    const api = openPage({ 'GET api/aliment/achat/delete/4': { status: 409, body: { code: 409, message: refus } } });
    const list = await screen.findByTestId('achats');
    await user.click(await within(list).findByRole('button', { name: /Annuler l'achat Aliment croissance/ }));
    const c = await screen.findByRole('dialog', { name: "Annuler l'achat" });
    expect(nbsp(c.textContent)).toContain('2 000 kg, 700 000 FCFA');
    await user.click(within(c).getByRole('button', { name: 'Oui, annuler' }));
    expect(await within(c).findByText(refus)).toBeTruthy();
    expect(api.calls.filter((x) => x.url === 'api/aliment/achat/delete/4')).toHaveLength(1);
  });

  it('cancelling a consumption gives its kg back and says so', async () => {
    const api = openPage({ 'GET api/aliment/consommation/delete/9': { body: { ...conso, etat: 'DELETED' } } });
    const list = await screen.findByTestId('consommations');
    await user.click(await within(list).findByRole('button', { name: /Annuler la consommation de Chair novembre/ }));
    const c = await screen.findByRole('dialog', { name: 'Annuler la consommation' });
    await user.click(within(c).getByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText(ALIMENT_ECRAN.consommationAnnulee)).toBeTruthy();
    expect(api.calls.filter((x) => x.url === 'api/aliment/consommation/delete/9')).toHaveLength(1);
    // the store's reads are asked again
    await waitFor(() => expect(api.calls.filter((x) => x.url === 'api/aliment/stock').length).toBeGreaterThan(1));
  });

  it('the threshold: a figure outside 1…60 is refused on screen, a good one is posted', async () => {
    const api = openPage({ 'POST api/aliment/seuil': { body: { seuil_jours: 5 } } });
    const field = await screen.findByLabelText("Alerte sous (jours d'aliment)");
    expect((field as HTMLInputElement).value).toBe('3');
    await user.clear(field);
    await user.type(field, '90');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le seuil' }));
    expect(await screen.findByText('Le seuil ne doit pas dépasser 60 jours')).toBeTruthy();
    expect(posts(api.calls, 'api/aliment/seuil')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le seuil' }));
    expect(await screen.findByText(ALIMENT_ECRAN.seuilEnregistre(5))).toBeTruthy();
    expect(posts(api.calls, 'api/aliment/seuil')[0].body).toEqual({ seuil_jours: 5 });
  });

  it("the water alert's share: shown with its « indicatif » note, refused outside 5…90 % on screen, posted alone", async () => {
    const api = openPage({ 'POST api/aliment/seuil': { body: stock({ baisse_eau_pct: 30 }) } });
    const field = await screen.findByLabelText('Alerte eau : baisse de plus de (%, par sujet)');
    expect((field as HTMLInputElement).value).toBe('20');
    const note = screen.getByTestId('f-baisse-eau-note');
    expect(note.textContent).toBe(ALIMENT_ECRAN.baisseEauIndicatif(20));
    expect(note.textContent).toContain('aucune source publiée');
    expect(field.getAttribute('aria-describedby')).toBe('f-baisse-eau-note');
    await user.clear(field);
    await user.type(field, '95');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la baisse' }));
    expect(await screen.findByText("La baisse d'eau ne doit pas dépasser 90 %")).toBeTruthy();
    await user.clear(field);
    await user.type(field, '12,5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la baisse' }));
    expect(await screen.findByText("Baisse d'eau : un pourcentage entier")).toBeTruthy();
    expect(posts(api.calls, 'api/aliment/seuil')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '30');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la baisse' }));
    expect(await screen.findByText(ALIMENT_ECRAN.baisseEauEnregistree(30))).toBeTruthy();
    // Only the share: the days of feed are not sent back as this screen read them.
    expect(posts(api.calls, 'api/aliment/seuil').map((c) => c.body)).toEqual([{ baisse_eau_pct: 30 }]);
  });

  it('exports the purchases as CSV with the contract’s columns', async () => {
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => ((blob = b), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    openPage();
    await screen.findByTestId(`achat-kg-4`);
    await user.click(screen.getByTestId('achats-csv'));
    const text = await blob!.text();
    const [head, row] = text.replace('\ufeff', '').split('\r\n');
    expect(head).toBe('Date;Désignation;Quantité;Unité;Kg;Prix total (FCFA);Fournisseur;État');
    expect(row).toBe(`${achat.date.split('-').reverse().join('/')};Aliment croissance;40;sac de 50 kg;2000;700000;SEDIMA;Validé`);
    // the consumptions and the stock by day have theirs
    expect((screen.getByTestId('consommations-csv') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('stock-jours-csv') as HTMLButtonElement).disabled).toBe(false);
  });

  it('offline, a consumption waits in the outbox with its day and the batch’s name, listed as unsent', async () => {
    openPage();
    await screen.findByTestId('aliment-stock');
    online(false);
    await user.click(screen.getByRole('button', { name: 'Consommation' }));
    const d = await screen.findByRole('dialog', { name: "Consommation d'aliment" });
    await user.selectOptions(within(d).getByLabelText('Bande'), '1');
    await user.selectOptions(within(d).getByLabelText('Unité'), 'kg');
    await user.type(within(d).getByLabelText('Quantité'), '120');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(queue()).toHaveLength(1));
    expect(queue()[0]).toMatchObject({ kind: 'aliment-conso', url: 'api/aliment/consommation', bandeId: 1, bandeNom: 'Chair novembre', day: today });
    expect(queue()[0].body).toMatchObject({ id_bande: 1, date: today, quantite: 120, unite: 'kg' });
    expect(await screen.findByText("Saisies d'aliment non envoyées")).toBeTruthy();
  });

  it('a consumption refused after sync opens prefilled with the server’s words; once corrected it leaves the outbox', async () => {
    const refus = ALIMENT_MSG.stockInsuffisant(addDays(today, -1), 1250, 1500);
    db.set('queue', [
      {
        id: 'k-1',
        owner: '3:7',
        kind: 'aliment-conso',
        url: 'api/aliment/consommation',
        body: { id_bande: 1, date: addDays(today, -1), quantite: 30, unite: 'sac50', saisi_le: `${today}T06:00:00.000Z` },
        droit: 'bandav:r',
        label: 'Aliment consommé',
        bandeId: 1,
        bandeNom: 'Chair novembre',
        day: addDays(today, -1),
        invalidate: ['aliment'],
        createdAt: `${today}T06:00:00.000Z`,
        state: 'failed',
        error: refus,
        attempts: 1,
      } satisfies OutboxEntry,
    ]);
    await refreshOutbox();
    const api = openPage({ 'POST api/aliment/consommation': { body: { ...conso, id: 10, quantite: 20 } } });
    await user.click(await screen.findByRole('button', { name: 'Corriger' }));
    const d = await screen.findByRole('dialog', { name: "Consommation d'aliment" });
    expect(within(d).getByText(refus)).toBeTruthy();
    expect((within(d).getByLabelText('Bande') as HTMLSelectElement).value).toBe('1');
    expect((within(d).getByLabelText('Date') as HTMLInputElement).value).toBe(addDays(today, -1));
    expect((within(d).getByLabelText('Quantité') as HTMLInputElement).value).toBe('30');
    await user.clear(within(d).getByLabelText('Quantité'));
    await user.type(within(d).getByLabelText('Quantité'), '20');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Consommation enregistrée');
    expect(posts(api.calls, 'api/aliment/consommation')[0].body).toMatchObject({ id_bande: 1, date: addDays(today, -1), quantite: 20 });
    await waitFor(() => expect(queue()).toHaveLength(0));
  });
});
