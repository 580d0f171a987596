// Small behaviours of issue 33 item 6: the slaughter form's batch picker counts the birds alive
// (those that can still be slaughtered), not those placed; a product priced 0 FCFA asks
// « Êtes-vous sûr ? » before it is saved, and a changed field withdraws the question; item 7: the
// confirm button of a batch entry's cancel says the title's verb (« Supprimer » → « Oui, supprimer »).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import AbattageFormPage from '../../web/src/features/abattages/routes/AbattageFormPage';
import { ProduitDialog } from '../../web/src/features/produits/components/ProduitDialog';
import { CancelEntryDialog } from '../../web/src/features/bandes/components/CancelEntryDialog';
import { renderWithApp, stubFetch } from './helpers';

const noop = () => undefined;

describe('the slaughter form’s batch picker', () => {
  it('shows the birds alive (500 placed − 200 dead − 175 sold = 125), not the 500 placed', async () => {
    const bande = {
      id: 3,
      nom: 'Lot Cobb',
      type: 'chair',
      nb_sujet: 500,
      nb_perte: 200,
      nb_vendu: 175,
      nb_abattu: 0,
      statut: 'ACTIVE',
      date_demarage: '2026-10-01',
    };
    stubFetch({ 'GET api/bande': { body: [bande] }, 'GET api/checkplan': { body: { code: 200 } } });
    renderWithApp(
      <Routes>
        <Route path="/newabatage" element={<AbattageFormPage />} />
      </Routes>,
      '/newabatage',
    );
    await screen.findByRole('option', { name: 'Lot Cobb / 125 vivants' });
    expect(screen.queryByRole('option', { name: /500/ })).toBeNull();
  });
});

describe('a product priced 0 FCFA', () => {
  const saved = { id: 9, nom: 'Fumier', description: '', quantite: 0, prix_cession: 0, prix_vente: 0, created_at: '2026-11-01T08:00:00Z' };

  it('asks « Êtes-vous sûr ? » first, saves on « Oui, enregistrer »', async () => {
    const { calls } = stubFetch({ 'POST api/produit': { body: saved } });
    const user = userEvent.setup();
    renderWithApp(<ProduitDialog produit={null} onClose={noop} onSaved={noop} />);
    await user.type(screen.getByLabelText('Nom'), 'Fumier');
    await user.type(screen.getByLabelText('Prix de cession'), '0');
    await user.type(screen.getByLabelText('Prix de vente'), '0');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const box = await screen.findByTestId('sure-check');
    expect(box.textContent).toContain('Êtes-vous sûr ?');
    expect(box.textContent).toContain('Le prix de vente est de 0 FCFA');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Oui, enregistrer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls[0].body).toMatchObject({ nom: 'Fumier', prix_vente: 0 });
  });

  it('a changed price withdraws the question; a priced product is saved at once', async () => {
    const { calls } = stubFetch({ 'POST api/produit': { body: { ...saved, prix_vente: 1500 } } });
    const user = userEvent.setup();
    renderWithApp(<ProduitDialog produit={null} onClose={noop} onSaved={noop} />);
    await user.type(screen.getByLabelText('Nom'), 'Fumier');
    await user.type(screen.getByLabelText('Prix de cession'), '0');
    await user.type(screen.getByLabelText('Prix de vente'), '0');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByTestId('sure-check');
    await user.clear(screen.getByLabelText('Prix de vente'));
    await user.type(screen.getByLabelText('Prix de vente'), '1500');
    expect(screen.queryByTestId('sure-check')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(screen.queryByTestId('sure-check')).toBeNull();
  });
});

describe('the cancel dialogs of a batch’s entries', () => {
  it.each([
    ['depense', 'Supprimer la dépense', 'Oui, supprimer'],
    ['vente', 'Annuler la vente', 'Oui, annuler'],
    ['perte', 'Annuler la perte', 'Oui, annuler'],
    ['pesage', 'Annuler le pesage', 'Oui, annuler'],
    ['collect', 'Annuler la collecte', 'Oui, annuler'],
    ['cloture', 'Clôturer la bande', 'Oui, clôturer'],
  ] as const)('%s: « %s » is confirmed by « %s »', async (kind, title, yes) => {
    stubFetch({});
    renderWithApp(<CancelEntryDialog bandeId={1} cancel={kind === 'cloture' ? { kind } : { kind, id: 4 }} onClose={noop} onDone={noop} />);
    await screen.findByRole('dialog', { name: title });
    expect(screen.getByRole('button', { name: yes })).toBeTruthy();
  });
});
