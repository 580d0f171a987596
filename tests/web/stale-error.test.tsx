// A refusal shown above a form's fields (web/src/lib/ui/FormDialog.tsx) goes away once the user
// changes a field — its cause may be fixed — and the next refused send shows it again, even the
// same words ("stale errors stay after the fix").
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProduitDialog } from '../../web/src/features/produits/components/ProduitDialog';
import { renderWithApp, stubFetch } from './helpers';

const refusal = 'Un produit porte déjà ce nom.';

describe('a form dialog and a stale refusal', () => {
  it("shows the server's refusal, drops it on the next edit, shows it again on the next refused send", async () => {
    const user = userEvent.setup();
    const api = stubFetch({ 'POST api/produit': { status: 400, body: { code: 400, message: refusal } } });
    renderWithApp(<ProduitDialog produit={null} onClose={() => {}} onSaved={() => {}} />);
    await user.type(screen.getByLabelText('Nom'), 'Aliment');
    await user.type(screen.getByLabelText('Prix de cession'), '1500');
    await user.type(screen.getByLabelText('Prix de vente'), '2500');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(refusal)).toBeTruthy();

    await user.type(screen.getByLabelText('Nom'), ' démarrage');
    expect(screen.queryByText(refusal)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(await screen.findByText(refusal)).toBeTruthy();
  });
});
