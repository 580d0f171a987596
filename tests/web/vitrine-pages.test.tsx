// The marketplace's pages (web/src/vitrine/Grid.tsx): a page whose last card carries `suite`
// offers the next one, whatever its length (a page cut short by the per-seller share has more
// after it), which starts after its last card; the next page's cards come under the first ones; a
// page without `suite` ends it, even a full one.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VITRINE_PAGE } from '@shared/ecommerce';
import type { ProduitVitrine } from '@shared/schemas/ecommerce';
import { Pages } from '../../web/src/vitrine/Grid';
import { produitVitrine, stubFetch } from './helpers';

const produit = (id_entreprise: number, id: number, suite?: boolean): ProduitVitrine => ({
  ...produitVitrine({ id, id_entreprise, entreprise: `Ferme ${id_entreprise}`, nom_produit: `Poulet ${id_entreprise}-${id}` }),
  ...(suite ? { suite } : {}),
});

describe('storefront: a search over several pages', () => {
  it('a short page that says more follows offers it, shows it under the first, and stops when the next says nothing', async () => {
    // Four products of one seller: its share of a page, with more of its products after.
    const first = [produit(3, 1), produit(3, 2), produit(3, 3), produit(3, 4, true)];
    const { calls } = stubFetch({ 'GET api/vitrine/produits?ville=Thi%C3%A8s&type=poulet&apres=3.4': { body: [produit(3, 5), produit(3, 6)] } });
    const user = userEvent.setup();
    render(<Pages first={first} ville="Thiès" type="poulet" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Voir plus de produits' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(6));
    expect(calls).toHaveLength(1);
    expect(screen.getByText('Poulet 3-6')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Voir plus de produits' })).toBeNull();
  });

  it('a page without `suite` offers no next page, even a full one; a refused next page says why and keeps the cards', async () => {
    stubFetch({});
    const { unmount } = render(
      <Pages first={Array.from({ length: VITRINE_PAGE }, (_, i) => produit(1 + Math.floor(i / 10), 1 + (i % 10)))} ville="" type="" />,
    );
    expect(screen.queryByRole('button', { name: 'Voir plus de produits' })).toBeNull();
    unmount();
    stubFetch({ 'GET api/vitrine/produits?apres=1.1': { status: 400, body: { code: 400, message: 'Page suivante introuvable, relancez la recherche.' } } });
    const user = userEvent.setup();
    render(<Pages first={[produit(1, 1, true)]} ville="" type="" />);
    await user.click(screen.getByRole('button', { name: 'Voir plus de produits' }));
    expect(await screen.findByText('Page suivante introuvable, relancez la recherche.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
