// The shop's side of the farm's production against a stubbed API: the product form's
// « Œufs par unité » (sent as typed, empty = not an egg product, out of bounds refused with the
// schema's words and nothing sent); an egg product says it in the list; a restock of origin
// Production names its source and offers no « Annuler »; the slaughter form's product per category
// (sent with the category, « Aucun » sends none, hidden without the products' right); the slaughter
// list's products, cancel and cancelled records; a receipt's egg-product line and the sales
// history's CSV say its eggs.
import { screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Abattage } from '@shared/schemas/abattages';
import type { Produit, Reappro } from '@shared/schemas/produits';
import AbattageFormPage from '../../web/src/features/abattages/routes/AbattageFormPage';
import AbattageListPage from '../../web/src/features/abattages/routes/AbattageListPage';
import { ProduitDialog } from '../../web/src/features/produits/components/ProduitDialog';
import ProduitListPage from '../../web/src/features/produits/routes/ProduitListPage';
import ReapproListPage from '../../web/src/features/produits/routes/ReapproListPage';
import RecuVentePage from '../../web/src/app/documents/routes/RecuVentePage';
import VenteHistoriquePage from '../../web/src/features/ventes/routes/VenteHistoriquePage';
import * as csv from '../../web/src/lib/csv';
import { renderWithApp, stubFetch } from './helpers';

const noop = () => undefined;

const produit = (over: Partial<Produit> = {}): Produit => ({
  id: 4,
  nom: "Plateau d'œufs calibre M",
  description: '',
  quantite: 12,
  prix_cession: 1800,
  prix_vente: 2750,
  created_at: '2026-11-01T08:00:00Z',
  ...over,
});

