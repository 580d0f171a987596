// The daily round (#/tournee, decision 0240) over the fake API: it walks through the
// active, non-archived batches (« Bande 1 sur 2 »), shows each batch's values of the day before
// beside the fields, refuses or asks about each figure as its entry typed alone would (nothing queued
// then), and saves a batch's day as ONE outbox entry whose parts (loss, eggs, feed, sheet: only those
// typed, each dated on the round's day) are sent in order with their own idempotency keys; a part
// refused turns the entry « À corriger » naming it while the parts before it stay written and are
// never sent again, and a network failure halfway resumes after the last written part.
// IndexedDB is the edge: idb-keyval is a Map here.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { addDays, formatJour, todayFor } from '@shared/dates';
import { refusSortie } from '@shared/formulas';
import { ALIMENT_MSG, FICHE_MSG } from '@shared/messages/aliment';
import { BANDE_MSG } from '@shared/messages/bandes';
import { TOURNEE_MSG } from '@shared/messages/tournee';
import type { FicheJour } from '@shared/schemas/aliment';
import type { BandeDetail, Collecte } from '@shared/schemas/bandes';
import type { SanteAFaire } from '@shared/schemas/sante';
import AFaireAujourdhui from '../../web/src/features/tableau-de-bord/components/AFaireAujourdhui';
import TourneePage from '../../web/src/features/tournee/routes/TourneePage';
import SynchroPage from '../../web/src/features/synchro/routes/SynchroPage';
import { PARTS_MSG } from '@shared/messages/sync';
import { entryLabel, flushOutbox, retryEntry } from '../../web/src/lib/offline/outbox';
import { batchDetail, renderWithApp, stubFetch, type Answer, type FakeCall } from './helpers';
import { signedInDevice } from './device';
import { online, queue } from './fake-idb';

// The outbox decides at import whether the device has IndexedDB.
vi.hoisted(() => vi.stubGlobal('indexedDB', {}));
vi.mock('idb-keyval', () => import('./fake-idb'));

const today = todayFor();
const hier = addDays(today, -1);
const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

const chair: BandeDetail = batchDetail({
  id: 1,
  nom: 'Chair novembre',
  start: addDays(today, -20),
  pertes: [{ id: 9, id_bande: 1, nombre: 3, type: 'perte', created_at: `${hier}T07:00:00.000Z`, date: hier }],
  aliment: {
    kg: 40,
    cout: 12000,
    consommations: [{ id: 4, id_bande: 1, date: hier, quantite: 40, unite: 'kg', kg: 40, valeur: 12000, etat: 'ACTIVE', created_at: `${hier}T07:00:00.000Z` }],
  },
});
const pondeuses: BandeDetail = batchDetail({
  id: 2,
  nom: 'Pondeuses mars',
  type: 'pondeuse',
  nb_sujet: 300,
  race: 'lohmann-brown',
  start: addDays(today, -200),
});
const archivee = batchDetail({ id: 3, nom: 'Ancienne', archive: true });
const cloturee = batchDetail({ id: 4, nom: 'Finie', statut: 'CLOTUREE' });

const collectesHier: Collecte[] = [
  {
    id: 11,
    id_bande: 2,
    collecte: 250,
    calibres: JSON.stringify({ s: 20, m: 100, l: 110, xl: 20 }),
    date_collecte: hier,
    date: hier,
    created_at: `${hier}T07:00:00.000Z`,
  },
];
const fichesChair: FicheJour[] = [
  { date: hier, vivants: 497, eau_litres: 120, temp_min: 22, temp_max: 31, humidite: 65, aliment_kg: 40, updated_at: `${hier}T08:00:00.000Z` },
];

function openRound(extra: Record<string, Answer> = {}) {
  const api = stubFetch({
    'GET api/bande': { body: [chair, archivee, pondeuses, cloturee] },
    'GET api/bande/1': { body: chair },
    'GET api/bande/2': { body: pondeuses },
    'GET api/bande/collect/get/2': { body: collectesHier },
    'GET api/bande/fiche/1': { body: fichesChair },
    'GET api/bande/fiche/2': { body: [] },
    'POST api/bande/perte': { body: { id: 1 } },
    'POST api/bande/collect': { body: { id: 1 } },
    'POST api/aliment/consommation': { body: { id: 1 } },
    'POST api/bande/fiche': { body: { id_bande: 1 } },
    ...extra,
  });
  renderWithApp(
    <Routes>
      <Route path="/tournee" element={<TourneePage />} />
    </Routes>,
    '/tournee',
  );
  return api;
}

