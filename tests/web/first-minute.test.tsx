// Issue 8 "works from its first minute" on screen: the profitability card only when profit is
// positive AND the rate exists (no expenses = no rate), and lists that show the time of day.
import { screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import DashboardPage from '../../web/src/features/tableau-de-bord/routes/DashboardPage';
import ReapproListPage from '../../web/src/features/produits/routes/ReapproListPage';
import { renderWithApp, stubFetch } from './helpers';

// The dashboard reads the period route (issue 11): the sums of the entries dated in the range.
const periode = (depense: number, chiffre_affaire: number) => ({
  debut: '2026-01-01',
  fin: '2026-01-31',
  bandes: 1,
  sujets: 100,
  depense,
  chiffre_affaire,
  nb_vendu: 10,
  pertes: 0,
  oeufs: 0,
  pesages: 0,
  ventes_boutique: 0,
});

function stubDashboard(p: ReturnType<typeof periode>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.startsWith('api/dashboard/periode/')
        ? p
        : url.startsWith('api/dashboard/mois/')
          ? { annee: 2026, mois: [] }
          : url.startsWith('api/paiement/transactions')
            ? { transactions: [], services: [] }
            : { code: 200 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

describe('Taux de rentabilité on the dashboard', () => {
  it('is hidden when there are no expenses, even with a positive revenue', async () => {
    stubDashboard(periode(0, 50_000));
    renderWithApp(<DashboardPage />, '/dashboard');
    // the profit card shows the period's figures: the data has arrived
    await waitFor(() => expect(screen.getByTestId('dash-benefice').textContent).toContain('50'));
    expect(screen.queryByTestId('dash-rentabilite')).toBeNull();
  });

  it('is shown when profit is positive and expenses exist', async () => {
    stubDashboard(periode(20_000, 50_000));
    renderWithApp(<DashboardPage />, '/dashboard');
    expect((await screen.findByTestId('dash-rentabilite')).textContent).toContain('150 %');
  });
});

describe('restock list', () => {
  it('shows the time of day of each restock', async () => {
    stubFetch({
      'GET api/produit/reappro/get': {
        body: [{ id: 1, id_produit: 1, produit: { id: 1, nom: 'Poulet' }, quantite: 5, etat: 'VALID', created_at: '2026-11-21T08:05:09.123Z' }],
      },
    });
    renderWithApp(<ReapproListPage />, '/produit/liste');
    await waitFor(() => expect(screen.getByText('21/11/2026 08:05:09')).toBeTruthy());
  });
});
