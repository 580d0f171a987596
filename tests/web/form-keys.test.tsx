// The batch, client order and product dialogs send an Idempotency-Key (web/src/lib/idempotency-key.ts): the
// same form sent again after an answer lost on the way carries the same key, so the server answers
// its first answer instead of recording the batch (its birds), the order (its deposit, the client's
// debt) or the product (its opening stock) twice; a changed form is another write with another key. The restock dialog's
// keys: tests/web/reappro-key.test.tsx.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dateLivraisonBornes } from '../../shared/schemas/commandes';
import { todayFor } from '../../shared/dates';
import { BandeDialog } from '../../web/src/features/bandes/components/BandeDialog';
import { ClientOrderDialog } from '../../web/src/features/clients/components/ClientOrderDialog';
import { ProduitDialog } from '../../web/src/features/produits/components/ProduitDialog';
import { renderWithApp, stubFetch } from './helpers';

const poulet = { id: 1, nom: 'Poulet', description: null, quantite: 50, prix_cession: 2000, prix_vente: 3500, created_at: '2026-11-01T08:00:00Z' };
const client = {
  id: 5,
  prenom: 'Awa',
  nom: 'Diop',
  telephone: null,
  email: null,
  indicatif: '+221',
  numero_compte: 'CLI-000005',
  creance: 0,
  created_at: '',
} as never;

it('order: keeps one key while the same order is sent again, and takes another for a changed deposit', async () => {
  const user = userEvent.setup();
  let posts = 0;
  const api = stubFetch({
    'GET api/produit': { body: [poulet] },
    'POST api/commande/addCommande': () => {
      posts++;
      // The first answer is lost on the way (the order may have been recorded).
      if (posts === 1) throw new TypeError('Failed to fetch');
      return { status: 400, body: { code: 400, message: 'Refusé pour le test' } };
    },
  });
  renderWithApp(<ClientOrderDialog client={client} onClose={() => undefined} onSaved={() => undefined} />);
  await screen.findByRole('option', { name: 'Poulet' });
  await user.selectOptions(screen.getByLabelText('Produit'), '1');
  await user.click(screen.getByRole('button', { name: 'Ajouter' }));
  fireEvent.change(screen.getByLabelText('Date de livraison'), { target: { value: dateLivraisonBornes(todayFor()).min } });
  const send = () => user.click(screen.getByRole('button', { name: 'Enregistrer la commande' }));
  const posted = () => api.calls.filter((c) => c.method === 'POST');
  const keys = () => posted().map((c) => c.headers['Idempotency-Key']);

  await send();
  await waitFor(() => expect(keys()).toHaveLength(1));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer la commande' })).toHaveProperty('disabled', false));
  await send();
  await screen.findByText(/Refusé pour le test/);
  expect(keys()).toHaveLength(2);
  expect(keys()[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(keys()[1]).toBe(keys()[0]);

  await user.clear(screen.getByLabelText('Acompte'));
  await user.type(screen.getByLabelText('Acompte'), '500');
  await send();
  await waitFor(() => expect(keys()).toHaveLength(3));
  expect(keys()[2]).not.toBe(keys()[0]);
  expect(posted().map((c) => (c.body as { accompte: number }).accompte)).toEqual([0, 0, 500]);
});

it('product: keeps one key while the same product is sent again, and takes another for a changed stock', async () => {
  const user = userEvent.setup();
  let posts = 0;
  const api = stubFetch({
    'POST api/produit': () => {
      posts++;
      if (posts === 1) throw new TypeError('Failed to fetch');
      return { status: 400, body: { code: 400, message: 'Refusé pour le test' } };
    },
  });
  renderWithApp(<ProduitDialog produit={null} onClose={() => undefined} onSaved={() => undefined} />);
  await user.type(screen.getByLabelText('Nom'), 'Aliment');
  await user.type(screen.getByLabelText('Prix de cession'), '1500');
  await user.type(screen.getByLabelText('Prix de vente'), '2500');
  const send = () => user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  const posted = () => api.calls.filter((c) => c.method === 'POST');
  const keys = () => posted().map((c) => c.headers['Idempotency-Key']);

  await send();
  await waitFor(() => expect(keys()).toHaveLength(1));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer' })).toHaveProperty('disabled', false));
  await send();
  await screen.findByText(/Refusé pour le test/);
  expect(keys()).toHaveLength(2);
  expect(keys()[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(keys()[1]).toBe(keys()[0]);

  await user.clear(screen.getByLabelText('Quantité'));
  await user.type(screen.getByLabelText('Quantité'), '12');
  await send();
  await waitFor(() => expect(keys()).toHaveLength(3));
  expect(keys()[2]).not.toBe(keys()[0]);
  expect(posted().map((c) => (c.body as { quantite: number }).quantite)).toEqual([0, 0, 12]);
});

it('batch: keeps one key while the same batch is sent again, and takes another for a changed count', async () => {
  const user = userEvent.setup();
  let posts = 0;
  const api = stubFetch({
    'POST api/bande/create': () => {
      posts++;
      if (posts === 1) throw new TypeError('Failed to fetch');
      return { status: 400, body: { code: 400, message: 'Refusé pour le test' } };
    },
  });
  renderWithApp(<BandeDialog bande={null} onClose={() => undefined} onSaved={() => undefined} />);
  await user.type(screen.getByLabelText('Nom'), 'Bande 1');
  await user.type(screen.getByLabelText('Nombre de sujets'), '300');
  const send = () => user.click(screen.getByRole('button', { name: 'Valider' }));
  const posted = () => api.calls.filter((c) => c.method === 'POST');
  const keys = () => posted().map((c) => c.headers['Idempotency-Key']);

  await send();
  await waitFor(() => expect(keys()).toHaveLength(1));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Valider' })).toHaveProperty('disabled', false));
  await send();
  await screen.findByText(/Refusé pour le test/);
  expect(keys()).toHaveLength(2);
  expect(keys()[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(keys()[1]).toBe(keys()[0]);

  await user.clear(screen.getByLabelText('Nombre de sujets'));
  await user.type(screen.getByLabelText('Nombre de sujets'), '350');
  await send();
  await waitFor(() => expect(keys()).toHaveLength(3));
  expect(keys()[2]).not.toBe(keys()[0]);
  expect(posted().map((c) => (c.body as { nb_sujet: number }).nb_sujet)).toEqual([300, 300, 350]);
});