describe('the product form’s eggs per unit', () => {
  it('sends the eggs per unit typed, and null when left empty', async () => {
    const { calls } = stubFetch({ 'POST api/produit': (c) => ({ body: { ...produit(), ...(c.body as object) } }) });
    const user = userEvent.setup();
    renderWithApp(<ProduitDialog produit={null} onClose={noop} onSaved={noop} />);
    expect(screen.getByText("30 pour un plateau, vide si ce n'est pas un produit d'œufs")).toBeTruthy();
    await user.type(screen.getByLabelText('Nom'), "Plateau d'œufs calibre M");
    await user.type(screen.getByLabelText('Prix de cession'), '1800');
    await user.type(screen.getByLabelText('Prix de vente'), '2750');
    await user.type(screen.getByLabelText('Œufs par unité'), '30');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls[0].body).toMatchObject({ nom: "Plateau d'œufs calibre M", oeufs_par_unite: 30 });
  });

  it('an edit shows the stored figure; cleared, it sends null (no longer an egg product)', async () => {
    const { calls } = stubFetch({ 'POST api/produit': (c) => ({ body: { ...produit(), ...(c.body as object) } }) });
    const user = userEvent.setup();
    renderWithApp(<ProduitDialog produit={produit({ oeufs_par_unite: 30 })} onClose={noop} onSaved={noop} />);
    const field = screen.getByLabelText('Œufs par unité') as HTMLInputElement;
    expect(field.value).toBe('30');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls[0].body).toMatchObject({ id: 4, oeufs_par_unite: null });
  });

  it.each([
    ['0', "Le nombre d'œufs par unité doit être au moins 1"],
    ['361', "Le nombre d'œufs par unité ne doit pas dépasser 360"],
    ['2,5', "Le nombre d'œufs par unité doit être un nombre entier"],
    ['trente', "Le nombre d'œufs par unité doit être un nombre"],
  ])('refuses %s with « %s » and sends nothing', async (typed, message) => {
    const { calls } = stubFetch({ 'POST api/produit': { body: produit() } });
    const user = userEvent.setup();
    renderWithApp(<ProduitDialog produit={null} onClose={noop} onSaved={noop} />);
    await user.type(screen.getByLabelText('Nom'), 'Plateau');
    await user.type(screen.getByLabelText('Prix de cession'), '1800');
    await user.type(screen.getByLabelText('Prix de vente'), '2750');
    await user.type(screen.getByLabelText('Œufs par unité'), typed);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('the product list', () => {
  it('says « 30 œufs par unité » on an egg product only', async () => {
    stubFetch({
      'GET api/produit': { body: [produit({ oeufs_par_unite: 30 }), produit({ id: 5, nom: 'Fumier (sac)', oeufs_par_unite: null })] },
      'GET api/produit/getEcomProductByEntreprise': { body: [] },
      'GET api/checkplan': { body: { code: 200 } },
    });
    renderWithApp(<ProduitListPage />, '/produit');
    expect((await screen.findByTestId('oeufs-par-unite-4')).textContent).toBe('30 œufs par unité');
    expect(screen.queryByTestId('oeufs-par-unite-5')).toBeNull();
  });

  it('offers « Recevoir des œufs » on an egg product only: the move dialog with the product fixed and the active layer flocks', async () => {
    const bandeListe = (id: number, nom: string, type: string, statut = 'ACTIVE') => ({ id, nom, type, statut, nb_sujet: 400, date_demarage: '2026-10-01' });
    stubFetch({
      'GET api/produit': { body: [produit({ oeufs_par_unite: 30 }), produit({ id: 5, nom: 'Fumier (sac)', oeufs_par_unite: null })] },
      'GET api/produit/getEcomProductByEntreprise': { body: [] },
      'GET api/checkplan': { body: { code: 200 } },
      'GET api/bande': {
        body: [bandeListe(1, 'Ponte A', 'pondeuse'), bandeListe(2, 'Chair B', 'chair'), bandeListe(3, 'Ponte ancienne', 'pondeuse', 'CLOSED')],
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ProduitListPage />, '/produit');
    await screen.findByTestId('oeufs-par-unite-4');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[1]).queryByRole('button', { name: 'Recevoir des œufs' })).toBeNull();
    await user.click(within(rows[0]).getByRole('button', { name: 'Recevoir des œufs' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Envoyer à la boutique : Plateau d'œufs calibre M")).toBeTruthy();
    expect(within(dialog).queryByLabelText('Produit')).toBeNull();
    await waitFor(() =>
      expect([...(within(dialog).getByLabelText('Bande de pondeuses') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
        'Choisir une bande',
        'Ponte A',
      ]),
    );
  });
});

describe('restocks of origin Production', () => {
  const reappro = (over: Partial<Reappro>): Reappro => ({
    id: 1,
    id_produit: 4,
    produit: { id: 4, nom: "Plateau d'œufs calibre M" },
    quantite: 2,
    etat: 'VALID',
    created_at: '2026-11-12T10:00:00Z',
    ...over,
  });

  it('say where they came from and offer no Annuler; a hand restock keeps its Annuler', async () => {
    stubFetch({
      'GET api/produit/reappro/get': {
        body: [
          reappro({ id: 3, origine: 'PRODUCTION', source: { type: 'oeufs', id: 7, id_bande: 2, bande_nom: 'Ponte A', date: '2026-11-12' } }),
          reappro({
            id: 2,
            quantite: 40,
            produit: { id: 6, nom: 'Poulet PAC' },
            origine: 'PRODUCTION',
            source: { type: 'abattage', id: 4, id_bande: 1, bande_nom: 'Chair A', date: '2026-11-10' },
          }),
          reappro({ id: 1, quantite: 10 }),
        ],
      },
    });
    renderWithApp(<ReapproListPage />, '/produit/liste');
    expect((await screen.findByTestId('origine-3')).textContent).toBe('Production Bande Ponte A, envoi du 12/11');
    expect(screen.getByTestId('origine-2').textContent).toBe('Production Abattage n° 4');
    expect(screen.getByTestId('origine-1').textContent).toBe('Saisie manuelle');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).queryByRole('button', { name: 'Annuler' })).toBeNull();
    expect(within(rows[1]).queryByRole('button', { name: 'Annuler' })).toBeNull();
    expect(within(rows[2]).getByRole('button', { name: 'Annuler' })).toBeTruthy();
  });
});

const bande = { id: 3, nom: 'Lot Cobb', type: 'chair', nb_sujet: 500, nb_perte: 0, nb_vendu: 0, nb_abattu: 0, statut: 'ACTIVE', date_demarage: '2026-10-01' };

function renderForm() {
  renderWithApp(
    <Routes>
      <Route path="/newabatage" element={<AbattageFormPage />} />
      <Route path="/abatage" element={<p>liste</p>} />
    </Routes>,
    '/newabatage',
  );
}

describe('the slaughter form’s product per category', () => {
  it('lists the active products with « Aucun » and sends the product chosen for each category', async () => {
    const { calls } = stubFetch({
      'GET api/bande': { body: [bande] },
      'GET api/checkplan': { body: { code: 200 } },
      'GET api/user/checkPermission': { body: { status: 'yes', droits: ['abatav', 'prav'] } },
      // An egg product is not offered: birds do not go into egg trays (the server refuses it too).
      'GET api/produit': { body: [produit({ id: 6, nom: 'Poulet PAC', oeufs_par_unite: null }), produit({ oeufs_par_unite: 30 })] },
      'POST api/bande/abatage': (c) => ({ body: { code: 200, message: 'Abattage enregistré', abatage: { id: 1, ...(c.body as object) } } }),
    });
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: 'Lot Cobb / 500 vivants' });
    await user.type(screen.getByLabelText('Nombre total de poulets'), '30');
    await user.selectOptions(screen.getByLabelText('Bande'), '3');
    await user.click(screen.getByLabelText('Ajouter une catégorie'));
    const select = await screen.findByLabelText('Produit de la boutique');
    await waitFor(() => expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Aucun', 'Poulet PAC']));

    await user.type(screen.getByLabelText('Quantité'), '20');
    await user.type(screen.getByLabelText('Poids min (kg)'), '1,5');
    await user.type(screen.getByLabelText('Poids max (kg)'), '2');
    await user.selectOptions(select, '6');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    await user.type(screen.getByLabelText('Quantité'), '10');
    await user.type(screen.getByLabelText('Poids min (kg)'), '2');
    await user.type(screen.getByLabelText('Poids max (kg)'), '2,5');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    const table = screen.getByTestId('categories-table');
    expect(within(table).getByText('Poulet PAC')).toBeTruthy();
    expect(within(table).getByText('Aucun')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'POST')!.body as { category: Record<string, unknown>[] };
    expect(sent.category).toEqual([
      { id: -1, quantite: 20, poids_min: 1.5, poids_max: 2, id_produit: 6 },
      { id: -1, quantite: 10, poids_min: 2, poids_max: 2.5 },
    ]);
  });

  it('is not offered (nor the products asked) without the products’ right', async () => {
    const { calls } = stubFetch({
      'GET api/bande': { body: [bande] },
      'GET api/checkplan': { body: { code: 200 } },
      'GET api/user/checkPermission': { body: { status: 'yes', droits: ['abatav'] } },
    });
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: 'Lot Cobb / 500 vivants' });
    await user.click(screen.getByLabelText('Ajouter une catégorie'));
    await screen.findByLabelText('Poids max (kg)');
    await waitFor(() => expect(calls.some((c) => c.url === 'api/user/checkPermission')).toBe(true));
    expect(screen.queryByLabelText('Produit de la boutique')).toBeNull();
    expect(calls.some((c) => c.url === 'api/produit')).toBe(false);
  });
});

describe('the slaughter list', () => {
  const abattage = (over: Partial<Abattage> = {}): Abattage => ({
    id: 4,
    quantite: 30,
    id_bande: 3,
    bande: { id: 3, nom: 'Lot Cobb' },
    date: '2026-11-20',
    created_at: '2026-11-20T10:00:00Z',
    categories: [
      { id: 1, quantite: 20, poids_min: 1.5, poids_max: 2, id_produit: 6, produit: { id: 6, nom: 'Poulet PAC' }, id_reappro: 9 },
      { id: 2, quantite: 10, poids_min: 2, poids_max: 2.5 },
    ],
    ...over,
  });

  it('shows the products, cancels after a confirmation and shows the record as cancelled', async () => {
    let cancelled = false;
    const { calls } = stubFetch({
      'GET api/bande/abatage/list': () => ({ body: [cancelled ? abattage({ etat: 'DELETED' }) : abattage()] }),
      'GET api/bande/abatage/delete/4': () => {
        cancelled = true;
        return { body: { code: 200, message: 'Abattage annulé', abatage: abattage({ etat: 'DELETED' }) } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<AbattageListPage />, '/abatage');
    expect((await screen.findByTestId('abatage-produits-4')).textContent).toBe('Poulet PAC');
    expect(screen.getByTestId('abatage-etat-4').textContent).toBe('Valide');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByText(/Annuler l'abattage de 30 sujets de « Lot Cobb »/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText('Abattage annulé')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('abatage-etat-4').textContent).toBe('Annulé'));
    expect(calls.filter((c) => c.url === 'api/bande/abatage/delete/4')).toHaveLength(1);
    // A cancelled record is kept, its details open, but it can no longer be edited nor cancelled.
    expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Modifier' })).toBeNull();
  });

  it('shows the server’s refusal in its words inside the dialog', async () => {
    const refus = 'Annulation impossible : la boutique a déjà vendu une partie de « Poulet PAC » (5 en stock pour 20 à reprendre).';
    stubFetch({
      'GET api/bande/abatage/list': { body: [abattage()] },
      'GET api/bande/abatage/delete/4': { status: 409, body: { code: 409, message: refus } },
    });
    const user = userEvent.setup();
    renderWithApp(<AbattageListPage />, '/abatage');
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
    await user.click(screen.getByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText(refus)).toBeTruthy();
    expect(screen.getByTestId('abatage-etat-4').textContent).toBe('Valide');
  });
});

describe('a receipt’s egg-product line', () => {
  it('says its trays and eggs (« 2 plateaux = 60 œufs »); another product’s line says nothing more', async () => {
    const ligne = (id: number, id_produit: number, nom: string, quantite: number, prix: number) => ({
      id,
      id_transaction: 12,
      boutique: { id: 1, nom: 'Boutique' },
      id_produit,
      produit: nom,
      prix_vente: prix,
      prix_unitaire: prix,
      quantite,
      total: prix * quantite,
      type_remise: 'MONTANT',
      valeur_remise: 0,
      type: 'DIRECT',
      etat: 'VALID',
      id_client: null,
      client: null,
      id_bande: null,
      created_at: '2026-11-21T09:00:00Z',
    });
    stubFetch({
      'POST api/vente/boutique': {
        body: { ventes: [ligne(1, 4, "Plateau d'œufs calibre M", 2, 2750), ligne(2, 5, 'Fumier (sac)', 1, 1000)], chiffre_affaire: 6500 },
      },
      'GET api/user/checkPermission': { body: { status: 'yes', droits: ['prav'] } },
      'GET api/produit?archives=1': { body: [produit({ oeufs_par_unite: 30 }), produit({ id: 5, nom: 'Fumier (sac)' })] },
      'GET api/boutique': { body: [] },
    });
    renderWithApp(
      <Routes>
        <Route path="/recu/vente/:jour/:transaction" element={<RecuVentePage />} />
      </Routes>,
      '/recu/vente/2026-11-21/12',
    );
    const cell = (await screen.findByText("Plateau d'œufs calibre M")).closest('td')!;
    await waitFor(() => expect(cell.textContent).toBe("Plateau d'œufs calibre M2 plateaux = 60 œufs"));
    expect(screen.getByText('Fumier (sac)').closest('td')!.textContent).toBe('Fumier (sac)');
  });
});

describe('the sales history’s CSV', () => {
  it('says the eggs of an egg product’s line, read from the products', async () => {
    const ligne = (id: number, id_produit: number, nom: string, quantite: number) => ({
      id,
      id_transaction: id,
      boutique: { id: 1, nom: 'Boutique' },
      id_produit,
      produit: nom,
      prix_vente: 2750,
      prix_unitaire: 2750,
      quantite,
      total: 2750 * quantite,
      type_remise: 'MONTANT',
      valeur_remise: 0,
      type: 'DIRECT',
      etat: 'VALID',
      id_client: null,
      client: null,
      id_bande: null,
      created_at: '2026-11-21T09:00:00Z',
    });
    stubFetch({
      'POST api/vente/boutique': { body: { ventes: [ligne(1, 4, "Plateau d'œufs calibre M", 2), ligne(2, 5, 'Fumier (sac)', 1)], chiffre_affaire: 8250 } },
      'GET api/user/checkPermission': { body: { status: 'yes', droits: ['prav', 'ventav'] } },
      'GET api/produit?archives=1': { body: [produit({ oeufs_par_unite: 30 }), produit({ id: 5, nom: 'Fumier (sac)' })] },
      'GET api/boutique': { body: [] },
    });
    const dl = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => undefined);
    try {
      renderWithApp(<VenteHistoriquePage />, '/vente');
      await screen.findByText('Fumier (sac)');
      const user = userEvent.setup();
      await waitFor(async () => {
        dl.mockClear();
        await user.click(screen.getByTestId('table-ventes-historique-csv'));
        const [, columns, rows] = dl.mock.calls[0] as unknown as [string, csv.CsvColumn<unknown>[], unknown[]];
        const lines = csv.toCsv(columns, rows).slice(1).split('\r\n');
        const header = lines[0].split(';');
        const col = (line: string, label: string) => line.split(';')[header.indexOf(label)];
        const plateau = lines.slice(1).find((l) => l.includes("Plateau d'œufs"))!;
        expect([col(plateau, 'Œufs'), col(plateau, 'Plateaux et œufs')]).toEqual(['60', '2 plateaux']);
      });
    } finally {
      dl.mockRestore();
    }
  });
});