const field = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: /^Enregistrer le|Oui, enregistrer/ });

async function typeChairDay(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByTestId('veille-eau');
  await user.type(field('Morts (nombre)'), '2');
  await user.type(field('Quantité'), '1');
  await user.selectOptions(field('Unité'), 'sac50');
  await user.type(field('Eau bue (litres)'), '130,5');
  await user.type(field('Température min (°C)'), '23');
  await user.type(field('Température max (°C)'), '32');
}

describe('the daily round', () => {
  beforeEach(async () => {
    online(true);
    await signedInDevice();
  });
  afterEach(() => online(true));

  it('walks the active, non-archived batches with yesterday’s values beside each field, and saves each day as one entry of parts sent in order', async () => {
    const user = userEvent.setup();
    const api = openRound();
    expect((await screen.findByTestId('tournee-etape')).textContent).toContain('Bande 1 sur 2');
    expect(screen.getByRole('heading', { name: 'Chair novembre' })).toBeTruthy();
    // Yesterday's figures of the broiler batch: its loss, its feed from the store, its sheet.
    expect((await screen.findByTestId('veille-morts')).textContent).toContain('Veille : 3');
    expect(screen.getByTestId('veille-aliment').textContent).toContain('Veille : 40 kg');
    expect(screen.getByTestId('veille-eau').textContent).toContain('Veille : 120 L');
    expect(screen.getByTestId('veille-temp').textContent).toContain('22 °C / 31 °C');
    expect(screen.getByTestId('veille-humidite').textContent).toContain('65 %');
    // A broiler batch has no eggs to count.
    expect(screen.queryByLabelText('XL')).toBeNull();

    await typeChairDay(user);
    await user.click(save());
    expect((await screen.findByTestId('tournee-etape')).textContent).toContain('Bande 2 sur 2');
    const sent = posts(api.calls);
    expect(sent.map((c) => c.url)).toEqual(['api/bande/perte', 'api/aliment/consommation', 'api/bande/fiche']);
    // Each part its own key, derived from the one entry's.
    const keys = sent.map((c) => c.headers['Idempotency-Key'] ?? c.headers['idempotency-key']);
    const root = keys[0].slice(0, -'.perte'.length);
    expect(keys).toEqual([`${root}.perte`, `${root}.consommation`, `${root}.fiche`]);
    expect(keys.every((k) => /^[A-Za-z0-9_.:-]{16,128}$/.test(k))).toBe(true);
    expect(sent[0].body).toMatchObject({ nombre: 2, id_bande: 1, date: today });
    expect(sent[1].body).toMatchObject({ id_bande: 1, date: today, quantite: 1, unite: 'sac50' });
    expect(sent[2].body).toMatchObject({ id_bande: 1, date: today, eau_litres: 130.5, temp_min: 23, temp_max: 32 });
    // Only the sheet's fields typed travel: no humidity, no note.
    expect(sent[2].body).not.toHaveProperty('humidite');
    expect(typeof (sent[0].body as { saisi_le?: unknown }).saisi_le).toBe('string');
    expect(queue()).toEqual([]);

    // The layer batch: eggs by size, their total and trays of 30, yesterday's collection.
    expect((await screen.findByTestId('veille-oeufs')).textContent).toContain('250 (S 20, M 100, L 110, XL 20)');
    await user.type(field('S'), '10');
    await user.type(field('M'), '120');
    await user.type(field('L'), '100');
    await user.type(field('XL'), '12');
    expect(screen.getByTestId('tr-oeufs-total').textContent).toContain('Total : 242 œufs (8 plateaux + 2 œufs)');
    await user.click(save());
    await waitFor(() => expect(posts(api.calls)).toHaveLength(4));
    expect(posts(api.calls)[3]).toMatchObject({
      url: 'api/bande/collect',
      body: { id_bande: 2, id: -1, collecte: 242, calibres: JSON.stringify({ s: 10, m: 120, l: 100, xl: 12 }), date_collecte: today },
    });
    const resume = await screen.findByTestId('tournee-resume');
    expect(within(resume).getByRole('heading').textContent).toContain(TOURNEE_MSG.fin);
    expect(
      within(resume)
        .getAllByTestId('tournee-etat')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining(TOURNEE_MSG.enregistree('Chair novembre')), expect.stringContaining(TOURNEE_MSG.enregistree('Pondeuses mars'))]);
  });

  it('offline: each batch’s day waits as one entry with its true date; back online its parts leave in order, once', async () => {
    const user = userEvent.setup();
    online(false);
    const api = openRound();
    const past = addDays(today, -2);
    await screen.findByTestId('tournee-etape');
    fireEvent.change(field('Jour de la tournée'), { target: { value: past } });
    await typeChairDay(user);
    await user.click(save());
    await screen.findByText(TOURNEE_MSG.enAttente('Chair novembre'));
    // The layer batch is skipped: nothing queued for it.
    await user.click(screen.getByRole('button', { name: 'Passer cette bande' }));
    expect(await screen.findByText(TOURNEE_MSG.passee('Pondeuses mars'))).toBeTruthy();
    expect(posts(api.calls)).toEqual([]);
    const [e] = queue();
    expect(queue()).toHaveLength(1);
    expect(e).toMatchObject({ kind: 'tournee', bandeId: 1, bandeNom: 'Chair novembre', day: past, state: 'pending' });
    expect(e.label).toBe(`Tournée du ${formatJour(past)} : 2 morts, 1 sac de 50 kg d'aliment, fiche (eau, températures)`);
    expect(e.parts?.map((p) => [p.id, (p.body as { date: string }).date])).toEqual([
      ['perte', past],
      ['consommation', past],
      ['fiche', past],
    ]);
    // The pending list of the round shows it like the other entries.
    expect(within(screen.getByTestId('pending-entries')).getByText(e.label)).toBeTruthy();

    online(true);
    // The outbox's own flush, as the app's sync runs it (the lists re-render: inside act).
    await act(() => flushOutbox());
    expect(posts(api.calls).map((c) => c.url)).toEqual(['api/bande/perte', 'api/aliment/consommation', 'api/bande/fiche']);
    expect(queue()).toEqual([]);
    await screen.findByText(TOURNEE_MSG.enregistree('Chair novembre'));
    await act(() => flushOutbox());
    expect(posts(api.calls)).toHaveLength(3);
  });

  it('a past day walks only the batches already started that day', async () => {
    openRound();
    await screen.findByTestId('veille-eau');
    // The broilers started 20 days ago; the layers 200 days ago.
    fireEvent.change(field('Jour de la tournée'), { target: { value: addDays(today, -25) } });
    expect((await screen.findByTestId('tournee-etape')).textContent).toBe(TOURNEE_MSG.etape(1, 1));
    expect(screen.getByRole('heading', { name: 'Pondeuses mars' })).toBeTruthy();
    expect((field('Jour de la tournée') as HTMLInputElement).min).toBe(addDays(today, -200));
  });

  it('a part refused for good turns the entry « À corriger » naming it; the parts written before stay written and are never sent again', async () => {
    const user = userEvent.setup();
    let stock = false;
    const refus = ALIMENT_MSG.stockInsuffisant(today, 20, 50);
    const api = openRound({
      'POST api/aliment/consommation': () => (stock ? { body: { id: 8 } } : { status: 409, body: { code: 409, message: refus, definitif: true } }),
    });
    await typeChairDay(user);
    await user.click(save());
    await screen.findByText(TOURNEE_MSG.aCorriger('Chair novembre'));
    const [e] = queue();
    expect(e.state).toBe('failed');
    expect(e.written).toEqual(['perte']);
    expect(e.error).toBe(`Aliment consommé refusée : ${refus} Déjà enregistré (reste enregistré) : Mortalité.`);
    expect(entryLabel(e)).toContain('(déjà enregistré : Mortalité)');
    expect(posts(api.calls).map((c) => c.url)).toEqual(['api/bande/perte', 'api/aliment/consommation']);

    // Feed bought meanwhile: sent again as it is, the loss is not sent a second time.
    stock = true;
    await act(() => retryEntry(e.id));
    await waitFor(() => expect(queue()).toEqual([]));
    expect(posts(api.calls).map((c) => c.url)).toEqual(['api/bande/perte', 'api/aliment/consommation', 'api/aliment/consommation', 'api/bande/fiche']);
  });

  it('on #/synchro, a round refused halfway says what stays written, is sent again or given up, never opened in one dialog', async () => {
    const user = userEvent.setup();
    const refus = ALIMENT_MSG.stockInsuffisant(today, 20, 50);
    openRound({ 'POST api/aliment/consommation': { status: 409, body: { code: 409, message: refus, definitif: true } } });
    await typeChairDay(user);
    await user.click(save());
    await screen.findByText(TOURNEE_MSG.aCorriger('Chair novembre'));
    const [e] = queue();
    // The round unmounted first: its routes would not match #/synchro.
    cleanup();
    renderWithApp(<SynchroPage />, '/synchro');
    const row = await screen.findByTestId('sync-failed');
    expect(row.textContent).toContain(entryLabel(e));
    expect(row.textContent).toContain('(déjà enregistré : Mortalité)');
    expect(within(row).queryByRole('link', { name: 'Corriger' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Abandonner' }));
    expect((await screen.findByRole('dialog', { name: 'Abandonner la saisie' })).textContent).toContain(PARTS_MSG.abandon(entryLabel(e)));
  });

  it('a network failure halfway resumes after the last written part', async () => {
    const user = userEvent.setup();
    let down = true;
    const api = openRound({
      'POST api/bande/fiche': () => (down ? { status: 503, body: { code: 503, message: 'Indisponible' } } : { body: { id_bande: 1 } }),
    });
    await typeChairDay(user);
    await user.click(save());
    await screen.findByText(TOURNEE_MSG.enAttente('Chair novembre'));
    expect(queue()[0]).toMatchObject({ state: 'pending', written: ['perte', 'consommation'] });
    down = false;
    await act(() => flushOutbox());
    expect(queue()).toEqual([]);
    expect(posts(api.calls).map((c) => c.url)).toEqual(['api/bande/perte', 'api/aliment/consommation', 'api/bande/fiche', 'api/bande/fiche']);
  });

  it('refuses before queuing what the entries alone refuse: more deaths than birds alive, more eggs than hens, min above max, nothing typed', async () => {
    const user = userEvent.setup();
    const api = openRound();
    await screen.findByTestId('veille-eau');
    await user.click(save());
    expect((await screen.findByTestId('tournee-refus')).textContent).toContain(TOURNEE_MSG.rienSaisi);

    await user.type(field('Morts (nombre)'), '600');
    await user.click(save());
    // The loss dialog's own refusal (shared/formulas/ruptures.ts), word for word.
    const lot = {
      type: chair.type,
      nb_sujet: chair.nb_sujet,
      pertes: chair.pertes,
      ventes: chair.ventes,
      abatages: chair.abatages,
      pesages: chair.pesages,
      collectes: [],
    };
    expect((await screen.findByText(refusSortie(lot, { kind: 'perte', quantite: 600, day: today }, today)!)).textContent).toBeTruthy();
    await user.clear(field('Morts (nombre)'));
    await user.type(field('Température min (°C)'), '35');
    await user.type(field('Température max (°C)'), '30');
    await user.click(save());
    expect(await screen.findByText('La température minimale ne peut pas dépasser la maximale')).toBeTruthy();
    await user.clear(field('Température min (°C)'));
    await user.type(field('Température min (°C)'), '-9');
    await user.click(save());
    expect(await screen.findByText('La température minimale doit être entre -5 et 60 °C')).toBeTruthy();
    await user.clear(field('Température min (°C)'));
    // Water: at most 1 litre a bird alive (497 alive today): the server's bound, said at once.
    await user.type(field('Eau bue (litres)'), '498');
    await user.click(save());
    expect(await screen.findByText(FICHE_MSG.eauTropGrande(497, 497))).toBeTruthy();
    expect(queue()).toEqual([]);
    expect(posts(api.calls)).toEqual([]);

    // The layer batch: 300 hens lay at most 300 eggs.
    await user.click(screen.getByRole('button', { name: 'Passer cette bande' }));
    await screen.findByTestId('veille-oeufs');
    await user.type(field('M'), '301');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toContain(BANDE_MSG.tooManyEggs(today, 300, 0));
    expect(queue()).toEqual([]);
    expect(posts(api.calls)).toEqual([]);
  });

  it('asks « Êtes-vous sûr ? » about what is merely unusual (a tenth of the flock dead at once) before queuing', async () => {
    const user = userEvent.setup();
    const api = openRound();
    await screen.findByTestId('veille-eau');
    await user.type(field('Morts (nombre)'), '60');
    await user.click(save());
    expect((await screen.findByTestId('sure-check')).textContent).toContain('60 sujets morts en une fois');
    expect(posts(api.calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Oui, enregistrer' }));
    await waitFor(() => expect(posts(api.calls).map((c) => c.url)).toEqual(['api/bande/perte']));
  });
});

describe('the daily round on a day that already holds figures', () => {
  beforeEach(async () => {
    await signedInDevice();
  });

  it('says what the day already holds before anything is typed again (a loss would add up)', async () => {
    const dejaChair = {
      ...chair,
      pertes: [...chair.pertes, { id: 10, id_bande: 1, nombre: 4, type: 'perte' as const, created_at: `${today}T07:00:00.000Z`, date: today }],
    };
    openRound({ 'GET api/bande/1': { body: dejaChair } });
    const deja = await screen.findByTestId('tournee-deja');
    expect(deja.textContent).toBe(TOURNEE_MSG.dejaSaisi(today, ['4 morts']));
    // Yesterday's hint is still yesterday's.
    expect(screen.getByTestId('veille-morts').textContent).toBe('Veille : 3');
  });

  it('takes the day’s sheet back into its fields: saving the day again keeps what is not retyped', async () => {
    const user = userEvent.setup();
    const fiches: FicheJour[] = [
      ...fichesChair,
      { date: today, vivants: 497, eau_litres: 140, temp_min: 23.5, temp_max: 30, note: 'RAS', updated_at: `${today}T08:00:00.000Z` },
    ];
    const api = openRound({ 'GET api/bande/fiche/1': { body: fiches } });
    await waitFor(() => expect((field('Eau bue (litres)') as HTMLInputElement).value).toBe('140'));
    expect((field('Température min (°C)') as HTMLInputElement).value).toBe('23,5');
    expect((field('Note') as HTMLTextAreaElement).value).toBe('RAS');
    expect((field('Humidité (%)') as HTMLInputElement).value).toBe('');
    await user.clear(field('Eau bue (litres)'));
    await user.type(field('Eau bue (litres)'), '145');
    await user.click(save());
    await waitFor(() => expect(posts(api.calls)).toHaveLength(1));
    expect(posts(api.calls)[0]).toMatchObject({
      url: 'api/bande/fiche',
      body: { id_bande: 1, date: today, eau_litres: 145, temp_min: 23.5, temp_max: 30, note: 'RAS' },
    });
    expect(posts(api.calls)[0].body).not.toHaveProperty('humidite');
  });

  it('says nothing when the day is empty', async () => {
    openRound();
    await screen.findByTestId('veille-eau');
    expect(screen.queryByTestId('tournee-deja')).toBeNull();
  });
});

describe('« À faire aujourd’hui »: the feed and water alerts', () => {
  it('shows the days of feed left under the threshold (→ the store) and each batch whose water dropped (→ the batch), and leads to the round', async () => {
    const aFaire: SanteAFaire = {
      etapes: [],
      attentes: [],
      alertes: [],
      aliment: { stock_kg: 150, jours_restants: 2, seuil_jours: 3 },
      eau: [{ id_bande: 1, nom_bande: 'Chair novembre', date: today, eau_litres: 80, moyenne_precedente: 130, baisse_pct: 38 }],
    };
    stubFetch({ 'GET api/sante/a-faire': { body: aFaire } });
    renderWithApp(<AFaireAujourdhui />, '/dashboard');
    const feed = await screen.findByTestId('a-faire-aliment');
    expect(within(feed).getByRole('link').textContent).toContain(ALIMENT_MSG.alerteStock(2, 3));
    expect(within(feed).getByRole('link').getAttribute('href')).toBe('#/aliment');
    expect(feed.textContent).toContain('150 kg en stock');
    const eau = screen.getByTestId('a-faire-eau');
    expect(within(eau).getByRole('link').textContent).toContain(FICHE_MSG.alerteEau('Chair novembre', 38));
    expect(within(eau).getByRole('link').getAttribute('href')).toBe('#/bande/1');
    expect(screen.getByTestId('a-faire-tournee').getAttribute('href')).toBe('#/tournee');
    expect(screen.queryByText('Rien de prévu ni en retard dans vos bandes.')).toBeNull();
  });

  it('says nothing is due when neither alert is there', async () => {
    stubFetch({ 'GET api/sante/a-faire': { body: { etapes: [], attentes: [], alertes: [] } satisfies SanteAFaire } });
    renderWithApp(<AFaireAujourdhui />, '/dashboard');
    expect(await screen.findByText('Rien de prévu ni en retard dans vos bandes.')).toBeTruthy();
    expect(screen.queryByTestId('a-faire-aliment')).toBeNull();
    expect(screen.queryByTestId('a-faire-eau')).toBeNull();
  });
});
