// Numbers as typed on the shop forms, against a stubbed API: a negative, empty
// or malformed number is a French message under its field and nothing is sent — never a silent 0.
// Also the order's delivery date bounds on screen and the storefront's cap at the stock.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { dateLivraisonBornes } from '@shared/schemas/commandes';
import type { Produit } from '@shared/schemas/produits';
import { todayFor } from '@shared/dates';
import { ClientOrderDialog } from '../../web/src/features/clients/components/ClientOrderDialog';
import { AddLineDialog } from '../../web/src/features/commandes/components/AddLineDialog';
import { CommandeEcomEditDialog } from '../../web/src/features/ecommerce/components/CommandeEcomEditDialog';
import { AjustementDialog } from '../../web/src/features/produits/components/AjustementDialog';
import { ProduitDialog } from '../../web/src/features/produits/components/ProduitDialog';
import { ProduitEcomDialog } from '../../web/src/features/produits/components/ProduitEcomDialog';
import { ReapproDialog } from '../../web/src/features/produits/components/ReapproDialog';
import VenteFormPage from '../../web/src/features/ventes/routes/VenteFormPage';
import { VersementDialog } from '../../web/src/features/versements/components/VersementDialog';
import { OrderForm } from '../../web/src/vitrine/OrderForm';
import { renderWithApp, stubFetch } from './helpers';

const poulet: Produit = { id: 1, nom: 'Poulet', description: null, quantite: 50, prix_cession: 2000, prix_vente: 3500, created_at: '2026-11-01T08:00:00Z' };
const writes = (api: ReturnType<typeof stubFetch>) => api.calls.filter((c) => c.method === 'POST');

describe('product form', () => {
  it('refuses −5, −1, −2 with French messages (not 0), then empty and malformed, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = stubFetch({ 'POST api/produit': { body: { ...poulet, id: 9 } } });
    const onSaved = vi.fn();
    renderWithApp(<ProduitDialog produit={null} onClose={() => {}} onSaved={onSaved} />);
    await user.type(screen.getByLabelText('Nom'), 'Aliment');
    expect((screen.getByLabelText('Quantité') as HTMLInputElement).value).toBe('0');
    await user.clear(screen.getByLabelText('Quantité'));
    await user.type(screen.getByLabelText('Quantité'), '-5');
    await user.type(screen.getByLabelText('Prix de cession'), '-1');
    await user.type(screen.getByLabelText('Prix de vente'), '-2');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La quantité ne peut pas être négative')).toBeTruthy();
    expect(screen.getByText('Le prix de cession ne peut pas être négatif')).toBeTruthy();
    expect(screen.getByText('Le prix de vente ne peut pas être négatif')).toBeTruthy();

    await user.clear(screen.getByLabelText('Quantité'));
    await user.clear(screen.getByLabelText('Prix de cession'));
    await user.type(screen.getByLabelText('Prix de cession'), '12abc');
    await user.clear(screen.getByLabelText('Prix de vente'));
    await user.type(screen.getByLabelText('Prix de vente'), '2500,5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La quantité est requise')).toBeTruthy();
    expect(screen.getByText('Le prix de cession doit être un nombre')).toBeTruthy();
    expect(screen.getByText('Le prix de vente doit être un nombre entier')).toBeTruthy();
    expect(writes(api)).toEqual([]);

    await user.type(screen.getByLabelText('Quantité'), '0');
    await user.clear(screen.getByLabelText('Prix de cession'));
    await user.type(screen.getByLabelText('Prix de cession'), '1 500');
    await user.clear(screen.getByLabelText('Prix de vente'));
    await user.type(screen.getByLabelText('Prix de vente'), '2500');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes(api)[0].body).toMatchObject({ nom: 'Aliment', quantite: 0, prix_cession: 1500, prix_vente: 2500 });
  });
});

