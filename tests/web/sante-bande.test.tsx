// A batch's « Santé » tab and the refusals around it: the calendar as cards (age, due
// day jj/mm/aaaa, how, status, the done step's lot and cost), « Fait » with its checks and the
// server's 409, a treatment with its withdrawal's last day, the batch header's running withdrawal,
// a sale dated inside a withdrawal refused before sending, and offline: a step done without a
// connection waits with its typing time, and a 409 that is an answer (a withdrawal, « déjà faite »)
// becomes « À corriger » with its message instead of being sent again for ever. IndexedDB is the
// edge: idb-keyval is a Map here.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { addDays, formatJour, todayFor } from '@shared/dates';
import { SANTE_MSG } from '@shared/messages/sante';
import { SYNC_MSG } from '@shared/messages/sync';
import type { EtapeBande, SanteBande, Traitement } from '@shared/schemas/sante';
import SanteBandePage from '../../web/src/features/sante/routes/SanteBandePage';
import { saveVente } from '../../web/src/features/bandes/api/mutations';
import { flushOutbox, isQueued } from '../../web/src/lib/offline/outbox';
import { openBatchDetail } from './batch-detail-page';
import { batchDetail, renderWithApp, stubBatchDetail, type Answer, type FakeCall } from './helpers';
import { signedInDevice } from './device';
import { online, queue } from './fake-idb';

// The outbox decides at import whether the device has IndexedDB.
vi.hoisted(() => vi.stubGlobal('indexedDB', {}));
vi.mock('idb-keyval', () => import('./fake-idb'));

