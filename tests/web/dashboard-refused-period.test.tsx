// A period the server refuses (issue 17 item 7) says why in the server's words and leaves the
// previous figures on screen, instead of a wall of zeros.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import DashboardPage from '../../web/src/features/dashboard/routes/DashboardPage';
import { renderWithApp } from './helpers';

const TOO_LONG = 'Période trop longue : 5 ans au plus.';

describe('dashboard: a refused period', () => {
  it("shows the server's message and keeps the last figures", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('api/dashboard/periode/2010-01-01/')) return new Response(JSON.stringify({ code: 400, message: TOO_LONG }), { status: 400 });
        const body = url.startsWith('api/dashboard/periode/')
          ? { debut: 'x', fin: 'y', bandes: 2, sujets: 700, depense: 230_500, chiffre_affaire: 400_000, nb_vendu: 140, pertes: 7, oeufs: 0, pesages: 2, ventes_boutique: 0 }
          : url.startsWith('api/dashboard/mois/')
            ? { annee: 2026, mois: [] }
            : url.startsWith('api/paiement/transactions')
              ? { transactions: [], services: [] }
              : { code: 200 };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithApp(<DashboardPage />, '/dashboard');
    await waitFor(() => expect(screen.getByTestId('dash-ca').textContent).toContain('400 000 FCFA'));
    fireEvent.change(screen.getByLabelText('Date de début'), { target: { value: '2010-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect((await screen.findByTestId('dash-refused')).textContent).toBe(TOO_LONG);
    expect(screen.getByTestId('dash-ca').textContent).toContain('400 000 FCFA');
    expect(screen.getByTestId('dash-sujets').textContent).toContain('700');
  });
});