describe('stock dialogs', () => {
  it('restock: empty, negative, fractional and malformed quantities are refused in French', async () => {
    const user = userEvent.setup();
    const api = stubFetch({});
    renderWithApp(<ReapproDialog produit={poulet} onClose={() => {}} onSaved={() => {}} />);
    const input = screen.getByLabelText('Quantité');
    const cases: [string, string][] = [
      ['', 'La quantité est requise'],
      ['-3', 'La quantité ne peut pas être négative'],
      ['1.5', 'La quantité doit être un nombre entier'],
      ['deux', 'La quantité doit être un nombre'],
      ['0', 'La quantité doit être au moins 1'],
    ];
    for (const [text, message] of cases) {
      await user.clear(input);
      if (text) await user.type(input, text);
      await user.click(screen.getByRole('button', { name: 'Valider' }));
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(writes(api)).toEqual([]);
  });

  it('adjustment: a negative count is refused, not taken as 0', async () => {
    const user = userEvent.setup();
    const api = stubFetch({});
    renderWithApp(<AjustementDialog produit={poulet} onClose={() => {}} onSaved={() => {}} />);
    await user.clear(screen.getByLabelText('Stock compté'));
    await user.type(screen.getByLabelText('Stock compté'), '-1');
    await user.type(screen.getByLabelText('Motif'), 'Inventaire');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(screen.getByText('Le stock compté ne peut pas être négatif')).toBeTruthy();
    await user.clear(screen.getByLabelText('Stock compté'));
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(screen.getByText('Le stock compté est requis')).toBeTruthy();
    expect(writes(api)).toEqual([]);
  });
});

describe('orders', () => {
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
  };

  it('client order: quantity and deposit as typed; the delivery date input is bounded to [today, today + 1 year]', async () => {
    const user = userEvent.setup();
    const api = stubFetch({ 'GET api/produit': { body: [poulet] } });
    renderWithApp(<ClientOrderDialog client={client} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByRole('option', { name: 'Poulet' });
    await user.selectOptions(screen.getByLabelText('Produit'), '1');
    await user.clear(screen.getByLabelText('Quantité'));
    await user.type(screen.getByLabelText('Quantité'), '-2');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByText('La quantité ne peut pas être négative')).toBeTruthy();
    await user.clear(screen.getByLabelText('Quantité'));
    await user.type(screen.getByLabelText('Quantité'), '2');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByTestId('commande-total').textContent).toBe('7 000 FCFA');

    const bornes = dateLivraisonBornes(todayFor());
    const date = screen.getByLabelText('Date de livraison') as HTMLInputElement;
    expect([date.min, date.max]).toEqual([bornes.min, bornes.max]);
    await user.clear(screen.getByLabelText('Acompte'));
    fireEvent.change(date, { target: { value: '2020-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer la commande' }));
    expect(screen.getByText("L'acompte est requis")).toBeTruthy();
    expect(screen.getByText('La date de livraison ne peut pas être dans le passé.')).toBeTruthy();
    await user.type(screen.getByLabelText('Acompte'), '-100');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la commande' }));
    expect(screen.getByText("L'acompte ne peut pas être négatif")).toBeTruthy();
    expect(writes(api)).toEqual([]);
  });

  it('add a product to an order: a negative quantity is refused', async () => {
    const user = userEvent.setup();
    const api = stubFetch({ 'GET api/produit': { body: [poulet] } });
    renderWithApp(<AddLineDialog idCommande={1} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByRole('option', { name: 'Poulet' });
    await user.selectOptions(screen.getByLabelText('Produit'), '1');
    await user.clear(screen.getByLabelText('Quantité'));
    await user.type(screen.getByLabelText('Quantité'), '-4');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByText('La quantité ne peut pas être négative')).toBeTruthy();
    expect(writes(api)).toEqual([]);
  });

  it('online order edit and online product price: empty or negative is a French error', async () => {
    const user = userEvent.setup();
    const api = stubFetch({});
    const commande = {
      id: 3,
      numero_commande: 'EC000003',
      info_client: '{}',
      id_produit_ecom: 1,
      id_produit: 1,
      nom_produit: 'Poulet',
      quantite: 2,
      prix_unitaire: 3500,
      montant_total: 7000,
      etat: 'PENDING' as const,
      etat_paiement: 'PENDING' as const,
      etat_livraison: 'PENDING' as const,
      created_at: '',
    };
    const { unmount } = renderWithApp(<CommandeEcomEditDialog commande={commande} onClose={() => {}} onSaved={() => {}} />);
    await user.clear(screen.getByLabelText('Quantité'));
    await user.clear(screen.getByLabelText('Prix unitaire (FCFA)'));
    await user.type(screen.getByLabelText('Prix unitaire (FCFA)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(await screen.findByText('La quantité est requise')).toBeTruthy();
    expect(screen.getByText('Le prix unitaire ne peut pas être négatif')).toBeTruthy();
    unmount();

    renderWithApp(<ProduitEcomDialog produit={poulet} onClose={() => {}} onSaved={() => {}} />);
    await user.clear(screen.getByLabelText('Prix unitaire (FCFA)'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer et publier' }));
    expect(await screen.findByText('Le prix unitaire est requis')).toBeTruthy();
    expect(writes(api)).toEqual([]);
  });
});

describe('repayment and sale', () => {
  it('repayment: a malformed amount is refused, not sent', async () => {
    const user = userEvent.setup();
    const client = {
      id: 5,
      prenom: 'Awa',
      nom: 'Diop',
      telephone: '771234567',
      email: null,
      indicatif: '+221',
      numero_compte: 'CLI-000005',
      creance: 10_000,
      created_at: '',
    };
    const api = stubFetch({ 'POST api/versement/searchClient': { body: [client] } });
    renderWithApp(<VersementDialog onClose={() => {}} onSaved={() => {}} />);
    await user.type(screen.getByLabelText('Client (prénom, nom ou téléphone)'), 'Awa');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await screen.findByTestId('client-summary');
    await user.type(screen.getByLabelText('Montant'), '5 000 F');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(screen.getByText('Le montant doit être un nombre')).toBeTruthy();
    await user.clear(screen.getByLabelText('Montant'));
    await user.type(screen.getByLabelText('Montant'), '-50');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(screen.getByText('Le montant ne peut pas être négatif')).toBeTruthy();
    expect(api.calls.filter((c) => c.url === 'api/versement')).toEqual([]);
  });

  it('new sale: a ticked discount left empty, a fractional FCFA discount or a negative quantity are refused; 12.5 % rounds half up', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET api/produit': { body: [poulet] }, 'GET api/bande': { body: [] } });
    renderWithApp(<VenteFormPage />, '/vente/vente');
    const search = screen.getByLabelText('Produit');
    await user.type(search, 'poul');
    await user.click(await screen.findByText('Poulet', { selector: 'li *, li' }));
    await user.clear(screen.getByLabelText('Quantité'));
    await user.type(screen.getByLabelText('Quantité'), '-1');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByText('La quantité ne peut pas être négative')).toBeTruthy();
    await user.clear(screen.getByLabelText('Quantité'));
    await user.type(screen.getByLabelText('Quantité'), '2');
    await user.click(screen.getByLabelText('Faire une remise'));
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByText('La remise est requise')).toBeTruthy();
    await user.type(screen.getByLabelText('Remise (FCFA)'), '2,5');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByText('La remise doit être un nombre entier')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Type de remise'), 'POURCENTAGE');
    await user.clear(screen.getByLabelText('Remise (%)'));
    await user.type(screen.getByLabelText('Remise (%)'), '12,5');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    // 3 500 × 87.5 % = 3 062.5 → 3 063; 2 × 3 063 = 6 126: the total the receipt will print.
    expect(screen.getByTestId('vente-total').textContent).toBe('6 126 FCFA');
    expect(screen.getByText('3 063 FCFA')).toBeTruthy();
  });
});

