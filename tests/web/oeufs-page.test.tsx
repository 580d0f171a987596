// A layer flock's eggs page: the stock in trays and eggs, by size, held apart, the
// shortage lines and « Où sont allés les œufs »; « Envoyer à la boutique » (egg products only, what
// the product gets, the server's replay run on the screen's stock: a move of eggs that were not
// there, or that do not make whole units, is refused before anything is sent); « Casse »; the
// cancels and the server's 409 in its words; the movements' CSV in trays and eggs; offline: a
// breakage waits in the outbox with its true day, is listed as unsent and counts in the next check.
// IndexedDB is the edge: idb-keyval is a Map.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { addDays, todayFor } from '@shared/dates';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { OEUFS_ECRAN } from '@shared/messages/oeufs-ecran';
import type { StockOeufsResponse } from '@shared/schemas/oeufs';
import type { Produit } from '@shared/schemas/produits';
import { RACES } from '@shared/breeds';
import RapportBandePage from '../../web/src/app/documents/routes/RapportBandePage';
import OeufsBandePage from '../../web/src/features/oeufs/routes/OeufsBandePage';
import { batchDetail, renderWithApp, stubFetch, type Answer, type FakeCall } from './helpers';
import { signedInDevice } from './device';
import { online, queue } from './fake-idb';

// The outbox decides at import whether the device has IndexedDB.
vi.hoisted(() => vi.stubGlobal('indexedDB', {}));
vi.mock('idb-keyval', () => import('./fake-idb'));

