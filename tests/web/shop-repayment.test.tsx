// Repayments (spec part 2 §2, §5): amount > 0 and ≤ creance ('Montant supérieur à la créance'),
// the Remboursement dialog's client search, Réinitialiser and summary, and the list's Annuler.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import VersementListPage from '../../web/src/features/versements/routes/VersementListPage';
import { validateMontant } from '../../web/src/features/versements/logic/amount';
import { renderWithApp, stubFetch } from './helpers';

const awa = {
  id: 5,
  prenom: 'Awa',
  nom: 'Diop',
  telephone: '771234567',
  email: null,
  indicatif: '+221',
  numero_compte: 'CLI-000005',
  creance: 7000,
  created_at: '',
};
const fatou = { ...awa, id: 6, prenom: 'Fatou', nom: 'Sall', numero_compte: 'CLI-000006', telephone: '781112233', creance: 0 };

describe('repayment amount rule', () => {
  it('needs a whole amount above 0 and not above the creance', () => {
    expect(validateMontant(null, 7000)).toBe('Le montant est requis.');
    expect(validateMontant(0, 7000)).toBe('Le montant doit être supérieur à 0.');
    expect(validateMontant(-5, 7000)).toBe('Le montant doit être supérieur à 0.');
    expect(validateMontant(10.5, 7000)).toBe('Le montant doit être un nombre entier de FCFA.');
    expect(validateMontant(7001, 7000)).toBe('Montant supérieur à la créance');
    expect(validateMontant(1, 0)).toBe('Montant supérieur à la créance');
    expect(validateMontant(7000, 7000)).toBeNull();
    expect(validateMontant(1, 7000)).toBeNull();
  });
});

describe('repayments screen', () => {
  const list = [
    { id: 1, id_client: 5, client: awa, montant: 2000, etat: 'VALID', created_at: '2026-11-20T10:00:00Z' },
    { id: 2, id_client: 5, client: awa, montant: 500, etat: 'CANCELED', created_at: '2026-11-19T10:00:00Z' },
  ];

  it('lists repayments; Annuler is hidden once CANCELED and asks for confirmation', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET api/versement': { body: list },
      'GET api/checkplan': { body: { code: 200 } },
      'GET api/versement/annuler/1': { body: { versement: { ...list[0], etat: 'CANCELED' }, client: awa } },
    });
    renderWithApp(<VersementListPage />, '/versement');
    await screen.findByText('2 000 FCFA');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('2 000 FCFA');
    expect(rows[0].textContent).toContain('20/11/2026');
    expect(within(rows[0]).queryByRole('button', { name: 'Annuler' })).not.toBeNull();
    expect(within(rows[1]).queryByRole('button', { name: 'Annuler' })).toBeNull();

    // The app's own dialog: its "Non" sends nothing, its "Oui, annuler" cancels.
    await user.click(within(rows[0]).getByRole('button', { name: 'Annuler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler le remboursement' });
    await user.click(within(dialog).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((c) => c.url === 'api/versement/annuler/1')).toBe(false);
    await user.click(within(rows[0]).getByRole('button', { name: 'Annuler' }));
    await user.click(await screen.findByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText('Versement annulé')).toBeTruthy();
    expect(api.calls.find((c) => c.url === 'api/versement/annuler/1')?.headers.droit).toBe('remav:r');
  });

  it('shows the plan warning when api/checkplan answers 424', async () => {
    stubFetch({
      'GET api/versement': { body: [] },
      'GET api/checkplan': {
        status: 424,
        body: { code: 424, message: "Vous n'avez pas d'abonnement valide, veuillez cliquer sur ce lien pour payer votre abonnement" },
      },
    });
    renderWithApp(<VersementListPage />, '/versement');
    const link = await screen.findByRole('link', { name: /abonnement valide/ });
    expect(link.getAttribute('href')).toBe('#/plan');
  });

  it('the Remboursement dialog searches, summarises the client, checks the amount, then saves', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET api/versement': { body: [] },
      'GET api/checkplan': { body: { code: 200 } },
      'POST api/versement/searchClient': (c) => ({ body: (c.body as any).username === 'zzz' ? [] : [awa, fatou] }),
      'POST api/versement': (c) => ({ body: { versement: { id: 3, ...(c.body as object), etat: 'VALID' }, client: { ...awa, creance: 4000 } } }),
    });
    renderWithApp(<VersementListPage />, '/versement');
    await user.click(screen.getByRole('button', { name: 'Enregistrer remboursement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remboursement' });
    const search = within(dialog).getByLabelText('Client (prénom, nom ou téléphone)');
    await user.type(search, 'zzz{Enter}');
    expect(await within(dialog).findByText("Impossible de trouver le client, veuillez l'enregistrer d'abord")).toBeTruthy();
    expect((within(dialog).getByLabelText('Montant') as HTMLInputElement).disabled).toBe(true);

    await user.clear(search);
    await user.type(search, 'a');
    await user.click(within(dialog).getByRole('button', { name: 'Rechercher' }));
    await user.click(await within(dialog).findByRole('button', { name: /Awa Diop/ }));
    const summary = within(dialog).getByTestId('client-summary');
    expect(summary.textContent).toContain('CLI-000005');
    expect(within(dialog).getByTestId('summary-creance').textContent).toBe('7 000 FCFA');

    const montant = within(dialog).getByLabelText('Montant');
    await user.type(montant, '7500');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(within(dialog).getByText('Montant supérieur à la créance')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST' && c.url === 'api/versement')).toBe(false);

    // Réinitialiser forgets the client and the amount
    await user.click(within(dialog).getByRole('button', { name: 'Réinitialiser' }));
    expect(within(dialog).queryByTestId('client-summary')).toBeNull();
    expect((within(dialog).getByLabelText('Montant') as HTMLInputElement).value).toBe('');

    await user.type(search, '77 123');
    await user.click(within(dialog).getByRole('button', { name: 'Rechercher' }));
    await user.click(await within(dialog).findByRole('button', { name: /Awa Diop/ }));
    await user.type(within(dialog).getByLabelText('Montant'), '3000');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Versement enregistré')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = api.calls.find((c) => c.method === 'POST' && c.url === 'api/versement')!;
    expect(post.body).toEqual({ id_client: 5, montant: 3000, saisi_le: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) });
    expect(post.headers.droit).toBe('remav:r');
    // the list reloads after the save
    expect(api.calls.filter((c) => c.url === 'api/versement' && c.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });
});

describe("the server's words reach the user", () => {
  it('a suspended business reads « suspendu » in the banner, not « payez »', async () => {
    stubFetch({
      'GET api/versement': { body: [] },
      'GET api/checkplan': { status: 424, body: { code: 424, message: 'Votre abonnement est suspendu : contactez Ganaar pour le réactiver.' } },
    });
    renderWithApp(<VersementListPage />, '/versement');
    const link = await screen.findByRole('link', { name: 'Votre abonnement est suspendu : contactez Ganaar pour le réactiver.' });
    expect(link.getAttribute('href')).toBe('#/plan');
  });
});
