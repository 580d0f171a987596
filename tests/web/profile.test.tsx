// Profile page: the password form (button enabled only when new = repeat, hashed payload with the
// user's role, success/failure messages) and messages clearing after 5 s.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../web/src/app/router';
import { renderWithApp, stubFetch } from './helpers';

const USER = { id: 1, id_entreprise: 3, prenom: 'awa', nom: 'ndiaye', email: 'awa@ferme.sn', role: 'admin', entreprise: 'F', droits: {} };

function signedIn(updateStatus: () => number) {
  localStorage.setItem('token', 'T');
  localStorage.setItem('customer', JSON.stringify(USER));
  return stubFetch({
    'GET api/checkToken': { body: { code: 200 } },
    'POST api/updatePassword': () => ({ status: updateStatus(), body: { code: updateStatus(), message: "L'ancien mot de passe est incorrect." } }),
    // A server fault (5xx): the screen's own message, not the server's text.
    'POST admin/updatePofil': { status: 500, body: { code: 500, message: 'x' } },
  });
}

describe('ProfilPage', () => {
  it('changes the password with hashed values and the role, and reports both outcomes', async () => {
    let status = 200;
    const { calls } = signedIn(() => status);
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/profil');
    const button = await screen.findByRole('button', { name: 'Modifier le mot de passe' });
    expect(button).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Ancien mot de passe'), 'vieux');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'neuf1');
    await user.type(screen.getByLabelText('Répéter le nouveau mot de passe'), 'neuf2');
    expect(button).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('Répéter le nouveau mot de passe'));
    await user.type(screen.getByLabelText('Répéter le nouveau mot de passe'), 'neuf1');
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await user.click(button);
    expect(await screen.findByText('Mot de passe mis à jour')).toBeTruthy();
    const body = calls.find((c) => c.url === 'api/updatePassword')!.body as Record<string, string>;
    expect(body.role).toBe('admin');
    expect(body.old_password).toMatch(/^[a-f0-9]{64}$/);
    expect(body.new_password).toMatch(/^[a-f0-9]{64}$/);
    expect(body.old_password).not.toBe(body.new_password);
    expect(screen.getByLabelText('Ancien mot de passe')).toHaveProperty('value', '');

    status = 400;
    await user.type(screen.getByLabelText('Ancien mot de passe'), 'faux');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'neuf1');
    await user.type(screen.getByLabelText('Répéter le nouveau mot de passe'), 'neuf1');
    await user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    // The server's words reach the user: what was wrong, not only that it failed.
    expect(await screen.findByText("L'ancien mot de passe est incorrect.")).toBeTruthy();
  });

  it('clears its messages after 5 seconds', async () => {
    // Fake clock from the start (it still ticks, so queries and lazy chunks resolve) so the
    // 5 s timer is scheduled on it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedIn(() => 200);
    renderWithApp(<AppRoutes />, '/profil');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Une erreur est survenue lors de la mise à jour du profil.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('Une erreur est survenue lors de la mise à jour du profil.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Une erreur est survenue lors de la mise à jour du profil.')).toBeNull();
  });
});
