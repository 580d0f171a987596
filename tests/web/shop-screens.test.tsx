// Shop screens against a stubbed API (spec part 2 §2, §8): sales history (dates default to today,
// turnover, delete hidden when DELETED, confirmation, sizes 5/10/20/30), order detail (Livré only
// while PENDING), restock list (Annuler only when valid), shop dialog (422 limit message).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { addDays, todayFor } from '@shared/dates';
import BoutiqueListPage from '../../web/src/features/boutiques/routes/BoutiqueListPage';
import CommandeDetailPage from '../../web/src/features/commandes/routes/CommandeDetailPage';
import ReapproListPage from '../../web/src/features/produits/routes/ReapproListPage';
import VenteHistoriquePage from '../../web/src/features/ventes/routes/VenteHistoriquePage';
import { renderWithApp, stubFetch } from './helpers';

const line = (id: number, total: number, etat: 'VALID' | 'DELETED', type = 'DIRECT') => ({
  id,
  id_transaction: id,
  boutique: { id: 1, nom: 'Boutique Centre' },
  id_produit: 1,
  produit: 'Poulet fermier',
  prix_vente: 3500,
  prix_unitaire: 3500,
  quantite: total / 3500,
  total,
  type_remise: 'MONTANT',
  valeur_remise: 0,
  type,
  etat,
  id_client: null,
  client: null,
  id_bande: null,
  created_at: '2026-11-21T09:00:00Z',
});

describe('sales history', () => {
  it('asks today by default, shows the turnover, hides delete on DELETED lines and cancels after confirmation', async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const api = stubFetch({
      'POST api/vente/boutique': () => ({
        body: cancelled
          ? { ventes: [line(1, 7000, 'DELETED'), line(2, 3500, 'DELETED')], chiffre_affaire: 0 }
          : { ventes: [line(1, 7000, 'VALID'), line(2, 3500, 'DELETED')], chiffre_affaire: 7000 },
      }),
      'POST api/vente/annulerVente': () => {
        cancelled = true;
        return { body: line(1, 7000, 'DELETED') };
      },
    });
    renderWithApp(<VenteHistoriquePage />, '/vente');
    const today = todayFor();
    expect((screen.getByLabelText('Date de début') as HTMLInputElement).value).toBe(today);
    expect((screen.getByLabelText('Date de fin') as HTMLInputElement).value).toBe(today);
    await waitFor(() => expect(screen.getByTestId('chiffre-affaire').textContent).toBe('7 000 FCFA'));
    const first = api.calls.find((c) => c.url === 'api/vente/boutique')!;
    expect(first.body).toEqual({ debut: today, fin: today });
    expect(first.headers.droit).toBe('prav:r');

    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).queryByRole('button', { name: /Annuler la vente/ })).not.toBeNull();
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    expect([...(screen.getByLabelText('Lignes par page') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['5', '10', '20', '30']);

    await user.click(within(rows[0]).getByRole('button', { name: /Annuler la vente/ }));
    // The app's own dialog, never the browser's confirm().
    await user.click(await screen.findByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText('Vente annulée')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('chiffre-affaire').textContent).toBe('0 FCFA'));
    expect(api.calls.find((c) => c.url === 'api/vente/annulerVente')!.body).toEqual({ id_vente: 1 });
  });

  it('a failed cancel shows the spec message; both dates are required and ordered', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'POST api/vente/boutique': { body: { ventes: [line(1, 7000, 'VALID')], chiffre_affaire: 7000 } },
      'POST api/vente/annulerVente': { status: 500, body: { code: 500, message: 'x' } },
    });
    renderWithApp(<VenteHistoriquePage />, '/vente');
    await screen.findByText('7 000 FCFA', { selector: '[data-testid="chiffre-affaire"]' });
    await user.click(screen.getByRole('button', { name: /Annuler la vente/ }));
    await user.click(await screen.findByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText("Une erreur est survenue lors de l'annulation de cette vente")).toBeTruthy();

    await user.clear(screen.getByLabelText('Date de début'));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(screen.getByText('Les deux dates sont requises')).toBeTruthy();
    // the end is today: a start tomorrow comes after it
    await user.type(screen.getByLabelText('Date de début'), addDays(todayFor(), 1));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(screen.getByText('La date de début doit précéder la date de fin.')).toBeTruthy();
    expect(api.calls.filter((c) => c.url === 'api/vente/boutique')).toHaveLength(1);
  });
});

