// One revenue truth on screen (issue 17), against a stubbed API: the sales history shows an order's
// ledger lines with their origin and no delete icon, the order detail shows what was paid and what
// remains, and the dashboard keeps its figures (and shows the server's message) when a period is
// refused.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import CommandeDetailPage from '../../web/src/features/commandes/routes/CommandeDetailPage';
import DashboardPage from '../../web/src/features/tableau-de-bord/routes/DashboardPage';
import SalesHistoryPage from '../../web/src/features/ventes/routes/SalesHistoryPage';
import { renderWithApp, stubFetch } from './helpers';

const line = (id: number, extra: Record<string, unknown>) => ({
  id,
  id_transaction: id,
  boutique: { id: 1, nom: 'Boutique Centre' },
  id_produit: 1,
  produit: 'Poulet fermier',
  prix_vente: 3500,
  prix_unitaire: 3500,
  quantite: 2,
  total: 7000,
  type_remise: 'MONTANT',
  valeur_remise: 0,
  type: 'DIRECT',
  etat: 'VALID',
  id_client: null,
  client: null,
  id_bande: null,
  created_at: '2026-11-21T09:00:00Z',
  source: 'BOUTIQUE',
  ...extra,
});

describe('sales history: the ledger lines of orders', () => {
  it('shows their origin (linking the order), counts them in the turnover and offers no delete icon on them', async () => {
    stubFetch({
      'POST api/vente/boutique': {
        body: {
          ventes: [
            line(3, { source: 'COMMANDE', id_commande: 12, numero_commande: 'CMD-000012', type: 'EMPRUNT', client: { id: 5, prenom: 'Awa', nom: 'Diop' } }),
            line(2, { source: 'ECOMMERCE', id_commande_ecom: 3, numero_commande: 'EC000003', total: 3500, quantite: 1 }),
            line(1, {}),
          ],
          chiffre_affaire: 17_500,
        },
      },
    });
    renderWithApp(<SalesHistoryPage />, '/vente');
    await waitFor(() => expect(screen.getByTestId('chiffre-affaire').textContent).toBe('17 500 FCFA'));
    const rows = screen.getAllByRole('row').slice(1);
    const order = within(rows[0]).getByRole('link', { name: 'Commande CMD-000012' });
    expect(order.getAttribute('href')).toBe('#/commande/CMD-000012');
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(within(rows[1]).getByText('Commande en ligne EC000003')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    expect(within(rows[2]).getByRole('button', { name: /Annuler la vente/ })).toBeTruthy();
  });
});

describe('order detail: what was paid and what remains', () => {
  it('shows the deposit, the repayments, the balance and "Payé" once paid in full', async () => {
    stubFetch({
      'GET api/commande/CMD-000012': {
        body: {
          id: 12,
          numero_commande: 'CMD-000012',
          id_client: 5,
          client: { id: 5, prenom: 'Awa', nom: 'Diop', telephone: null, indicatif: '+221', email: null, numero_compte: 'CLI-000005' },
          produits: [{ id_produit: 1, produit: 'Poulet fermier', quantite: 2, prix_unitaire: 3500, total: 7000 }],
          montant_total: 7000,
          accompte: 2000,
          etat_paiement: 'PAYED',
          etat_livraison: 'DELIVERED',
          date_livraison: '2026-11-30',
          created_at: '2026-11-20T08:00:00Z',
          delivered_at: '2026-11-21T08:00:00Z',
          montant_regle: 5000,
          reste_a_payer: 0,
          reglements: [{ id_versement: 4, montant: 5000, created_at: '2026-11-22T10:00:00Z' }],
        },
      },
    });
    renderWithApp(
      <Routes>
        <Route path="/commande/:numero_commande" element={<CommandeDetailPage />} />
      </Routes>,
      '/commande/CMD-000012',
    );
    expect((await screen.findByTestId('commande-paiement')).textContent).toBe('Payé');
    expect(screen.getByTestId('commande-accompte').textContent).toBe('2 000 FCFA');
    expect(screen.getByTestId('commande-regle').textContent).toBe('5 000 FCFA');
    expect(screen.getByTestId('commande-reste').textContent).toBe('0 FCFA');
    const paiements = screen.getByTestId('commande-paiements');
    expect(within(paiements).getByRole('link', { name: 'Remboursement' }).getAttribute('href')).toBe('#/recu/versement/4');
    expect(within(paiements).getByText('22/11/2026')).toBeTruthy();
  });
});

describe('dashboard: a period the server refuses', () => {
  it('shows the server’s message and keeps the previous figures on screen', async () => {
    const user = userEvent.setup();
    const periode = {
      debut: '2026-01-01',
      fin: '2026-11-25',
      bandes: 2,
      sujets: 800,
      depense: 120_000,
      chiffre_affaire: 300_000,
      nb_vendu: 90,
      pertes: 4,
      oeufs: 0,
      pesages: 1,
      ventes_boutique: 45_000,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('api/dashboard/periode/2001-'))
          return new Response(JSON.stringify({ code: 400, message: 'Période trop longue : 5 ans au plus.' }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          });
        const body = url.startsWith('api/dashboard/periode/')
          ? periode
          : url.startsWith('api/dashboard/mois/')
            ? { annee: 2026, mois: [] }
            : url.startsWith('api/paiement/transactions')
              ? { transactions: [], services: [] }
              : { code: 200 };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithApp(<DashboardPage />, '/dashboard');
    await waitFor(() => expect(screen.getByTestId('dash-ca').textContent).toBe('300 000 FCFA'));
    expect(screen.getByTestId('dash-ventes-boutique').textContent).toBe('45 000 FCFA');
    await user.clear(screen.getByLabelText('Date de début'));
    await user.type(screen.getByLabelText('Date de début'), '2001-01-01');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect((await screen.findByTestId('dash-refus')).textContent).toBe('Période trop longue : 5 ans au plus.');
    expect(screen.getByRole('alert').textContent).toContain('Les chiffres affichés restent ceux du 01/01/2026 au 25/11/2026.');
    expect(screen.getByTestId('dash-ca').textContent).toBe('300 000 FCFA');
    expect(screen.getByTestId('dash-depense').textContent).toBe('120 000 FCFA');
    expect(screen.getByTestId('dash-ventes-boutique').textContent).toBe('45 000 FCFA');
  });
});
