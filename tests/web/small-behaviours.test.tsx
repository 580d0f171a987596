// Small behaviours: the slaughter form's batch picker counts the birds alive
// (those that can still be slaughtered), not those placed; a product priced 0 FCFA asks
// « Êtes-vous sûr ? » before it is saved, and a changed field withdraws the question; the
// confirm button of a batch entry's cancel says the title's verb (« Supprimer » → « Oui, supprimer »);
// the dashboard's refusal of a period is replaced by the next search's own message, not stacked; a
// receipt does not print the business's name twice when its shop bears the same name.
import { screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import AbattageFormPage from '../../web/src/features/abattages/routes/AbattageFormPage';
import { ProduitDialog } from '../../web/src/features/produits/components/ProduitDialog';
import { CancelEntryDialog } from '../../web/src/features/bandes/components/CancelEntryDialog';
import { DocumentFrame } from '../../web/src/app/documents/components/DocumentFrame';
import TableauDeBordPage from '../../web/src/features/tableau-de-bord/routes/TableauDeBordPage';
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

describe('the dashboard’s period search', () => {
  it('a refused period’s message goes when the next search is stopped by the form (no stacked messages)', async () => {
    const user = userEvent.setup();
    const periode = {
      debut: '2026-01-01',
      fin: '2026-11-25',
      bandes: 1,
      sujets: 500,
      depense: 1000,
      chiffre_affaire: 2000,
      nb_vendu: 0,
      pertes: 0,
      oeufs: 0,
      pesages: 0,
      ventes_boutique: 0,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
        if (url.startsWith('api/dashboard/periode/2001-')) return json({ code: 400, message: 'Période trop longue : 5 ans au plus.' }, 400);
        if (url.startsWith('api/dashboard/periode/')) return json(periode);
        if (url.startsWith('api/dashboard/mois/')) return json({ annee: 2026, mois: [] });
        if (url.startsWith('api/paiement/transactions')) return json({ transactions: [], services: [] });
        return json({ code: 200 });
      }),
    );
    renderWithApp(<TableauDeBordPage />, '/dashboard');
    await waitFor(() => expect(screen.getByTestId('dash-ca').textContent).toBe('2 000 FCFA'));
    await user.clear(screen.getByLabelText('Date de début'));
    await user.type(screen.getByLabelText('Date de début'), '2001-01-01');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await screen.findByTestId('dash-refus');
    // The next search: an end before its start, refused on the screen.
    await user.clear(screen.getByLabelText('Date de fin'));
    await user.type(screen.getByLabelText('Date de fin'), '2000-01-01');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await screen.findByText('La date de début doit précéder la date de fin');
    expect(screen.queryByTestId('dash-refus')).toBeNull();
  });
});

describe('a receipt’s header', () => {
  const entreprise = (boutique: string) => ({
    nom: 'Ferme Thiès',
    telephone: null,
    pays: 'Senegal',
    pays_tel: 'sn',
    boutiques: [{ id: 1, nom: boutique, adresse: 'Route de Mbour' }],
  });
  const frame = () => renderWithApp(<DocumentFrame title="Reçu de vente" idBoutique={1} back={{ to: '/vente', label: 'Historique des ventes' }} />);

  it('prints the business’s name once when its shop has the same name, with the shop’s address', async () => {
    stubFetch({ 'GET api/entreprise': { body: entreprise('Ferme  thiès') } });
    frame();
    expect((await screen.findByTestId('doc-boutique')).textContent).toBe('Route de Mbour');
    expect(screen.getByTestId('document').textContent!.match(/Ferme Thiès/gi)).toHaveLength(1);
  });

  it('prints a shop of another name under the business’s name', async () => {
    stubFetch({ 'GET api/entreprise': { body: entreprise('Boutique Keur Massar') } });
    frame();
    expect((await screen.findByTestId('doc-boutique')).textContent).toBe('Boutique Keur Massar — Route de Mbour');
  });
});
