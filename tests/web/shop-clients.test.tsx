// Client list (spec part 2 §2, §5): cards, search by first name, name or phone ignoring case and
// spaces, paginator sizes, client dialog (402 message) and the client order dialog's line rules;
// a Côte d'Ivoire business's clients shown, searched, exported and typed with +225.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { addDays, todayFor } from '@shared/dates';
import ClientListPage from '../../web/src/features/clients/routes/ClientListPage';
import { filterClients, totalCreance } from '../../web/src/features/clients/logic/client-search';
import { orderTotal, upsertOrderLine } from '../../web/src/features/clients/logic/order-lines';
import { renderWithApp, stubFetch } from './helpers';

const mk = (id: number, prenom: string, nom: string, telephone: string | null, creance: number) => ({
  id,
  prenom,
  nom,
  telephone,
  email: null,
  indicatif: '+221',
  numero_compte: `CLI-${String(id).padStart(6, '0')}`,
  creance,
  created_at: '',
});
const clients = [mk(1, 'Awa', 'Diop', '77 123 45 67', 7000), mk(2, 'Moussa', 'Ndiaye', '781112233', 0), mk(3, 'Fatou', 'Sall', null, 2500)];

describe('client search and totals', () => {
  it('matches first name, name or phone ignoring case and spaces; empty keeps all', () => {
    expect(filterClients(clients, '').map((c) => c.id)).toEqual([1, 2, 3]);
    expect(filterClients(clients, 'AWA').map((c) => c.id)).toEqual([1]);
    expect(filterClients(clients, 'n diaye').map((c) => c.id)).toEqual([2]);
    expect(filterClients(clients, '7712345').map((c) => c.id)).toEqual([1]);
    expect(filterClients(clients, 'SALL').map((c) => c.id)).toEqual([3]);
    expect(filterClients(clients, 'sa').map((c) => c.id)).toEqual([2, 3]);
    expect(filterClients(clients, 'xyz')).toEqual([]);
    expect(totalCreance(clients)).toBe(9500);
  });

  it('an order line for a listed product replaces its quantity', () => {
    let lines = upsertOrderLine([], { id_produit: 1, produit: 'Poulet', quantite: 2, prix_unitaire: 3500 });
    lines = upsertOrderLine(lines, { id_produit: 2, produit: 'Oeufs', quantite: 1, prix_unitaire: 2500 });
    lines = upsertOrderLine(lines, { id_produit: 1, produit: 'Poulet', quantite: 5, prix_unitaire: 3500 });
    expect(lines.map((l) => [l.id_produit, l.quantite])).toEqual([
      [1, 5],
      [2, 1],
    ]);
    expect(orderTotal(lines)).toBe(5 * 3500 + 2500);
  });
});

describe('client list screen', () => {
  it('shows the cards, filters the table and pages 10/20/30', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) => mk(i + 1, `Prenom${i + 1}`, `Nom${i + 1}`, `7700000${String(i).padStart(2, '0')}`, 1000));
    stubFetch({ 'GET api/clients': { body: many }, 'GET api/checkplan': { body: { code: 200 } } });
    renderWithApp(<ClientListPage />, '/client');
    await waitFor(() => expect(screen.getByTestId('clients-count').textContent).toBe('25'));
    expect(screen.getByTestId('clients-creance').textContent).toBe('25 000 FCFA');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('1–10 sur 25')).toBeTruthy();
    const sizes = screen.getByLabelText('Lignes par page') as HTMLSelectElement;
    expect([...sizes.options].map((o) => o.value)).toEqual(['10', '20', '30']);
    await user.selectOptions(sizes, '30');
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    await user.type(screen.getByLabelText('Rechercher un client'), 'prenom 12');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0].textContent),
    ).toEqual(['Prenom12 Nom12']);
  });

  it('the client dialog requires prenom and nom and shows the 402 message', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET api/clients': { body: clients },
      'GET api/checkplan': { body: { code: 200 } },
      'POST api/addOrUpdateClient': { status: 402, body: { code: 402, message: 'Le client est déjà enregistré.' } },
    });
    renderWithApp(<ClientListPage />, '/client');
    await user.click(screen.getByRole('button', { name: 'Nouveau client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau client' });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Prénom requis')).toBeTruthy();
    expect(within(dialog).getByText('Nom requis')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('Prénom'), 'Awa');
    await user.type(within(dialog).getByLabelText('Nom'), 'Diop');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le client est déjà enregistré.')).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ id: 0, prenom: 'Awa', nom: 'Diop', indicatif: '+221' });
    expect(post.headers.droit).toBe('clav:r');
  });

  it('the order dialog prices lines from prix_vente, replaces a listed product and needs a delivery date', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET api/clients': { body: clients },
      'GET api/checkplan': { body: { code: 200 } },
      'GET api/produit': { body: [{ id: 1, nom: 'Poulet fermier', description: null, quantite: 3, prix_cession: 0, prix_vente: 3500, created_at: '' }] },
      'POST api/commande/addCommande': { body: { id: 9, numero_commande: 'CMD-000009' } },
    });
    renderWithApp(<ClientListPage />, '/client');
    const row = (await screen.findByText('Awa Diop')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Commande' }));
    const dialog = await screen.findByRole('dialog', { name: "Commande d'Awa Diop" });
    const select = within(dialog).getByLabelText('Produit');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(select, '1');
    expect((within(dialog).getByLabelText('Prix unitaire') as HTMLInputElement).value).toBe('3 500 FCFA');
    const q = within(dialog).getByLabelText('Quantité');
    await user.clear(q);
    await user.type(q, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(within(dialog).getByText('La quantité doit être au moins 1')).toBeTruthy();
    await user.clear(q);
    await user.type(q, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await user.selectOptions(select, '1');
    await user.clear(q);
    await user.type(q, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(within(dialog).getByTestId('commande-total').textContent).toBe('14 000 FCFA');

    const accompte = within(dialog).getByLabelText('Acompte');
    await user.clear(accompte);
    await user.type(accompte, '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la commande' }));
    expect(within(dialog).getByText('La date de livraison est requise')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    // a delivery in 5 days: inside [today, today + 1 year], whatever day the test runs
    const livraison = addDays(todayFor(), 5);
    await user.type(within(dialog).getByLabelText('Date de livraison'), livraison);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la commande' }));
    expect(await screen.findByText(/Commande enregistrée/)).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.headers.droit).toBe('commav:r');
    expect(post.body).toEqual({
      id: 0,
      id_client: 1,
      accompte: 5000,
      date_livraison: livraison,
      produits: [{ id_produit: 1, produit: 'Poulet fermier', quantite: 4, prix_unitaire: 3500 }],
    });
    expect(screen.getByRole('link', { name: /CMD-000009/ }).getAttribute('href')).toBe('#/commande/CMD-000009');
  });
});