const today = todayFor();
const start = addDays(today, -20);
const posts = (calls: FakeCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

const etape = (over: Partial<EtapeBande>): EtapeBande => ({
  id: 1,
  id_bande: 1,
  id_plan: 1,
  age: 7,
  date_prevue: addDays(start, 7),
  intitule: 'Newcastle + bronchite infectieuse (HB1 + H120)',
  voie: 'goutte_oculaire',
  statut: 'en_retard',
  ...over,
});

const traitement = (over: Partial<Traitement> = {}): Traitement => ({
  id: 5,
  id_bande: 1,
  produit: 'Oxytétracycline 20 %',
  molecule: 'oxytétracycline',
  motif: 'Coryza',
  debut: addDays(today, -2),
  fin: today,
  attente_viande_jours: 7,
  attente_oeufs_jours: 0,
  viande_jusqu_au: addDays(today, 7),
  etat: 'ACTIVE',
  ...over,
});

const sante = (over: Partial<SanteBande> = {}): SanteBande => ({
  id_plan: 1,
  nom_plan: 'Poulet de chair (indicatif)',
  etapes: [
    etape({
      id: 1,
      age: 1,
      date_prevue: addDays(start, 1),
      intitule: 'Vitamines + électrolytes (anti-stress de démarrage)',
      voie: 'eau_de_boisson',
      statut: 'fait',
      date: addDays(start, 1),
      produit: 'Vitaminol',
      lot: 'VT-2291',
      expiration: '2027-03-31',
      cout: 4500,
    }),
    etape({ id: 2, statut: 'en_retard', note: "Ou dans l'eau de boisson" }),
    etape({ id: 3, age: 21, date_prevue: addDays(start, 21), intitule: 'Newcastle, rappel (La Sota)', voie: 'eau_de_boisson', statut: 'a_venir' }),
  ],
  traitements: [],
  attente: {},
  ...over,
});

const bande = batchDetail({ start });

function openSante(s: SanteBande, extra: Record<string, Answer> = {}) {
  const api = stubBatchDetail(bande, { 'GET api/sante/bande/1': { body: s }, ...extra });
  renderWithApp(
    <Routes>
      <Route path="/bande/:id/sante" element={<SanteBandePage />} />
    </Routes>,
    '/bande/1/sante',
  );
  return api;
}

describe('the Santé tab', () => {
  beforeEach(async () => {
    await signedInDevice();
  });
  afterEach(() => online(true));

  it('shows the calendar as cards: age, due day jj/mm/aaaa, how, note, status, and the done step’s lot, expiry and cost', async () => {
    openSante(sante());
    const cards = await screen.findAllByTestId('etape');
    expect(cards).toHaveLength(3);
    const [done, late, coming] = cards;
    expect(done.textContent).toContain(`J1 · ${formatJour(addDays(start, 1))}`);
    expect(within(done).getByTestId('etape-statut').textContent).toBe('Fait');
    const details = within(done).getByTestId('etape-fait').textContent;
    expect(details).toContain('VT-2291');
    expect(details).toContain('31/03/2027');
    expect(details).toContain('4 500 FCFA');
    expect(within(done).getByRole('button', { name: 'Annuler' })).toBeTruthy();
    expect(within(done).queryByRole('button', { name: 'Fait' })).toBeNull();
    expect(within(late).getByTestId('etape-statut').textContent).toBe('En retard');
    expect(late.textContent).toContain('Goutte oculaire');
    expect(late.textContent).toContain("Ou dans l'eau de boisson");
    expect(within(coming).getByTestId('etape-statut').textContent).toBe('À venir');
    expect(within(coming).getByRole('button', { name: 'Fait' })).toBeTruthy();
    expect(screen.getByText(SANTE_MSG.indicatif)).toBeTruthy();
  });

  it('« Fait » sends the day (today by default), product, lot, expiry and cost; an expiry before the day is refused without a call', async () => {
    const user = userEvent.setup();
    const api = openSante(sante(), { 'POST api/sante/etape/fait': (c) => ({ body: { ...etape({ id: 2 }), ...(c.body as object), statut: 'fait' } }) });
    const late = (await screen.findAllByTestId('etape'))[1];
    await user.click(within(late).getByRole('button', { name: 'Fait' }));
    const d = await screen.findByRole('dialog', { name: 'Étape faite' });
    expect((within(d).getByLabelText("Date d'administration") as HTMLInputElement).value).toBe(today);
    await user.clear(within(d).getByLabelText('Produit'));
    await user.type(within(d).getByLabelText('Produit'), 'Avinew');
    await user.type(within(d).getByLabelText('Numéro de lot'), 'AV-0425');
    fireEvent.change(within(d).getByLabelText("Date d'expiration"), { target: { value: addDays(today, -1) } });
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(d).findByText(SANTE_MSG.expirationAvantDate)).toBeTruthy();
    expect(posts(api.calls, 'api/sante/etape/fait')).toHaveLength(0);

    fireEvent.change(within(d).getByLabelText("Date d'expiration"), { target: { value: '2027-06-30' } });
    await user.type(within(d).getByLabelText('Coût (FCFA, facultatif)'), '12 500');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Étape enregistrée comme faite');
    const [sent] = posts(api.calls, 'api/sante/etape/fait');
    expect(sent.body).toMatchObject({ id_etape: 2, date: today, produit: 'Avinew', lot: 'AV-0425', expiration: '2027-06-30', cout: 12500 });
    expect(typeof (sent.body as { saisi_le?: string }).saisi_le).toBe('string');
    expect(sent.headers['Idempotency-Key']).toBeTruthy();
  });

  it('shows the server’s 409 « déjà faite » in the dialog', async () => {
    const user = userEvent.setup();
    openSante(sante(), { 'POST api/sante/etape/fait': { status: 409, body: { code: 409, message: SANTE_MSG.etapeDejaFaite, definitif: true } } });
    await user.click(within((await screen.findAllByTestId('etape'))[1]).getByRole('button', { name: 'Fait' }));
    const d = await screen.findByRole('dialog', { name: 'Étape faite' });
    await user.type(within(d).getByLabelText('Numéro de lot'), 'AV-0425');
    fireEvent.change(within(d).getByLabelText("Date d'expiration"), { target: { value: '2027-06-30' } });
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(SANTE_MSG.etapeDejaFaite);
    expect(queue()).toEqual([]);
  });

  it('« Sauter » asks the reason; « Annuler » on a done step says its expense goes with it', async () => {
    const user = userEvent.setup();
    const api = openSante(sante(), {
      'POST api/sante/etape/sauter': { body: etape({ id: 3, statut: 'saute', motif: 'Rupture chez le fournisseur' }) },
      'POST api/sante/etape/annuler': { body: etape({ id: 1, statut: 'a_venir' }) },
    });
    const cards = await screen.findAllByTestId('etape');
    await user.click(within(cards[2]).getByRole('button', { name: 'Sauter' }));
    const d = await screen.findByRole('dialog', { name: "Sauter l'étape" });
    await user.click(within(d).getByRole('button', { name: "Sauter l'étape" }));
    expect(await within(d).findByText('Motif requis')).toBeTruthy();
    await user.type(within(d).getByLabelText('Motif'), 'Rupture chez le fournisseur');
    await user.click(within(d).getByRole('button', { name: "Sauter l'étape" }));
    await screen.findByText('Étape sautée');
    expect(posts(api.calls, 'api/sante/etape/sauter')[0].body).toMatchObject({ id_etape: 3, motif: 'Rupture chez le fournisseur' });

    await user.click(within(cards[0]).getByRole('button', { name: 'Annuler' }));
    const c = await screen.findByRole('dialog', { name: "Annuler l'étape faite" });
    expect(c.textContent).toContain('Sa dépense sera annulée avec.');
    await user.click(within(c).getByRole('button', { name: 'Oui, annuler' }));
    await screen.findByText('Étape remise à faire');
    expect(posts(api.calls, 'api/sante/etape/annuler')[0].body).toMatchObject({ id_etape: 1 });
  });

  it('records a treatment: its withdrawal’s last day shown as typed, the days and cost sent', async () => {
    const user = userEvent.setup();
    const api = openSante(sante(), { 'POST api/sante/traitement': (c) => ({ body: { ...traitement(), ...(c.body as object) } }) });
    await user.click(await screen.findByRole('button', { name: 'Nouveau traitement' }));
    const d = await screen.findByRole('dialog', { name: 'Nouveau traitement' });
    await user.type(within(d).getByLabelText('Produit'), 'Oxytétracycline 20 %');
    await user.type(within(d).getByLabelText('Molécule (substance active)'), 'oxytétracycline');
    await user.type(within(d).getByLabelText('Motif'), 'Coryza');
    fireEvent.change(within(d).getByLabelText('Début'), { target: { value: addDays(today, -2) } });
    await user.type(within(d).getByLabelText("Délai d'attente viande (jours)"), '7');
    await user.type(within(d).getByLabelText("Délai d'attente œufs (jours)"), '0');
    expect(within(d).getByTestId('traitement-attente').textContent).toBe(SANTE_MSG.attenteEnCours('viande', addDays(today, 7)));
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Traitement enregistré');
    expect(posts(api.calls, 'api/sante/traitement')[0].body).toMatchObject({
      id_bande: 1,
      produit: 'Oxytétracycline 20 %',
      molecule: 'oxytétracycline',
      motif: 'Coryza',
      debut: addDays(today, -2),
      fin: today,
      attente_viande_jours: 7,
      attente_oeufs_jours: 0,
    });
  });

  it('offline, a step done waits on the device with its typing time and says so on its card', async () => {
    const user = userEvent.setup();
    const api = openSante(sante());
    const late = (await screen.findAllByTestId('etape'))[1];
    online(false);
    await user.click(within(late).getByRole('button', { name: 'Fait' }));
    const d = await screen.findByRole('dialog', { name: 'Étape faite' });
    await user.type(within(d).getByLabelText('Numéro de lot'), 'AV-0425');
    fireEvent.change(within(d).getByLabelText("Date d'expiration"), { target: { value: '2027-06-30' } });
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText(SYNC_MSG.queued);
    expect(posts(api.calls, 'api/sante/etape/fait')).toHaveLength(0);
    const [q] = queue();
    expect(q).toMatchObject({ kind: 'sante-fait', bandeId: 1, day: today, state: 'pending', body: { id_etape: 2, lot: 'AV-0425', date: today } });
    expect((q.body as { saisi_le: string }).saisi_le).toBe(q.createdAt);
    const card = (await screen.findAllByTestId('etape'))[1];
    expect(within(card).getByTestId('etape-en-attente').textContent).toContain('lot AV-0425');
    expect(within(card).queryByRole('button', { name: 'Fait' })).toBeNull();
  });

  it('offline, « Appliquer un plan » waits on the device too, with the plan’s name, and is sent once online', async () => {
    const user = userEvent.setup();
    const api = openSante(sante({ id_plan: null, nom_plan: null, etapes: [] }), {
      'GET api/sante/plans': {
        body: [{ id: 1, nom: 'Poulet de chair (indicatif)', type: 'chair', defaut: true, etapes: [{ age: 7, intitule: 'Gumboro', voie: 'eau_de_boisson' }] }],
      },
      'POST api/sante/bande/plan': { body: sante() },
    });
    online(false);
    await user.click(await screen.findByRole('button', { name: 'Appliquer un plan' }));
    const d = await screen.findByRole('dialog', { name: 'Appliquer un plan' });
    await within(d).findByText('J7 · Gumboro');
    await user.click(within(d).getByRole('button', { name: 'Appliquer' }));
    await screen.findByText(SYNC_MSG.queued);
    expect(posts(api.calls, 'api/sante/bande/plan')).toHaveLength(0);
    expect(queue()).toMatchObject([
      { kind: 'sante-plan', bandeId: 1, state: 'pending', body: { id_bande: 1, id_plan: 1 }, label: 'Plan de santé : Poulet de chair (indicatif)' },
    ]);
    online(true);
    await flushOutbox();
    expect(posts(api.calls, 'api/sante/bande/plan')).toHaveLength(1);
    expect(queue()).toEqual([]);
  });
});