describe('storefront order form', () => {
  it('caps the quantity at the seller’s stock with the server’s message', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const produit = {
      id: 1,
      id_entreprise: 1,
      entreprise: 'Ferme',
      type_produit: 'poulet' as const,
      nom_produit: 'Poulet fermier',
      prix_unitaire: 3500,
      description: '',
      ville: 'Thiès',
      images: [],
      disponible: 73,
    };
    render(<OrderForm produit={produit} />);
    expect(screen.getByText('73 disponibles')).toBeTruthy();
    await user.type(screen.getByLabelText('Prénom'), 'Awa');
    await user.type(screen.getByLabelText('Nom'), 'Ndiaye');
    await user.type(screen.getByLabelText('Téléphone'), '771234567');
    await user.type(screen.getByLabelText('Adresse de livraison'), 'Mbour');
    await user.clear(screen.getByLabelText('Quantité'));
    await user.type(screen.getByLabelText('Quantité'), '500');
    await user.click(screen.getByRole('button', { name: 'Envoyer la commande' }));
    expect(screen.getByText('Il ne reste que 73 unités de Poulet fermier disponibles.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Quantité'));
    await user.type(screen.getByLabelText('Quantité'), '-2');
    await user.click(screen.getByRole('button', { name: 'Envoyer la commande' }));
    expect(screen.getByText('La quantité ne peut pas être négative')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
