// The marketplace's pages (web/src/vitrine/Grid.tsx): a full page offers the next one, which starts
// after its last card; the next page's cards come under the first ones; a short page ends it.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VITRINE_PAGE } from '../../shared/ecommerce';
import type { ProduitVitrine } from '../../shared/schemas/ecommerce';
import { Pages } from '../../web/src/vitrine/Grid';
import { produitVitrine, stubFetch } from './helpers';

const produit = (id_entreprise: number, id: number): ProduitVitrine =>
  produitVitrine({ id, id_entreprise, entreprise: `Ferme ${id_entreprise}`, nom_produit: `Poulet ${id_entreprise}-${id}` });

describe('storefront: a search over several pages', () => {
  it('asks for the page after the last card, shows it under the first, and stops on a short page', async () => {
    const first = Array.from({ length: VITRINE_PAGE }, (_, i) => produit(1 + Math.floor(i / 10), 1 + (i % 10)));
    const { calls } = stubFetch({ 'GET api/vitrine/produits?ville=Thi%C3%A8s&type=poulet&apres=10.10': { body: [produit(11, 1), produit(12, 4)] } });
    const user = userEvent.setup();
    render(<Pages first={first} ville="Thiès" type="poulet" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(VITRINE_PAGE);
    await user.click(screen.getByRole('button', { name: 'Voir plus de produits' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(VITRINE_PAGE + 2));
    expect(calls).toHaveLength(1);
    expect(screen.getByText('Poulet 12-4')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Voir plus de produits' })).toBeNull();
  });

  it('a short first page offers no next page; a refused next page says why and keeps the cards', async () => {
    stubFetch({});
    const { unmount } = render(<Pages first={[produit(1, 1)]} ville="" type="" />);
    expect(screen.queryByRole('button', { name: 'Voir plus de produits' })).toBeNull();
    unmount();
    stubFetch({ 'GET api/vitrine/produits?apres=10.10': { status: 400, body: { code: 400, message: 'Page suivante introuvable, relancez la recherche.' } } });
    const user = userEvent.setup();
    render(<Pages first={Array.from({ length: VITRINE_PAGE }, (_, i) => produit(1 + Math.floor(i / 10), 1 + (i % 10)))} ville="" type="" />);
    await user.click(screen.getByRole('button', { name: 'Voir plus de produits' }));
    expect(await screen.findByText('Page suivante introuvable, relancez la recherche.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(VITRINE_PAGE);
  });
});
