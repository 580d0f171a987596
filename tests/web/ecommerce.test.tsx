// Online shop screens against a stubbed API (spec part 2 §2, §4, §8): /ecommerce (client and
// phone from info_client, §4 labels and colours, cancel → 'Commande annulée' and the row updated
// without a reload, edit/cancel only while pending) and /produit/online (Publier only when not
// ACTIVE, the plan's 422 message, the spec's failure message otherwise).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CommandeEcomListPage from '../../web/src/features/ecommerce/routes/CommandeEcomListPage';
import ProduitEcomListPage from '../../web/src/features/produits/routes/ProduitEcomListPage';
import { renderWithApp, stubFetch } from './helpers';

const order = (id: number, etat: string, paiement = 'PENDING', livraison = 'PENDING') => ({
  id,
  numero_commande: `EC00000${id}`,
  info_client: JSON.stringify({ prenom: 'Awa', nom: `Ndiaye${id}`, telephone: `77000000${id}`, adresse: 'Mbour' }),
  id_produit_ecom: 1,
  id_produit: 1,
  nom_produit: 'Poulet fermier',
  quantite: 2,
  prix_unitaire: 3500,
  montant_total: 7000,
  etat,
  etat_paiement: paiement,
  etat_livraison: livraison,
  created_at: '2026-11-21T09:00:00Z',
});

describe('/ecommerce', () => {
  it('shows the buyer from info_client, the §4 labels in their colours, and cancels a pending order without reloading', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET api/produit/onlineCommande': {
        body: [order(1, 'PENDING'), order(2, 'FINISHED', 'PAYED', 'DELIVERED'), order(3, 'CANCELED'), order(4, 'PAYED', 'PAYED')],
      },
      'GET api/produit/cancelOnlineCommande/1': { body: order(1, 'CANCELED') },
    });
    renderWithApp(<CommandeEcomListPage />, '/ecommerce');
    const table = await screen.findByTestId('ecom-commandes');
    const row1 = (await within(table).findByText('Awa Ndiaye1')).closest('tr')!;
    expect(within(row1).getByText('770000001')).toBeTruthy();
    expect(within(row1).getByText('En attente').className).toContain('etat-pending');
    expect(within(table).getByText('Payé et livré').className).toContain('etat-finished');
    expect(within(table).getByText('Annulée').className).toContain('etat-canceled');
    expect(within(table).getByText('Payé').className).toContain('etat-other');
    // edit and cancel only on the pending order
    expect(within(table).getAllByRole('button', { name: 'Annuler' })).toHaveLength(1);
    expect(within(table).getAllByRole('button', { name: 'Modifier' })).toHaveLength(1);
    await user.click(within(row1).getByRole('button', { name: 'Annuler' }));
    // The app's own dialog, never the browser's confirm().
    await user.click(await screen.findByRole('button', { name: 'Oui, annuler' }));
    await screen.findByText('Commande annulée');
    await waitFor(() => expect(within(row1).getByText('Annulée')).toBeTruthy());
    expect(api.calls.filter((c) => c.url === 'api/produit/onlineCommande')).toHaveLength(1);
    expect(api.calls.find((c) => c.url.startsWith('api/produit/cancel'))!.headers.droit).toBe('prav:r');
  });

  it("shows the spec's message when a cancel fails", async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET api/produit/onlineCommande': { body: [order(1, 'PENDING')] },
      'GET api/produit/cancelOnlineCommande/1': { status: 503, body: { code: 503, message: 'x' } },
    });
    renderWithApp(<CommandeEcomListPage />, '/ecommerce');
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
    await user.click(await screen.findByRole('button', { name: 'Oui, annuler' }));
    await screen.findByText("Une erreur est survenue lors de l'annulation de la commande");
  });
});

describe('/produit/online', () => {
  const produit = (id: number, etat: string) => ({
    id,
    id_produit: id,
    code_produit: `PEL-000${id}`,
    type_produit: 'poulet',
    nom_produit: `Poulet ${id}`,
    prix_unitaire: 3500,
    description: 'd',
    ville: 'Thiès',
    adresse: 'a',
    images: [],
    etat,
    currency: 'XOF',
    pays: 'Senegal',
    code_pays: 'sn',
    created_at: '2026-11-21T09:00:00Z',
  });

  it("offers Publier only when not ACTIVE and shows the plan's 422 message", async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET api/produit/getEcomProductByEntreprise': { body: [produit(1, 'ACTIVE'), produit(2, 'INACTIVE')] },
      'POST api/produit/publierEcom': {
        status: 422,
        body: { code: 422, message: 'Vous avez atteint le nombre de produits en ligne autorisé par votre plan (5).' },
      },
    });
    renderWithApp(<ProduitEcomListPage />, '/produit/online');
    const table = await screen.findByTestId('ecom-produits');
    await within(table).findByText('Poulet 2');
    expect(within(table).getAllByRole('button', { name: 'Publier' })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Publier' }));
    await screen.findByText('Vous avez atteint le nombre de produits en ligne autorisé par votre plan (5).');
    expect(api.calls.find((c) => c.url === 'api/produit/publierEcom')!.body).toEqual({ id: 2 });
  });

  it("shows 'Erreur lors de la mise en ligne' on any other failure", async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET api/produit/getEcomProductByEntreprise': { body: [produit(2, 'INACTIVE')] },
      'POST api/produit/publierEcom': { status: 500, body: { code: 500, message: 'x' } },
    });
    renderWithApp(<ProduitEcomListPage />, '/produit/online');
    await user.click(await screen.findByRole('button', { name: 'Publier' }));
    await screen.findByText('Erreur lors de la mise en ligne');
  });

  it('offers Retirer de la vitrine only on a published product, and says it was taken off', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET api/produit/getEcomProductByEntreprise': { body: [produit(1, 'ACTIVE'), produit(2, 'INACTIVE')] },
      'POST api/produit/depublierEcom': { body: produit(1, 'INACTIVE') },
    });
    renderWithApp(<ProduitEcomListPage />, '/produit/online');
    const table = await screen.findByTestId('ecom-produits');
    await within(table).findByText('Poulet 1');
    expect(within(table).getAllByRole('button', { name: 'Retirer de la vitrine' })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Retirer de la vitrine' }));
    await screen.findByText('Produit retiré de la vitrine');
    expect(api.calls.find((c) => c.url === 'api/produit/depublierEcom')!.body).toEqual({ id: 1 });
  });
});