const today = todayFor();
const j2 = addDays(today, -2);
const j1 = addDays(today, -1);
const posts = (calls: FakeCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const ponte = batchDetail({
  id: 5,
  nom: 'Ponte janvier',
  type: 'pondeuse',
  race: 'lohmann-brown',
  nb_sujet: 300,
  age_demarrage: 126,
  start: addDays(today, -60),
});

// 185 eggs collected two days ago (S 20, M 40, L 125) and 12 held apart (egg withdrawal); yesterday
// a batch sale of 30 without a size (S 20 then M 10: smallest first) and 60 eggs of size L sent to
// « Plateau L » (2 units). In stock: M 30, L 65 = 95 eggs = 3 trays and 5 eggs.
const stock = (over: Partial<StockOeufsResponse> = {}): StockOeufsResponse => ({
  id_bande: 5,
  stock_oeufs: 95,
  plateaux: { plateaux: 3, oeufs: 5 },
  par_calibre: { s: 0, m: 30, l: 65, xl: 0 },
  non_commercialisables: 12,
  bilan: { collectes: 185, vendus: 30, casses: 0, transferes: 60, par_produit: [{ id_produit: 12, nom: 'Plateau L', oeufs: 60, unites: 2 }] },
  ruptures: [],
  mouvements: [
    { id: 1, genre: 'collecte', date: j2, oeufs: 185, calibre: null, calibres: { s: 20, m: 40, l: 125, xl: 0 }, created_at: `${j2}T08:00:00Z` },
    {
      id: 2,
      genre: 'collecte',
      date: j2,
      oeufs: 12,
      calibre: null,
      calibres: { s: 0, m: 12, l: 0, xl: 0 },
      non_commercialisable: true,
      created_at: `${j2}T09:00:00Z`,
    },
    { id: 3, genre: 'vente', date: j1, oeufs: -30, calibre: null, created_at: `${j1}T10:00:00Z` },
    { id: 4, genre: 'transfert', date: j1, oeufs: -60, calibre: 'l', produit: { id: 12, nom: 'Plateau L' }, unites_produit: 2, created_at: `${j1}T11:00:00Z` },
  ],
  ...over,
});

const produit = (over: Partial<Produit>): Produit => ({
  id: 11,
  nom: 'Plateau M',
  description: null,
  quantite: 5,
  prix_cession: 2000,
  prix_vente: 2500,
  created_at: `${j2}T08:00:00Z`,
  oeufs_par_unite: 30,
  ...over,
});
const produits: Produit[] = [
  produit({}),
  produit({ id: 12, nom: 'Plateau L', quantite: 2 }),
  produit({ id: 13, nom: 'Poulet PAC', oeufs_par_unite: null }),
  produit({ id: 14, nom: 'Vieux plateau', archive: true }),
  produit({ id: 15, nom: 'Demi-plateau M', oeufs_par_unite: 15 }),
];

function openPage(extra: Record<string, Answer> = {}, s = stock(), b = ponte, droits = ['bandav', 'prav']) {
  const api = stubFetch({
    'GET api/user/checkPermission': { body: { status: 'yes', droits } },
    'GET api/bande/5': { body: b },
    'GET api/bande/oeufs/5': { body: s },
    'GET api/produit': { body: produits },
    ...extra,
  });
  renderWithApp(
    <Routes>
      <Route path="/bande/:id/oeufs" element={<OeufsBandePage />} />
    </Routes>,
    '/bande/5/oeufs',
  );
  return api;
}

async function envoi() {
  await userEvent.click(await screen.findByRole('button', { name: OEUFS_ECRAN.envoyer }));
  return screen.findByRole('dialog', { name: `${OEUFS_ECRAN.envoyer} : Ponte janvier` });
}

describe('the eggs page of a layer flock', () => {
  const user = userEvent.setup();
  beforeEach(async () => {
    await signedInDevice('production');
  });
  afterEach(() => {
    online(true);
    vi.restoreAllMocks();
  });

  it('shows the stock in trays and eggs, each size, the eggs held apart and where the eggs went', async () => {
    openPage();
    expect(nbsp((await screen.findByTestId('oeufs-stock')).textContent)).toBe('3 plateaux et 5 œufs');
    expect(screen.getByTestId('oeufs-stock-oeufs').textContent).toBe('soit 95 œufs');
    expect(screen.getByTestId('oeufs-calibre-s').textContent).toBe('0 œuf');
    expect(screen.getByTestId('oeufs-calibre-m').textContent).toBe('1 plateau');
    expect(screen.getByTestId('oeufs-calibre-l').textContent).toBe('2 plateaux et 5 œufs');
    expect(screen.getByTestId('oeufs-ecartes').textContent).toBe('12 œufs');
    expect(screen.queryByTestId('oeufs-ruptures')).toBeNull();
    const bilan = screen.getByTestId('oeufs-bilan');
    expect(nbsp(within(bilan).getByTestId('bilan-collectes').textContent)).toBe('6 plateaux et 5 œufs · 185 œufs');
    expect(nbsp(within(bilan).getByTestId('bilan-vendus').textContent)).toBe('1 plateau · 30 œufs');
    expect(nbsp(within(bilan).getByTestId('bilan-produit-12').textContent)).toBe('2 plateaux · 60 œufs · 2 unités');
    expect(bilan.textContent).toContain('Envoyés à « Plateau L »');
    expect(nbsp(within(bilan).getByTestId('bilan-stock').textContent)).toBe('3 plateaux et 5 œufs · 95 œufs');
    // under a tray, the eggs are said once
    expect(nbsp(within(bilan).getByTestId('bilan-ecartes').textContent)).toBe('12 œufs');
    // the movements: signed, in trays and eggs; only breakage and moves have « Annuler »
    expect(nbsp(screen.getByTestId('mvt-oeufs-transfert-4').textContent)).toBe('− 2 plateaux');
    expect(nbsp(screen.getByTestId('mvt-oeufs-collecte-1').textContent)).toBe('+ 6 plateaux et 5 œufs');
    const list = screen.getByTestId('mouvements-oeufs');
    expect(within(list).getAllByRole('button', { name: /^Annuler/ })).toHaveLength(1);
  });

  it('a warning line for each day an old exit left without its eggs', async () => {
    openPage({}, stock({ ruptures: [{ date: j1, calibre: 'm', oeufs: 35 }] }));
    expect((await screen.findByTestId('oeufs-ruptures')).textContent).toBe(OEUFS_ECRAN.rupture(j1, 'M', 35));
  });

  it('a broiler batch has no eggs: the page says so', async () => {
    openPage({}, stock(), batchDetail({ id: 5, nom: 'Chair mars' }));
    expect((await screen.findByRole('alert')).textContent).toBe(OEUFS_ECRAN.pasPondeuse);
  });

  it('« Envoyer à la boutique » offers the egg products only, says what the product gets and posts what was typed', async () => {
    const api = openPage({
      'POST api/bande/oeufs/transfert': {
        body: { code: 200, message: OEUFS_MSG.transfertEnregistre, transfert: {}, produit: { id: 11, nom: 'Plateau M', quantite: 6 } },
      },
    });
    const d = await envoi();
    const picker = within(d).getByLabelText('Produit');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choisir un produit', 'Plateau M (30 œufs par unité)', 'Plateau L (30 œufs par unité)', 'Demi-plateau M (15 œufs par unité)']);
    await user.selectOptions(picker, '11');
    await user.type(within(d).getByLabelText('Quantité'), '1');
    expect(nbsp(within(d).getByTestId('envoi-resume').textContent)).toBe(OEUFS_ECRAN.ajoutProduit(30, 1, 'Plateau M', 6));
    await user.selectOptions(within(d).getByLabelText('Calibre'), 'm');
    expect(nbsp(within(d).getByTestId('envoi-stock').textContent)).toContain('Calibre M : 1 plateau.');
    fireEvent.change(within(d).getByLabelText('Date'), { target: { value: j1 } });
    await user.click(within(d).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(OEUFS_MSG.transfertEnregistre)).toBeTruthy();
    expect(posts(api.calls, 'api/bande/oeufs/transfert')).toHaveLength(1);
    expect(posts(api.calls, 'api/bande/oeufs/transfert')[0].body).toMatchObject({
      id_bande: 5,
      id_produit: 11,
      quantite: 1,
      unite: 'plateau',
      calibre: 'm',
      date: j1,
    });
    // the stock and the products are asked again
    await waitFor(() => expect(api.calls.filter((c) => c.url === 'api/bande/oeufs/5').length).toBeGreaterThan(1));
  });

  it('a move of eggs that were not there that day is refused on screen in the server’s words; nothing is sent', async () => {
    const api = openPage();
    const d = await envoi();
    await user.selectOptions(within(d).getByLabelText('Produit'), '11');
    await user.type(within(d).getByLabelText('Quantité'), '2');
    await user.selectOptions(within(d).getByLabelText('Calibre'), 'm');
    await user.click(within(d).getByRole('button', { name: 'Envoyer' }));
    // 60 eggs of size M asked today; 30 there (40 collected, 10 taken by yesterday's unsized sale)
    expect(await within(d).findByText(OEUFS_MSG.stockInsuffisant(today, 'm', 30, 60))).toBeTruthy();
    // dated two days ago, the day of the collection: 40 eggs of size M were there that day
    fireEvent.change(within(d).getByLabelText('Date'), { target: { value: j2 } });
    await user.click(within(d).getByRole('button', { name: 'Envoyer' }));
    expect(await within(d).findByText(OEUFS_MSG.stockInsuffisant(j2, 'm', 40, 60))).toBeTruthy();
    expect(posts(api.calls, 'api/bande/oeufs/transfert')).toHaveLength(0);
  });

  it('eggs that do not make whole units of the product are refused on screen; nothing is sent', async () => {
    const api = openPage();
    const d = await envoi();
    await user.selectOptions(within(d).getByLabelText('Produit'), '11');
    await user.selectOptions(within(d).getByLabelText('Unité'), 'oeuf');
    await user.type(within(d).getByLabelText('Quantité'), '45');
    const msg = OEUFS_MSG.unitesEntieres(45, 30, 'Plateau M');
    expect(nbsp(within(d).getByTestId('envoi-resume').textContent)).toBe(nbsp(msg));
    await user.click(within(d).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(nbsp(within(d).getByRole('alert').textContent)).toContain(nbsp(msg)));
    // to the half-tray product, 45 eggs are 3 units
    await user.selectOptions(within(d).getByLabelText('Produit'), '15');
    expect(nbsp(within(d).getByTestId('envoi-resume').textContent)).toBe(nbsp(OEUFS_ECRAN.ajoutProduit(45, 3, 'Demi-plateau M', 8)));
    expect(posts(api.calls, 'api/bande/oeufs/transfert')).toHaveLength(0);
  });

  it('without the products’ right, « Envoyer à la boutique » is disabled and says why; « Casse » stays', async () => {
    openPage({}, stock(), ponte, ['bandav']);
    await screen.findByTestId('oeufs-stock');
    await waitFor(() => expect((screen.getByRole('button', { name: OEUFS_ECRAN.envoyer }) as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByRole('button', { name: OEUFS_ECRAN.envoyer }).getAttribute('title')).toBe(OEUFS_MSG.droitProduits);
    expect((screen.getByRole('button', { name: OEUFS_ECRAN.casse }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('« Casse » posts its reason and size; the server’s refusal shows in its words and the form stays', async () => {
    const refus = OEUFS_MSG.stockInsuffisant(today, 'l', 65, 90);
    const api = openPage({ 'POST api/bande/oeufs/casse': { status: 409, body: { code: 409, message: refus, definitif: true } } });
    await user.click(await screen.findByRole('button', { name: OEUFS_ECRAN.casse }));
    const d = await screen.findByRole('dialog', { name: `${OEUFS_ECRAN.casse} : Ponte janvier` });
    await user.type(within(d).getByLabelText('Quantité'), '8');
    expect(nbsp(within(d).getByTestId('casse-resume').textContent)).toContain('Soit 8 œufs (8 œufs).');
    await user.selectOptions(within(d).getByLabelText('Calibre'), 'l');
    await user.clear(within(d).getByLabelText('Motif'));
    await user.type(within(d).getByLabelText('Motif'), 'Œufs fêlés');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(d).findByText(refus)).toBeTruthy();
    expect(posts(api.calls, 'api/bande/oeufs/casse')[0].body).toMatchObject({
      id_bande: 5,
      quantite: 8,
      unite: 'oeuf',
      calibre: 'l',
      date: today,
      motif: 'Œufs fêlés',
    });
  });

  it('a breakage of more than the stock is refused on screen; a too short reason is refused by the form', async () => {
    const api = openPage();
    await user.click(await screen.findByRole('button', { name: OEUFS_ECRAN.casse }));
    const d = await screen.findByRole('dialog', { name: `${OEUFS_ECRAN.casse} : Ponte janvier` });
    await user.selectOptions(within(d).getByLabelText('Unité'), 'plateau');
    await user.type(within(d).getByLabelText('Quantité'), '4');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(d).findByText(OEUFS_MSG.stockInsuffisant(today, null, 95, 120))).toBeTruthy();
    await user.clear(within(d).getByLabelText('Motif'));
    await user.type(within(d).getByLabelText('Motif'), 'x');
    expect(await within(d).findByText('Le motif est requis (au moins 3 caractères)')).toBeTruthy();
    expect(posts(api.calls, 'api/bande/oeufs/casse')).toHaveLength(0);
  });

  it('cancelling a move asks first; the shop having sold its units, the server’s 409 shows inside the confirmation', async () => {
    const refus = OEUFS_MSG.dejaVendu('Plateau L', 1, 2);
    const api = openPage({ 'GET api/bande/oeufs/transfert/delete/4': { status: 409, body: { code: 409, message: refus } } });
    const list = await screen.findByTestId('mouvements-oeufs');
    await user.click(within(list).getByRole('button', { name: `${OEUFS_ECRAN.annulerEnvoi} du ${nbsp(j1.split('-').reverse().join('/'))}` }));
    const c = await screen.findByRole('dialog', { name: OEUFS_ECRAN.annulerEnvoi });
    expect(nbsp(c.textContent)).toContain(nbsp(OEUFS_ECRAN.questionEnvoi(j1, 60, 'Plateau L')));
    await user.click(within(c).getByRole('button', { name: 'Oui, annuler' }));
    expect(await within(c).findByText(refus)).toBeTruthy();
    expect(api.calls.filter((x) => x.url === 'api/bande/oeufs/transfert/delete/4')).toHaveLength(1);
  });

  it('cancelling a breakage gives its eggs back and says so', async () => {
    const s = stock({
      mouvements: [...stock().mouvements, { id: 9, genre: 'casse', date: j1, oeufs: -6, calibre: null, motif: 'Œufs cassés', created_at: `${j1}T12:00:00Z` }],
    });
    const api = openPage({ 'GET api/bande/oeufs/casse/delete/9': { body: { code: 200, message: OEUFS_MSG.casseAnnulee, casse: {} } } }, s);
    const list = await screen.findByTestId('mouvements-oeufs');
    await user.click(within(list).getByRole('button', { name: /^Annuler la casse/ }));
    const c = await screen.findByRole('dialog', { name: OEUFS_ECRAN.annulerCasse });
    await user.click(within(c).getByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText(OEUFS_MSG.casseAnnulee)).toBeTruthy();
    expect(api.calls.filter((x) => x.url === 'api/bande/oeufs/casse/delete/9')).toHaveLength(1);
  });

  it('exports the movements as CSV, their eggs in trays and eggs', async () => {
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => ((blob = b), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    openPage();
    await screen.findByTestId('mouvements-oeufs');
    await user.click(screen.getByTestId('mouvements-oeufs-csv'));
    const lines = (await blob!.text()).replace('\ufeff', '').split('\r\n');
    expect(lines[0]).toBe('Date;Mouvement;Œufs;Plateaux et œufs;Calibre;Détail;État');
    const fr = (d: string) => d.split('-').reverse().join('/');
    expect(lines[1]).toBe(`${fr(j1)};Envoi boutique;-60;2 plateaux;L;→ Plateau L (+2);Validé`);
    expect(lines).toContain(`${fr(j2)};Collecte;185;6 plateaux et 5 œufs;S 20 · M 40 · L 125;;Validé`);
    expect(lines).toContain(`${fr(j2)};Collecte;12;12 œufs;M 12;Mis à l’écart (retrait sanitaire);Validé`);
  });

  it('offline, a breakage waits in the outbox with its day, is listed as unsent and counts in the next check', async () => {
    const api = openPage();
    await screen.findByTestId('oeufs-stock');
    online(false);
    await user.click(screen.getByRole('button', { name: OEUFS_ECRAN.casse }));
    let d = await screen.findByRole('dialog', { name: `${OEUFS_ECRAN.casse} : Ponte janvier` });
    await user.type(within(d).getByLabelText('Quantité'), '80');
    fireEvent.change(within(d).getByLabelText('Date'), { target: { value: j1 } });
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(queue()).toHaveLength(1));
    expect(queue()[0]).toMatchObject({ kind: 'oeufs-casse', url: 'api/bande/oeufs/casse', bandeId: 5, bandeNom: 'Ponte janvier', day: j1 });
    expect(queue()[0].body).toMatchObject({ id_bande: 5, quantite: 80, unite: 'oeuf', date: j1, motif: 'Œufs cassés' });
    expect(await screen.findByText("Saisies d'œufs non envoyées")).toBeTruthy();
    // 95 in stock, 80 already broken on the device: a second breakage of 30 is refused before it is queued
    await user.click(screen.getByRole('button', { name: OEUFS_ECRAN.casse }));
    d = await screen.findByRole('dialog', { name: `${OEUFS_ECRAN.casse} : Ponte janvier` });
    await user.type(within(d).getByLabelText('Quantité'), '30');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(d).findByText(OEUFS_MSG.stockInsuffisant(today, null, 15, 30))).toBeTruthy();
    expect(queue()).toHaveLength(1);
    expect(posts(api.calls, 'api/bande/oeufs/casse')).toHaveLength(0);
  });

  it('the batch report says where the production went, in trays and eggs', async () => {
    stubFetch({
      'GET api/bande/5': { body: ponte },
      'GET api/bande/oeufs/5': { body: stock() },
      'GET api/races': { body: RACES },
      'GET api/bande/collect/get/5': { body: [] },
    });
    renderWithApp(
      <Routes>
        <Route path="/bande/:id/rapport" element={<RapportBandePage />} />
      </Routes>,
      '/bande/5/rapport',
    );
    const bilan = await screen.findByTestId('rapport-production');
    expect(nbsp(within(bilan).getByTestId('rapport-bilan-vendus').textContent)).toBe('1 plateau (30 œufs)');
    expect(nbsp(within(bilan).getByTestId('rapport-bilan-produit-12').textContent)).toBe('2 plateaux (60 œufs) · 2 unités');
    expect(nbsp(within(bilan).getByTestId('rapport-bilan-ecartes').textContent)).toBe('12 œufs');
    expect(nbsp(within(bilan).getByTestId('rapport-bilan-stock').textContent)).toBe('3 plateaux et 5 œufs (95 œufs)');
    expect(bilan.textContent).toContain('Envoyés à « Plateau L »');
  });
});