describe('withdrawals on the batch and its sales', () => {
  beforeEach(async () => {
    await signedInDevice();
  });
  afterEach(() => online(true));

  it('the header shows the running withdrawal; a sale dated inside it is refused with its end date before sending, one after it is sent', async () => {
    const user = userEvent.setup();
    const fin = addDays(today, 7);
    const api = openBatchDetail(
      { ...bande, attente: { viande_jusqu_au: fin } },
      {
        'GET api/sante/bande/1': { body: sante({ traitements: [traitement()], attente: { viande_jusqu_au: fin } }) },
        'POST api/bande/vente': (c) => ({ body: { id: 9, ...(c.body as object) } }),
      },
    );
    expect((await screen.findByTestId('attente-en-cours')).textContent).toBe(SANTE_MSG.attenteEnCours('viande', fin));
    await user.click(screen.getByRole('button', { name: 'Ajouter une vente' }));
    const d = await screen.findByRole('dialog', { name: 'Ajouter une vente' });
    await user.type(within(d).getByLabelText('Prix unitaire (FCFA)'), '3000');
    await user.type(within(d).getByLabelText('Quantité'), '10');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(SANTE_MSG.attenteViande(fin));
    expect((await within(d).findByRole('alert')).textContent).toContain(formatJour(fin));
    expect(posts(api.calls, 'api/bande/vente')).toHaveLength(0);

    // Before the treatment began: no withdrawal that day.
    fireEvent.change(within(d).getByLabelText('Date de la vente'), { target: { value: addDays(today, -3) } });
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posts(api.calls, 'api/bande/vente')).toHaveLength(1));
  });

  it('a cancelled treatment blocks nothing', async () => {
    const user = userEvent.setup();
    const api = openBatchDetail(bande, {
      'GET api/sante/bande/1': { body: sante({ traitements: [traitement({ etat: 'DELETED' })] }) },
      'POST api/bande/vente': (c) => ({ body: { id: 9, ...(c.body as object) } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une vente' }));
    const d = await screen.findByRole('dialog', { name: 'Ajouter une vente' });
    await user.type(within(d).getByLabelText('Prix unitaire (FCFA)'), '3000');
    await user.type(within(d).getByLabelText('Quantité'), '10');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posts(api.calls, 'api/bande/vente')).toHaveLength(1));
    expect(screen.queryByTestId('attente-en-cours')).toBeNull();
  });

  it('an offline sale the server refuses for a withdrawal (409) becomes « À corriger » with its message; a lost race (409) waits to be sent again', async () => {
    const message = SANTE_MSG.attenteViande(addDays(today, 7));
    let answer: { status: number; body: unknown } = { status: 409, body: { code: 409, message: SYNC_MSG.concurrent } };
    stubBatchDetail(bande, { 'POST api/bande/vente': () => answer });
    online(false);
    const r = await saveVente({ prix_unitaire: 3000, quantite: 10, id_bande: 1, id_vente: -1, date: today }, bande.nom);
    expect(isQueued(r)).toBe(true);
    online(true);
    await flushOutbox();
    expect(queue()).toMatchObject([{ state: 'pending', attempts: 1 }]);
    answer = { status: 409, body: { code: 409, message, definitif: true } };
    await flushOutbox();
    expect(queue()).toMatchObject([{ state: 'failed', error: message }]);
  });

  it('a layer batch’s collections inside an egg withdrawal say « non commercialisables », and their eggs are counted apart', async () => {
    const day = addDays(today, -1);
    const collecte = (id: number, n: number, date: string, flagged: boolean) => ({
      id,
      id_bande: 1,
      collecte: n,
      calibres: JSON.stringify({ s: n, m: 0, l: 0, xl: 0 }),
      date_collecte: date,
      created_at: `${date}T09:00:00Z`,
      date,
      ...(flagged ? { non_commercialisable: true as const } : {}),
    });
    const ponte = batchDetail({ start, type: 'pondeuse', race: 'lohmann-brown', nb_sujet: 300, age_demarrage: 126, oeufs_non_commercialisables: 250 });
    openBatchDetail(ponte, { 'GET api/sante/bande/1': { body: sante({ etapes: [] }) } }, [
      collecte(1, 250, day, true),
      collecte(2, 240, addDays(today, -5), false),
    ]);
    expect((await screen.findByTestId('egg-non-commercialisables')).textContent).toBe('250');
    const items = await screen.findAllByTestId('egg-item');
    expect(within(items[0]).getByTestId('egg-non-commercialisable').textContent).toBe(SANTE_MSG.oeufsNonCommercialisables);
    expect(within(items[1]).queryByTestId('egg-non-commercialisable')).toBeNull();
  });
});
