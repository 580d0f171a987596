// New-sale screen (spec part 2 §2, §5) against a stubbed API: autocomplete, stock check, merge of
// the same product, discount, running total, EMPRUNT needing a client, phone search, payload.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import VenteFormPage from '../../web/src/features/ventes/routes/VenteFormPage';
import { renderWithApp, stubFetch } from './helpers';

const produits = [
  { id: 1, nom: 'Poulet fermier', description: null, quantite: 10, prix_cession: 2000, prix_vente: 3500, created_at: '2026-11-01' },
  { id: 2, nom: 'Plateau oeufs', description: null, quantite: 4, prix_cession: 1800, prix_vente: 2500, created_at: '2026-11-01' },
];
const bandes = [
  { id: 7, nom: 'Bande Tabaski', statut: 'ACTIVE', nb_sujet: 500 },
  { id: 8, nom: 'Bande close', statut: 'CLOTUREE', nb_sujet: 100 },
];
const awa = {
  id: 5,
  prenom: 'Awa',
  nom: 'Diop',
  telephone: '771234567',
  email: null,
  indicatif: '+221',
  numero_compte: 'CLI-000005',
  creance: 0,
  created_at: '',
};

function setup(extra: Record<string, Parameters<typeof stubFetch>[0][string]> = {}) {
  const api = stubFetch({
    'GET api/produit': { body: produits },
    'GET api/bande': { body: bandes },
    'GET api/clients': { body: [awa] },
    'POST api/vente': (c) => ({ body: { id_transaction: 1, ventes: [], total: 0, client: (c.body as any).id_client ? { ...awa, creance: 7000 } : null } }),
    ...extra,
  });
  renderWithApp(<VenteFormPage />, '/vente/vente');
  return api;
}

async function pick(user: ReturnType<typeof userEvent.setup>, text: string, option: RegExp) {
  const box = screen.getByPlaceholderText('Rechercher un produit');
  await user.clear(box);
  await user.type(box, text);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  // the choice shows as the read-only price
  await waitFor(() => expect((screen.getByLabelText('Prix') as HTMLInputElement).value).not.toBe(''));
}

describe('new sale', () => {
  it('proposes nothing for an empty input and filters ignoring case and spaces', async () => {
    const user = userEvent.setup();
    setup();
    const box = screen.getByPlaceholderText('Rechercher un produit');
    await waitFor(() => expect(screen.getByLabelText('Type de vente')).toBeTruthy());
    await user.click(box);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'POULETF');
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Poulet fermierstock 10']);
  });

  it('shows the price read-only, refuses more than the stock and merges the same product', async () => {
    const user = userEvent.setup();
    setup();
    await pick(user, 'poulet', /Poulet fermier/);
    const prix = screen.getByLabelText('Prix') as HTMLInputElement;
    expect(prix.readOnly).toBe(true);
    expect(prix.value).toBe('3 500 FCFA');

    const q = screen.getByLabelText('Quantité');
    await user.clear(q);
    await user.type(q, '11');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByRole('alert').textContent).toBe("Il n'y a que 10 Poulet fermier disponible");

    await user.clear(q);
    await user.type(q, '6');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    await pick(user, 'poulet', /Poulet fermier/);
    await user.clear(q);
    await user.type(q, '5');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    // 6 already listed: 5 more would make 11 > 10
    expect(screen.getByRole('alert').textContent).toBe("Il n'y a que 10 Poulet fermier disponible");
    await user.clear(q);
    await user.type(q, '4');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));

    const rows = within(screen.getAllByRole('table')[0]).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0].textContent).toContain('Poulet fermier');
    expect(within(rows[0]).getAllByRole('cell')[1].textContent).toBe('10');
    expect(screen.getByTestId('vente-total').textContent).toBe('35 000 FCFA');
  });

  it('applies a discount only when ticked and within bounds; Supprimer updates the total', async () => {
    const user = userEvent.setup();
    setup();
    await pick(user, 'oeufs', /Plateau oeufs/);
    const q = screen.getByLabelText('Quantité');
    await user.clear(q);
    await user.type(q, '2');
    await user.click(screen.getByLabelText('Faire une remise'));
    expect((screen.getByLabelText('Type de remise') as HTMLSelectElement).value).toBe('MONTANT');
    await user.type(screen.getByLabelText('Remise (FCFA)'), '2500');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByRole('alert').textContent).toBe('La remise doit être inférieure au prix unitaire');

    await user.selectOptions(screen.getByLabelText('Type de remise'), 'POURCENTAGE');
    const v = screen.getByLabelText('Remise (%)');
    await user.clear(v);
    await user.type(v, '100');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByRole('alert').textContent).toBe('Le pourcentage de remise doit être inférieur à 100');
    await user.clear(v);
    await user.type(v, '10');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    // 2500 − 10 % = 2250, × 2
    expect(screen.getByTestId('vente-total').textContent).toBe('4 500 FCFA');
    expect(screen.getByText('2 250 FCFA')).toBeTruthy();

    await pick(user, 'poulet', /Poulet fermier/);
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByTestId('vente-total').textContent).toBe('8 000 FCFA');
    await user.click(screen.getAllByRole('button', { name: 'Supprimer' })[0]);
    expect(screen.getByTestId('vente-total').textContent).toBe('3 500 FCFA');
  });

  it('an EMPRUNT needs a client; the phone search finds or warns; Valider posts the sale', async () => {
    const user = userEvent.setup();
    const api = setup();
    await pick(user, 'poulet', /Poulet fermier/);
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect((screen.getByLabelText('Type de vente') as HTMLSelectElement).value).toBe('DIRECT');
    await user.selectOptions(screen.getByLabelText('Type de vente'), 'À crédit');
    expect(screen.getByText('Le client est obligatoire pour une vente à crédit')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Veuillez choisir le client.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST' && c.url === 'api/vente')).toBe(false);

    const phone = screen.getByLabelText('Client (téléphone, facultatif)');
    await user.type(phone, '700000000');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText("Impossible de trouver le client, veuillez l'enregistrer d'abord")).toBeTruthy();
    await user.clear(phone);
    await user.type(phone, '77 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect((await screen.findByTestId('vente-client')).textContent).toContain('Awa Diop');

    // only active batches are offered
    const bandeSelect = screen.getByLabelText('Bande (facultatif)') as HTMLSelectElement;
    await waitFor(() => expect([...bandeSelect.options].map((o) => o.textContent)).toEqual(['Aucune', 'Bande Tabaski']));
    await user.selectOptions(bandeSelect, '7');

    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(/Vente enregistrée/)).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST' && c.url === 'api/vente')!;
    expect(post.headers.droit).toBe('prav:r');
    expect(post.body).toEqual({
      id_bande: 7,
      id_client: 5,
      type: 'EMPRUNT',
      produits: [{ id_produit: 1, produit: 'Poulet fermier', quantite: 1, prix_unitaire: 3500, type_remise: 'MONTANT', valeur_remise: 0 }],
      // when it was typed (the outbox)
      saisi_le: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    // the sale is reset for the next customer
    expect(screen.getByTestId('vente-total').textContent).toBe('0 FCFA');
  });

  it('a refused sale shows the spec message with the reason', async () => {
    const user = userEvent.setup();
    setup({ 'POST api/vente': { status: 400, body: { code: 400, message: "Il n'y a que 2 Poulet fermier disponible" } } });
    await pick(user, 'poulet', /Poulet fermier/);
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText("Une erreur est survenue lors de l'enregistrement de la vente : Il n'y a que 2 Poulet fermier disponible")).toBeTruthy();
  });
});
