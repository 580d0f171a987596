// The forms whose repetition would count twice send an Idempotency-Key (shared/idempotency-key.ts):
// the same form sent again after an answer lost on the way carries the same key, so the server
// answers its first answer instead of recording the batch (its birds), the restock,
// the product (its opening stock), the order (its deposit, the client's debt), the operator's
// extension of a subscription or the storefront buyer's order twice; a changed
// form is another write with another key. Each case fails when each send takes a new key. (The
// slaughter goes through the outbox: an answer lost on the way keeps it on the device, sent again
// with its own key, tests/web/abattage-outbox.test.tsx.)
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dateLivraisonBornes } from '@shared/schemas/commandes';
import { todayFor } from '@shared/dates';
import { BandeDialog } from '../../web/src/features/bandes/components/BandeDialog';
import { ClientOrderDialog } from '../../web/src/features/clients/components/ClientOrderDialog';
import { ActionDialog } from '../../web/src/features/operateur/components/ActionDialog';
import { ProduitDialog } from '../../web/src/features/produits/components/ProduitDialog';
import { ReapproDialog } from '../../web/src/features/produits/components/ReapproDialog';
import { OrderForm } from '../../web/src/vitrine/OrderForm';
import { produitVitrine, renderWithApp, stubFetch } from './helpers';

type User = ReturnType<typeof userEvent.setup>;

interface FormCase {
  /** The write, as stubFetch names it. */
  route: string;
  /** The reads the form makes first. */
  reads?: Record<string, { body: unknown }>;
  render(): void;
  /** Fills the form so that it can be sent. */
  fill(user: User): Promise<void>;
  submit: string;
  /** The field changed before the third send, and the body's value at each send. */
  change: { label: string; to: string; field: string; sent: [unknown, unknown, unknown] };
}

const poulet = { id: 1, nom: 'Poulet', description: null, quantite: 50, prix_cession: 2000, prix_vente: 3500, created_at: '2026-11-01T08:00:00Z' };
const client = { id: 5, prenom: 'Awa', nom: 'Diop', telephone: null, email: null, indicatif: '+221', numero_compte: 'CLI-000005', creance: 0, created_at: '' };
const noop = () => undefined;

const CASES: Record<string, FormCase> = {
  bande: {
    route: 'POST api/bande/create',
    render: () => renderWithApp(<BandeDialog bande={null} onClose={noop} onSaved={noop} />),
    fill: async (user) => {
      await user.type(screen.getByLabelText('Nom'), 'Bande 1');
      await user.type(screen.getByLabelText('Nombre de sujets'), '300');
    },
    submit: 'Valider',
    change: { label: 'Nombre de sujets', to: '350', field: 'nb_sujet', sent: [300, 300, 350] },
  },
  réapprovisionnement: {
    route: 'POST api/produit/reappro/new',
    render: () => renderWithApp(<ReapproDialog produit={{ ...poulet, id: 7, quantite: 12 } as never} onClose={noop} onSaved={noop} />),
    fill: async (user) => {
      await user.type(screen.getByLabelText('Quantité'), '5');
    },
    submit: 'Valider',
    change: { label: 'Quantité', to: '6', field: 'quantite', sent: [5, 5, 6] },
  },
  produit: {
    route: 'POST api/produit',
    render: () => renderWithApp(<ProduitDialog produit={null} onClose={noop} onSaved={noop} />),
    fill: async (user) => {
      await user.type(screen.getByLabelText('Nom'), 'Aliment');
      await user.type(screen.getByLabelText('Prix de cession'), '1500');
      await user.type(screen.getByLabelText('Prix de vente'), '2500');
    },
    submit: 'Enregistrer',
    change: { label: 'Quantité', to: '12', field: 'quantite', sent: [0, 0, 12] },
  },
  commande: {
    route: 'POST api/commande/addCommande',
    reads: { 'GET api/produit': { body: [poulet] } },
    render: () => renderWithApp(<ClientOrderDialog client={client as never} onClose={noop} onSaved={noop} />),
    fill: async (user) => {
      await screen.findByRole('option', { name: 'Poulet' });
      await user.selectOptions(screen.getByLabelText('Produit'), '1');
      await user.click(screen.getByRole('button', { name: 'Ajouter' }));
      fireEvent.change(screen.getByLabelText('Date de livraison'), { target: { value: dateLivraisonBornes(todayFor()).min } });
    },
    submit: 'Enregistrer la commande',
    change: { label: 'Acompte', to: '500', field: 'accompte', sent: [0, 0, 500] },
  },
  abonnement: {
    route: 'POST api/operateur/abonnement',
    render: () =>
      renderWithApp(
        <ActionDialog
          kind="prolonger"
          entreprise={{ id: 3, nom: 'Ferme Awa', plan: 'Essai', code_plan: 'db1', valid_until: '2026-12-10T00:00:00Z' } as never}
          onClose={noop}
          onDone={noop}
        />,
      ),
    fill: async (user) => {
      await user.type(screen.getByLabelText('Motif (gardé dans le journal)'), 'Geste commercial');
    },
    submit: 'Prolonger',
    change: { label: 'Nombre de jours', to: '45', field: 'nb_jours', sent: [30, 30, 45] },
  },
  'commande en ligne': {
    route: 'POST api/vitrine/commande',
    render: () => renderWithApp(<OrderForm produit={produitVitrine({ id: 4, id_entreprise: 9, entreprise: 'Ferme Awa' })} />),
    fill: async (user) => {
      await user.type(screen.getByLabelText('Prénom'), 'Awa');
      await user.type(screen.getByLabelText('Nom'), 'Ndiaye');
      await user.type(screen.getByLabelText('Téléphone'), '771234567');
      await user.type(screen.getByLabelText('Adresse de livraison'), 'Mbour');
    },
    submit: 'Envoyer la commande',
    change: { label: 'Quantité', to: '2', field: 'quantite', sent: [1, 1, 2] },
  },
};

it.each(Object.entries(CASES))('%s: one key while the same form is sent again, another once it changes', async (_name, c) => {
  const user = userEvent.setup();
  let posts = 0;
  const api = stubFetch({
    ...c.reads,
    [c.route]: () => {
      posts++;
      // The first answer is lost on the way (the write may have landed).
      if (posts === 1) throw new TypeError('Failed to fetch');
      return { status: 400, body: { code: 400, message: 'Refusé pour le test' } };
    },
  });
  c.render();
  await c.fill(user);
  const send = () => user.click(screen.getByRole('button', { name: c.submit }));
  const posted = () => api.calls.filter((x) => x.method === 'POST');
  const keys = () => posted().map((x) => x.headers['Idempotency-Key']);

  await send();
  await waitFor(() => expect(keys()).toHaveLength(1));
  await waitFor(() => expect(screen.getByRole('button', { name: c.submit })).toHaveProperty('disabled', false));
  await send();
  await screen.findByText(/Refusé pour le test/);
  expect(keys()).toHaveLength(2);
  expect(keys()[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(keys()[1]).toBe(keys()[0]);

  const field = screen.getByLabelText(c.change.label);
  await user.clear(field);
  await user.type(field, c.change.to);
  await send();
  await waitFor(() => expect(keys()).toHaveLength(3));
  expect(keys()[2]).not.toBe(keys()[0]);
  expect(posted().map((x) => (x.body as Record<string, unknown>)[c.change.field])).toEqual(c.change.sent);
});
