// Login screen: validation and button states, error messages (generic vs 429), typing clears the
// error, success stores the session and enters the shell, and a signed-in visitor skips the form.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../web/src/app/router';
import { renderWithApp, stubFetch } from './helpers';

// Only the profile registered: the shell's index then falls back to /profil, whatever other
// features are in web/src/app/features.tsx.
vi.mock('../../web/src/app/features', async () => {
  const { lazy } = await import('react');
  return { FEATURES: [{ path: 'profil', element: lazy(() => import('../../web/src/features/profil/routes/ProfilePage')) }] };
});

const USER = { id: 1, id_entreprise: 7, prenom: 'aminata', nom: 'DIOP', email: 'a@b.sn', role: 'admin', entreprise: 'Ferme', droits: {} };

describe('LoginPage', () => {
  it('keeps Se connecter disabled until the e-mail is valid and a password is typed', async () => {
    stubFetch({});
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/login');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Se connecter' });
    expect(button).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Email'), 'pas-un-email');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret');
    expect(button).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'a@b.sn');
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe('#/forgetpassword');
    expect(screen.getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).toBe('#/signup');
  });

  it('shows Chargement… while pending, then the generic error; typing clears it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { fn, calls } = stubFetch({ 'POST api/login': { status: 401, body: { code: 401, message: 'Email ou mot de passe incorrect' } } });
    const inner = fn.getMockImplementation()!;
    fn.mockImplementation(async (...args: Parameters<typeof inner>) => {
      await gate;
      return inner(...args);
    });
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/login');
    await user.type(await screen.findByLabelText('Email'), 'a@b.sn');
    await user.type(screen.getByLabelText('Mot de passe'), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    const pending = await screen.findByRole('button', { name: 'Chargement…' });
    expect(pending).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByText('Email ou mot de passe incorrect')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toHaveProperty('disabled', false);
    // The password went out hashed, the e-mail as username.
    expect(calls[0].body).toEqual({ username: 'a@b.sn', password: expect.stringMatching(/^[a-f0-9]{64}$/) });
    await user.type(screen.getByLabelText('Mot de passe'), 'x');
    expect(screen.queryByText('Email ou mot de passe incorrect')).toBeNull();
  });

  it('shows the server message for a lockout (429)', async () => {
    stubFetch({ 'POST api/login': { status: 429, body: { code: 429, message: 'Trop de tentatives de connexion. Réessayez dans quelques minutes.' } } });
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/login');
    await user.type(await screen.findByLabelText('Email'), 'a@b.sn');
    await user.type(screen.getByLabelText('Mot de passe'), 'x');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText(/Trop de tentatives/)).toBeTruthy();
  });

  it('stores token and customer on success and enters the shell with the capitalised name', async () => {
    stubFetch({
      'POST api/login': { body: { token: 'T1', user: USER } },
      'GET api/checkToken': (c) => (c.headers.Authorization === 'Bearer T1' ? { body: { code: 200 } } : { status: 401, body: {} }),
    });
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/login');
    await user.type(await screen.findByLabelText('Email'), 'a@b.sn');
    await user.type(screen.getByLabelText('Mot de passe'), 'bon');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByTestId('user-name')).toHaveProperty('textContent', 'Aminata Diop');
    expect(localStorage.getItem('token')).toBe('T1');
    expect(JSON.parse(localStorage.getItem('customer')!).email).toBe('a@b.sn');
    // Without a dashboard registered, the shell's index is the profile.
    expect(await screen.findByRole('heading', { name: 'Profil' })).toBeTruthy();
  });

  it('sends an already signed-in visitor to the app', async () => {
    localStorage.setItem('token', 'T2');
    localStorage.setItem('customer', JSON.stringify(USER));
    stubFetch({ 'GET api/checkToken': { body: { code: 200 } } });
    renderWithApp(<AppRoutes />, '/login');
    expect(await screen.findByTestId('user-name')).toBeTruthy();
    // The shell shows the name before its index route has moved the address on (a loaded machine
    // once read '#/' here): wait for the move rather than read it at once.
    await waitFor(() => expect(window.location.hash).toBe('#/profil'));
  });
});
