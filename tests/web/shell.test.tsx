// Authenticated shell: route guard, menu filtered by the permission check (one query per key),
// index entry, header name capitalised and following a profile update, person menu, logout, hamburger.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { AppRoutes } from '../../web/src/app/router';
import { defaultRange, periodePath } from '../../web/src/features/tableau-de-bord/api/paths';
import { startEarlyChecks } from '../../web/src/lib/api/early';
import { renderWithApp, stubFetch, type FakeCall } from './helpers';

vi.mock('../../web/src/app/features', async () => {
  const profile = lazy(() => import('../../web/src/features/profil/routes/ProfilPage'));
  const screen = (title: string) => lazy(async () => ({ default: () => <h1>{title}</h1> }));
  return {
    FEATURES: [
      { path: 'profil', element: profile },
      { path: 'bande', element: screen('Liste des bandes'), menu: { to: '/bande', label: 'Bandes', right: 'bandav', order: 2 } },
      { path: 'dashboard', index: true, element: screen('Tableau de bord'), menu: { to: '/dashboard', label: 'Accueil', right: 'dashboardav', order: 1 } },
      { path: 'client', element: screen('Clients'), menu: { to: '/client', label: 'Clients', right: 'clav', order: 3 } },
      { path: 'produit', element: screen('Produits'), menu: { to: '/produit', label: 'Produits', right: 'prav', order: 4 } },
      { path: 'ecommerce', element: screen('E-commerce'), menu: { to: '/ecommerce', label: 'E-commerce', right: 'prav', order: 5 } },
      // A chunk that cannot be fetched (flaky network, replaced deployment).
      { path: 'casse', element: lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module'))) },
    ],
  };
});

const USER = { id: 2, id_entreprise: 7, prenom: 'moussa', nom: 'fall', email: 'moussa@ferme.sn', role: 'vendeur', entreprise: 'Ferme Fall', droits: {} };
const ALLOWED = new Set(['bandav:r', 'dashboardav:r', 'prav:r']);

function signedIn(extra: Record<string, (c: FakeCall) => { status?: number; body?: unknown }> = {}) {
  localStorage.setItem('token', 'T');
  localStorage.setItem('customer', JSON.stringify(USER));
  return stubFetch({
    'GET api/checkToken': { body: { code: 200 } },
    'GET api/user/checkPermission': (c) => ({
      body: { status: ALLOWED.has(c.headers.droit) ? 'yes' : 'no', droits: [...ALLOWED].map((d) => d.split(':')[0]) },
    }),
    'GET api/logout': { body: { code: 200 } },
    ...extra,
  });
}

describe('Shell', () => {
  it('sends a visitor without a token from / to /login', async () => {
    const { calls } = stubFetch({});
    renderWithApp(<AppRoutes />, '/');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(calls.filter((c) => c.url === 'api/checkToken')).toHaveLength(0);
  });

  it("asks a signed-in visitor's token and rights checks before the shell is there, and the shell takes those answers", async () => {
    const { calls } = signedIn();
    startEarlyChecks('#/dashboard');
    // Asked at once, before anything renders (on 3G they travel while the shell's files download).
    const asked = () => calls.filter((c) => c.url === 'api/checkToken' || c.url === 'api/user/checkPermission').map((c) => c.url);
    expect(asked()).toEqual(['api/checkToken', 'api/user/checkPermission']);
    renderWithApp(<AppRoutes />, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('navigation')).getAllByRole('link').length).toBe(4));
    expect(asked()).toEqual(['api/checkToken', 'api/user/checkPermission']);
  });

  it('asks nothing early on a public screen or without a token', () => {
    const { calls } = signedIn();
    startEarlyChecks('#/login');
    startEarlyChecks('#/signup');
    localStorage.removeItem('token');
    startEarlyChecks('#/dashboard');
    expect(calls).toHaveLength(0);
  });

  it('signs out at once when the early check finds the token refused', async () => {
    localStorage.setItem('token', 'revoked');
    stubFetch({
      'GET api/checkToken': { status: 401, body: { code: 401, message: 'Session expirée' } },
      'GET api/user/checkPermission': { status: 401, body: { code: 401, message: 'Session expirée' } },
    });
    startEarlyChecks('#/bande');
    renderWithApp(<AppRoutes />, '/bande');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends a visitor whose token is refused to /login', async () => {
    localStorage.setItem('token', 'revoked');
    stubFetch({ 'GET api/checkToken': { status: 401, body: { code: 401, message: 'Session expirée' } } });
    renderWithApp(<AppRoutes />, '/bande');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows unknown paths as the login screen', async () => {
    stubFetch({});
    renderWithApp(<AppRoutes />, '/nimporte/quoi');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(window.location.hash).toBe('#/login');
  });

  it('renders the index entry at / and a menu of the permitted entries only, in order', async () => {
    const { calls } = signedIn();
    renderWithApp(<AppRoutes />, '/');
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeTruthy();
    expect(screen.getByTestId('user-name').textContent).toBe('Moussa Fall');
    const nav = screen.getByRole('navigation');
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Accueil', 'Bandes', 'Produits', 'E-commerce']),
    );
    expect(within(nav).queryByText('Clients')).toBeNull();
    // On the empty path the index entry (Accueil) is the current one.
    expect(within(nav).getByRole('link', { name: 'Accueil' }).className).toContain('active');
    expect(within(nav).getByRole('link', { name: 'Bandes' }).className).not.toContain('active');
    // One permission call answers the whole menu (its `droits` list), not one per entry.
    const asked = calls.filter((c) => c.url === 'api/user/checkPermission');
    expect(asked).toHaveLength(1);
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Bandes' }));
    expect(await screen.findByRole('heading', { name: 'Liste des bandes' })).toBeTruthy();
    expect(window.location.hash).toBe('#/bande');
    // The entry is a link to its hash route, current on its screen (for a screen reader too), and only there.
    const bandes = within(nav).getByRole('link', { name: 'Bandes' });
    expect(bandes.getAttribute('href')).toBe('#/bande');
    expect(bandes.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Accueil' }).getAttribute('aria-current')).toBeNull();
  });

  it('asks the permission check while the token check is still running (one round trip, not two)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { fn, calls } = signedIn();
    const inner = fn.getMockImplementation()!;
    fn.mockImplementation(async (...args: Parameters<typeof inner>) => {
      if (String(args[0]) === 'api/checkToken') await gate;
      return inner(...args);
    });
    renderWithApp(<AppRoutes />, '/');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('api/user/checkPermission'));
    expect(screen.queryByRole('heading', { name: 'Tableau de bord' })).toBeNull();
    release();
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeTruthy();
    expect(calls.filter((c) => c.url === 'api/user/checkPermission')).toHaveLength(1);
  });

  it('enters the shell right after a login from the login answer: no token check, menu from its rights', async () => {
    // Slow networks: the server has just issued the token and read the user's rights.
    const { calls } = stubFetch({
      'POST api/login': { body: { token: 'FRESH', user: { ...USER, droits: { bandav: 'r', dashboardav: 'r', clav: '' } } } },
      'GET api/checkToken': { status: 401, body: { code: 401, message: 'Session expirée' } },
      'GET api/user/checkPermission': { status: 500, body: {} },
    });
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/login');
    await user.type(await screen.findByLabelText('Email'), 'moussa@ferme.sn');
    await user.type(screen.getByLabelText('Mot de passe'), 'bon');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeTruthy();
    const nav = screen.getByRole('navigation');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Accueil', 'Bandes']);
    // No token check, no rights asked: only the dashboard's first reads, which left with the login's answer.
    const { start, end } = defaultRange();
    expect(calls.map((c) => c.url)).toEqual(['api/login', periodePath(start, end), 'api/checkplan']);
    // Once that answer is stale (60 s), the shell asks the server again.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      window.location.hash = '#/bande';
      await waitFor(() => expect(calls.some((c) => c.url === 'api/user/checkPermission')).toBe(true));
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers a reload when a screen cannot be loaded, keeping the shell', async () => {
    signedIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp(<AppRoutes />, '/casse');
    expect(await screen.findByText(/Cette page n'a pas pu être chargée/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeTruthy();
    expect(screen.getByTestId('user-name').textContent).toBe('Moussa Fall');
  });

  it('opens and closes the slide-in sidebar with the hamburger', async () => {
    signedIn();
    const user = userEvent.setup();
    const { container } = renderWithApp(<AppRoutes />, '/profil');
    const burger = await screen.findByRole('button', { name: 'Ouvrir le menu' });
    expect(container.querySelector('.shell')!.className).not.toContain('sidebar-open');
    await user.click(burger);
    expect(container.querySelector('.shell')!.className).toContain('sidebar-open');
    await user.click(screen.getByRole('button', { name: 'Fermer le menu' }));
    expect(container.querySelector('.shell')!.className).not.toContain('sidebar-open');
    await user.click(burger);
    await user.click(container.querySelector('.sidebar-backdrop')!);
    expect(container.querySelector('.shell')!.className).not.toContain('sidebar-open');
    // Escape closes it too, and the keyboard is back on the button that opened it.
    await user.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(container.querySelector('.shell')!.className).not.toContain('sidebar-open');
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(burger);
  });

  it('updates the header name after a profile change and logs out from the person menu', async () => {
    const { calls } = signedIn({
      'POST admin/updatePofil': (c) => ({ body: { code: 200, message: 'Profil mis à jour.', user: { ...USER, ...(c.body as object) } } }),
    });
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/profil');
    const prenom = await screen.findByLabelText('Prénom');
    expect(screen.getByLabelText('Email')).toHaveProperty('readOnly', true);
    await user.clear(prenom);
    await user.type(prenom, 'mamadou');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Profil mis à jour.')).toBeTruthy();
    expect(screen.getByTestId('user-name').textContent).toBe('Mamadou Fall');
    expect(calls.find((c) => c.url === 'admin/updatePofil')!.body).toEqual({ prenom: 'mamadou', nom: 'fall', email: 'moussa@ferme.sn' });

    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profil' })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(calls.some((c) => c.url === 'api/logout' && c.headers.Authorization === 'Bearer T')).toBe(true);
    expect(localStorage.length).toBe(0);
  });
  it('refuses a screen opened by its address without its right, and sends the index to the first allowed screen', async () => {
    signedIn();
    ALLOWED.delete('dashboardav:r');
    try {
      renderWithApp(<AppRoutes />, '/client');
      expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Clients' })).toBeNull();
      window.location.hash = '#/';
      expect(await screen.findByRole('heading', { name: 'Liste des bandes' })).toBeTruthy();
    } finally {
      ALLOWED.add('dashboardav:r');
    }
  });
});