describe('order detail', () => {
  const commande = (etat_livraison: 'PENDING' | 'DELIVERED') => ({
    id: 1,
    numero_commande: 'CMD-000001',
    id_client: 5,
    client: { id: 5, prenom: 'Awa', nom: 'Diop', telephone: '+221771234567', indicatif: '+221', email: 'awa@ferme.sn', numero_compte: 'CLI-000005' },
    produits: [{ id_produit: 1, produit: 'Poulet fermier', quantite: 2, prix_unitaire: 3500, total: 7000 }],
    montant_total: 7000,
    accompte: 2000,
    etat_paiement: 'PENDING',
    etat_livraison,
    date_livraison: '2026-12-24',
    created_at: '',
    delivered_at: null,
  });

  function renderDetail() {
    renderWithApp(
      <Routes>
        <Route path="/commande/:numero_commande" element={<CommandeDetailPage />} />
      </Routes>,
      '/commande/CMD-000001',
    );
  }

  it('shows order and client information; Livré delivers and then disappears', async () => {
    const user = userEvent.setup();
    let delivered = false;
    const api = stubFetch({
      'GET api/commande/CMD-000001': () => ({ body: commande(delivered ? 'DELIVERED' : 'PENDING') }),
      'POST api/commande/toDeliver': () => {
        delivered = true;
        return { body: commande('DELIVERED') };
      },
    });
    renderDetail();
    expect((await screen.findByTestId('commande-montant')).textContent).toBe('7 000 FCFA');
    expect(screen.getByText('2 000 FCFA')).toBeTruthy();
    expect(screen.getByText('+221 77 123 45 67')).toBeTruthy();
    expect(screen.getByText('awa@ferme.sn')).toBeTruthy();
    expect(screen.getByText('24/12/2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Livré' }));
    await user.click(await screen.findByRole('button', { name: 'Oui, livrée' }));
    expect(await screen.findByText('Commande livrée')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Livré' })).toBeNull());
    expect(screen.getByTestId('commande-livraison').textContent).toBe('Livré');
    expect(screen.queryByRole('button', { name: 'Supprimer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter un produit' })).toBeNull();
    const post = api.calls.find((c) => c.url === 'api/commande/toDeliver')!;
    expect(post.body).toEqual({ id_commande: 1 });
    expect(post.headers.droit).toBe('commav:r');
  });

  it('a failed line removal alerts Erreur', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET api/commande/CMD-000001': { body: commande('PENDING') },
      'POST api/commande/deleteProduitFromCommande': { status: 500, body: { code: 500, message: 'boom' } },
    });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await user.click(await screen.findByRole('button', { name: 'Oui, supprimer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur');
  });
});

describe('restock list', () => {
  it('offers Annuler only on valid restocks', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET api/produit/reappro/get': {
        body: [
          { id: 2, id_produit: 1, produit: { id: 1, nom: 'Poulet fermier' }, quantite: 5, etat: 'CANCELED', created_at: '2026-11-20T08:00:00Z' },
          { id: 1, id_produit: 1, produit: { id: 1, nom: 'Poulet fermier' }, quantite: 20, etat: 'VALID', created_at: '2026-11-19T08:00:00Z' },
        ],
      },
      'GET api/produit/reappro/cancele/1': { status: 400, body: { code: 400, message: 'Stock déjà vendu' } },
    });
    renderWithApp(<ReapproListPage />, '/produit/liste');
    await screen.findByText('19/11/2026 08:00:00');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).queryByRole('button', { name: 'Annuler' })).toBeNull();
    expect(within(rows[0]).getByText('Annulé')).toBeTruthy();
    expect(rows[1].textContent).toContain('19/11/2026');
    await user.click(within(rows[1]).getByRole('button', { name: 'Annuler' }));
    await user.click(await screen.findByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText("Une erreur est survenue lors de l'annulation de l'approvisionnement : Stock déjà vendu")).toBeTruthy();
    expect(api.calls.find((c) => c.url === 'api/produit/reappro/cancele/1')!.headers.droit).toBe('prav:r');
  });
});

describe('shop dialog', () => {
  it('creates with the +221 dial code and shows the plan limit on 422', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET api/boutique': { body: [] },
      'POST api/boutique': { status: 422, body: { code: 422, message: 'limite' } },
    });
    renderWithApp(<BoutiqueListPage />, '/boutique');
    await user.click(screen.getByRole('button', { name: 'Créer une boutique' }));
    const dialog = await screen.findByRole('dialog', { name: "Création d'une boutique" });
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('Nom requis')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Nom'), 'Boutique Thiès');
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('Vous avez atteint le nombre de boutiques autorisées')).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ nom: 'Boutique Thiès', indicatif: '+221' });
    expect(post.headers.droit).toBe('boutav:r');
  });
});
