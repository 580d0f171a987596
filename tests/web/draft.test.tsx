// An unsaved form survives a reload (web/src/lib/use-draft.ts): the product dialog keeps
// what is typed on the device, puts it back when opened again (saying so, with a way to drop it),
// and forgets it once saved or closed on purpose.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProduitDialog, produitDraftKey } from '../../web/src/features/produits/components/ProduitDialog';
import { hasDraft } from '../../web/src/lib/use-draft';
import { renderWithApp, stubFetch } from './helpers';

const saved = { id: 9, nom: 'Sac de fumier', description: null, quantite: 0, prix_cession: 0, prix_vente: 1500, created_at: '2026-11-26T00:00:00Z' };

function open(onClose = () => {}, onSaved = () => {}) {
  return renderWithApp(<ProduitDialog produit={null} onClose={onClose} onSaved={onSaved} />);
}

describe('form drafts', () => {
  beforeEach(() => localStorage.clear());

  it('keeps what was typed across a reload (unmount and mount again), says so, and drops it on "Effacer le brouillon"', async () => {
    stubFetch({});
    const user = userEvent.setup();
    const first = open();
    await user.type(screen.getByLabelText('Nom'), 'Sac de fumier');
    await user.type(screen.getByLabelText('Prix de vente'), '1500');
    await waitFor(() => expect(hasDraft(produitDraftKey())).toBe(true));
    expect(screen.queryByTestId('draft-note')).toBeNull();
    first.unmount(); // the tab is dropped: no close, no save

    open();
    expect(await screen.findByTestId('draft-note')).toBeTruthy();
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Sac de fumier');
    expect((screen.getByLabelText('Prix de vente') as HTMLInputElement).value).toBe('1500');
    await user.click(screen.getByRole('button', { name: 'Effacer le brouillon' }));
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('draft-note')).toBeNull();
    expect(hasDraft(produitDraftKey())).toBe(false);
  });

  it('forgets the draft once saved, and when the form is closed with Annuler', async () => {
    const { calls } = stubFetch({ 'POST api/produit': { body: saved } });
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const a = open(undefined, onSaved);
    await user.type(screen.getByLabelText('Nom'), 'Sac de fumier');
    await user.type(screen.getByLabelText('Prix de cession'), '0');
    await user.type(screen.getByLabelText('Prix de vente'), '1500');
    await waitFor(() => expect(hasDraft(produitDraftKey())).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.some((c) => c.url === 'api/produit')).toBe(true);
    expect(hasDraft(produitDraftKey())).toBe(false);
    a.unmount();

    const onClose = vi.fn();
    open(onClose);
    await user.type(screen.getByLabelText('Nom'), 'Autre');
    await waitFor(() => expect(hasDraft(produitDraftKey())).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalled();
    expect(hasDraft(produitDraftKey())).toBe(false);
  });
});