describe("a Côte d'Ivoire business's clients", () => {
  afterEach(() => vi.restoreAllMocks());
  const entreprise = { body: { nom: 'Ferme Yamoussoukro', telephone: '+2250101010101', pays: "Cote d'Ivoire", pays_tel: 'ci', boutiques: [] } };
  const ivorian = [
    { ...mk(1, 'Awa', 'Koné', '+2250707070707', 0), indicatif: '+225' },
    { ...mk(2, 'Modou', 'Fall', '+221771234567', 0), indicatif: '+221' },
    { ...mk(3, 'Sans', 'Numéro', null, 0), indicatif: '+225' },
  ];

  it('are listed and exported with +225 and their pairs of digits, and found however the number is typed', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET api/clients': { body: ivorian }, 'GET api/checkplan': { body: { code: 200 } }, 'GET api/entreprise': entreprise });
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => ((blob = b), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithApp(<ClientListPage />, '/client');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const phones = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[3].textContent);
    expect(phones).toEqual(['+225 07 07 07 07 07', '+221 77 123 45 67', '']);
    await user.click(screen.getByRole('button', { name: 'Exporter CSV' }));
    const lines = (await blob!.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    // a phone number (only +, digits and spaces) is written as is: the CSV rule (web/src/lib/csv.ts)
    // quotes a text starting with "+" only when it could be a formula (decision 0224)
    expect(lines.map((l) => l.split(';')[4])).toEqual(['Téléphone', '+225 07 07 07 07 07', '+221 77 123 45 67', '']);
    for (const q of ['07 07 07', '+225 0707070707', '00225 07.07']) {
      await user.clear(screen.getByLabelText('Rechercher un client'));
      await user.type(screen.getByLabelText('Rechercher un client'), q);
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((r) => within(r).getAllByRole('cell')[0].textContent),
        q,
      ).toEqual(['Awa Koné']);
    }
  });

  it("the client dialog reads a number in Côte d'Ivoire, says so in French, and sends +225", async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET api/clients': { body: ivorian },
      'GET api/checkplan': { body: { code: 200 } },
      'GET api/entreprise': entreprise,
      'POST api/addOrUpdateClient': { body: ivorian[0] },
    });
    renderWithApp(<ClientListPage />, '/client');
    await screen.findByText('+225 07 07 07 07 07');
    // editing shows the business's own numbers in their national writing
    await user.click(within((await screen.findByText('Awa Koné')).closest('tr')!).getByRole('button', { name: 'Modifier' }));
    const edit = await screen.findByRole('dialog', { name: 'Modifier le client' });
    await waitFor(() => expect((within(edit).getByLabelText('Téléphone') as HTMLInputElement).value).toBe('07 07 07 07 07'));
    await user.click(within(edit).getByRole('button', { name: 'Annuler' }));

    await user.click(screen.getByRole('button', { name: 'Nouveau client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau client' });
    const tel = within(dialog).getByLabelText('Téléphone');
    expect(tel.getAttribute('placeholder')).toBe('ex. 07 07 07 07 07');
    await user.type(within(dialog).getByLabelText('Prénom'), 'Koffi');
    await user.type(within(dialog).getByLabelText('Nom'), 'Kouassi');
    for (const [typed, message] of [
      ['12', "Numéro de téléphone invalide pour la Côte d'Ivoire : 10 chiffres, par ex. 07 07 07 07 07."],
      [
        '77 123 45 67',
        "Numéro de téléphone invalide pour la Côte d'Ivoire : 10 chiffres, par ex. 07 07 07 07 07. Pour un numéro du Sénégal, ajoutez +221 devant.",
      ],
      ['07 O8', "Numéro de téléphone invalide : des chiffres, et + ou 00 devant l'indicatif."],
    ]) {
      await user.clear(tel);
      await user.type(tel, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(tel);
    await user.type(tel, '05 44 55 66 77');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ prenom: 'Koffi', nom: 'Kouassi', telephone: '05 44 55 66 77', indicatif: '+225' });
  });
});
