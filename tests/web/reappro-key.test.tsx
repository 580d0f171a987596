// The restock dialog sends an Idempotency-Key (web/src/lib/idempotency-key.ts): the same restock sent
// again after an answer lost on the way carries the same key, so the server answers its first answer
// instead of adding the stock twice; a changed quantity is another write with another key.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReapproDialog } from '../../web/src/features/produits/components/ReapproDialog';
import { renderWithApp, stubFetch } from './helpers';

const produit = { id: 7, nom: 'Poulet fermier', quantite: 12, prix_cession: 2000, prix_vente: 3000 } as never;

it('keeps one key while the same restock is sent again, and takes another for a changed quantity', async () => {
  const user = userEvent.setup();
  let posts = 0;
  const api = stubFetch({
    'POST api/produit/reappro/new': () => {
      posts++;
      // The first answer is lost on the way (the stock may have grown).
      if (posts === 1) throw new TypeError('Failed to fetch');
      return { status: 400, body: { code: 400, message: 'Refusé pour le test' } };
    },
  });
  renderWithApp(<ReapproDialog produit={produit} onClose={() => undefined} onSaved={() => undefined} />);
  const quantite = screen.getByLabelText('Quantité');
  await user.type(quantite, '5');
  const send = () => user.click(screen.getByRole('button', { name: 'Valider' }));
  const keys = () => api.calls.filter((c) => c.method === 'POST').map((c) => c.headers['Idempotency-Key']);

  await send();
  await waitFor(() => expect(keys()).toHaveLength(1));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Valider' })).toHaveProperty('disabled', false));
  await send();
  await screen.findByText('Refusé pour le test');
  expect(keys()).toHaveLength(2);
  expect(keys()[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(keys()[1]).toBe(keys()[0]);

  await user.clear(quantite);
  await user.type(quantite, '6');
  await send();
  await waitFor(() => expect(keys()).toHaveLength(3));
  expect(keys()[2]).not.toBe(keys()[0]);
  expect(api.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { quantite: number }).quantite)).toEqual([5, 5, 6]);
});
