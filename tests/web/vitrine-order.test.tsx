// The storefront's order form (web/src/vitrine/OrderForm.tsx) and the phone rule: the
// buyer's number is read in the seller's country, refused in French before anything is sent, and
// sent as typed (the server stores its E.164 form).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProduitVitrine } from '@shared/schemas/ecommerce';
import { OrderForm } from '../../web/src/vitrine/OrderForm';
import { stubFetch } from './helpers';

const produit = (pays_tel: ProduitVitrine['pays_tel']): ProduitVitrine => ({
  id: 3,
  id_entreprise: 12,
  entreprise: 'Ferme Yamoussoukro',
  type_produit: 'poulet',
  nom_produit: 'Poulet fermier',
  prix_unitaire: 3500,
  description: '',
  ville: 'Yamoussoukro',
  images: [],
  pays_tel,
  disponible: 40,
});

async function fill(user: ReturnType<typeof userEvent.setup>, telephone: string) {
  await user.type(screen.getByLabelText('Prénom'), 'Awa');
  await user.type(screen.getByLabelText('Nom'), 'Koné');
  await user.type(screen.getByLabelText('Téléphone'), telephone);
  await user.type(screen.getByLabelText('Adresse de livraison'), 'Quartier Habitat');
}

describe('storefront order form: the phone', () => {
  it("reads the buyer's number in the seller's country (Côte d'Ivoire) and says what is wrong in French", async () => {
    const { calls } = stubFetch({});
    const user = userEvent.setup();
    render(<OrderForm produit={produit('ci')} />);
    expect(screen.getByLabelText('Téléphone').getAttribute('placeholder')).toBe('07 07 07 07 07');
    await fill(user, '12');
    await user.click(screen.getByRole('button', { name: 'Envoyer la commande' }));
    expect(await screen.findByText("Numéro de téléphone invalide pour la Côte d'Ivoire : 10 chiffres, par ex. 07 07 07 07 07.")).toBeTruthy();
    await user.clear(screen.getByLabelText('Téléphone'));
    await user.type(screen.getByLabelText('Téléphone'), '77 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Envoyer la commande' }));
    expect(await screen.findByText(/Pour un numéro du Sénégal, ajoutez \+221 devant\./)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends a valid number as typed; +221 is fine for a Senegalese buyer', async () => {
    const { calls } = stubFetch({
      'POST api/vitrine/commande': { body: { numero_commande: 'EC000001', montant_total: 3500, message: 'Commande enregistrée' } },
    });
    const user = userEvent.setup();
    render(<OrderForm produit={produit('ci')} />);
    await fill(user, '+221 77 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Envoyer la commande' }));
    await waitFor(() => expect(screen.getByTestId('v-done')).toBeTruthy());
    expect(calls[0].body).toMatchObject({ id_entreprise: 12, id_produit: 3, telephone: '+221 77 123 45 67' });
  });

  it('a Senegalese seller: 0707070707 is refused with the hint, 77 123 45 67 accepted', async () => {
    const { calls } = stubFetch({
      'POST api/vitrine/commande': { body: { numero_commande: 'EC000002', montant_total: 3500, message: 'Commande enregistrée' } },
    });
    const user = userEvent.setup();
    render(<OrderForm produit={produit('sn')} />);
    await fill(user, '0707070707');
    await user.click(screen.getByRole('button', { name: 'Envoyer la commande' }));
    expect(await screen.findByText(/Pour un numéro de Côte d'Ivoire, ajoutez \+225 devant\./)).toBeTruthy();
    await user.clear(screen.getByLabelText('Téléphone'));
    await user.type(screen.getByLabelText('Téléphone'), '77 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Envoyer la commande' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toMatchObject({ telephone: '77 123 45 67' });
  });
});
