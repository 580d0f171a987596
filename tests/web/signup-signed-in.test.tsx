// Issue 18, first week: after the spec's success message the new user is signed in — with the
// login call and the password just typed (api/inscription answers no token) — and enters the app.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../web/src/app/router';
import { renderWithApp, stubFetch } from './helpers';

// Only the profile registered: the shell's index then falls back to /profil (as in login.test.tsx).
vi.mock('../../web/src/app/features', async () => {
  const { lazy } = await import('react');
  return { FEATURES: [{ path: 'profil', element: lazy(() => import('../../web/src/features/profil/routes/ProfilePage')) }] };
});

const USER = { id: 1, id_entreprise: 7, prenom: 'awa', nom: 'NDIAYE', email: 'awa@ferme.sn', role: 'admin', entreprise: 'Ferme Awa', droits: {} };

describe('sign-up signs the new user in', () => {
  it('creates the account, signs in with the same e-mail and password, and enters the shell', async () => {
    const { calls } = stubFetch({
      'POST api/inscription': { body: { code: 200, message: 'Votre compte a bien été créé.' } },
      'POST api/login': { body: { token: 'T9', user: USER } },
      'GET api/checkToken': (c) => (c.headers.Authorization === 'Bearer T9' ? { body: { code: 200 } } : { status: 401, body: {} }),
    });
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/signup');
    // Each value pasted in one input event: this test is about what follows the sign-up, and typing
    // re-rendered the form and its 200 countries once per key (about 60 times).
    const paste = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await paste(await screen.findByLabelText('Prénom'), 'Awa');
    await paste(screen.getByLabelText('Nom'), 'Ndiaye');
    await paste(screen.getByLabelText('Entreprise'), 'Ferme Awa');
    await user.selectOptions(screen.getByLabelText('Pays'), 'Senegal');
    await paste(screen.getByLabelText('Téléphone'), '77 123 45 67');
    await paste(screen.getByLabelText('Email'), 'Awa@Ferme.sn');
    await paste(screen.getByLabelText('Mot de passe'), 'poulet1');
    await paste(screen.getByLabelText('Confirmer le mot de passe'), 'poulet1');
    const button = screen.getByRole('button', { name: 'Créer le compte' });
    await waitFor(() => expect(button.className).not.toContain('btn-muted'));
    await user.click(button);
    expect(await screen.findByTestId('user-name')).toHaveProperty('textContent', 'Awa Ndiaye');
    expect(localStorage.getItem('token')).toBe('T9');
    const inscription = calls.find((c) => c.url === 'api/inscription')!.body as { password: string };
    const login = calls.find((c) => c.url === 'api/login')!;
    expect(login.body).toEqual({ username: 'awa@ferme.sn', password: inscription.password });
    expect(calls.findIndex((c) => c.url === 'api/login')).toBeGreaterThan(calls.findIndex((c) => c.url === 'api/inscription'));
  });
});
