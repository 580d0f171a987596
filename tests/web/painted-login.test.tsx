// The login form index.html paints signs in without React (web/src/features/acces/painted-login.ts):
// the same rules, button states, call, session and words as React's login screen, the app loaded
// only after « Se connecter » (or a link of the form followed). Its errors are written as React's
// are: the same markup after the same typing (compared below).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../web/src/app/router';
import { runPaintedLogin } from '../../web/src/features/acces/painted-login';
import { claimStaticLogin } from '../../web/src/lib/static-login';
import { loginAnswer } from '../../web/src/lib/storage';
import { renderWithApp, stubFetch } from './helpers';

const INDEX = readFileSync(resolve('web/index.html'), 'utf8');
const USER = { id: 1, id_entreprise: 7, prenom: 'aminata', nom: 'DIOP', email: 'a@b.sn', role: 'admin', entreprise: 'Ferme', droits: {} };
const LOCKED = 'Trop de tentatives de connexion. Réessayez dans quelques minutes.';

/** index.html's painted form in the page, as web/boot.js shows it, made to work. */
function paint() {
  const doc = new DOMParser().parseFromString(INDEX, 'text/html');
  const main = document.importNode(doc.getElementById('static-login')!, true) as HTMLElement;
  document.body.appendChild(main);
  document.documentElement.setAttribute('data-boot', 'login');
  const loadApp = vi.fn(() => Promise.resolve());
  const fetchAppFiles = vi.fn();
  const warmApp = vi.fn();
  expect(runPaintedLogin(main, { loadApp, fetchAppFiles, warmApp })).toBe(true);
  return { main, loadApp, fetchAppFiles, warmApp };
}

/**
 * Tag, sorted attributes and text of every node (as tests/web/static-login.test.tsx compares them).
 * Not the `value` attribute: React writes what was typed there too, the page leaves it as it was
 * (what is shown and sent is the property).
 */
function shape(el: Element): unknown {
  const attrs = [...el.attributes]
    .filter((a) => (a.name !== 'id' || el.tagName !== 'MAIN') && a.name !== 'value')
    .map((a) => `${a.name}=${a.value}`)
    .sort();
  const children = [...el.childNodes].flatMap((n) =>
    n.nodeType === Node.ELEMENT_NODE ? [shape(n as Element)] : n.nodeType === Node.TEXT_NODE && n.textContent!.trim() ? [n.textContent!.trim()] : [],
  );
  return { tag: el.tagName, attrs, children };
}

afterEach(() => {
  document.getElementById('static-login')?.remove();
  document.documentElement.removeAttribute('data-boot');
  localStorage.clear();
  window.location.hash = '';
});

describe('the painted login, without React', () => {
  it('keeps Se connecter disabled until the e-mail is valid and a password is typed, with the field errors React shows', async () => {
    stubFetch({});
    const { fetchAppFiles } = paint();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Se connecter' });
    expect(button).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Email'), 'pas-un-email');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('Adresse email invalide');
    await user.type(screen.getByLabelText('Mot de passe'), 'x');
    await user.clear(screen.getByLabelText('Mot de passe'));
    expect(screen.getByText('Mot de passe requis')).toBeTruthy();
    expect(button).toHaveProperty('disabled', true);
    await user.clear(email);
    await user.type(email, 'a@b.sn');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret');
    expect(button).toHaveProperty('disabled', false);
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText('Adresse email invalide')).toBeNull();
    // The links are the page's own: followed, they load the app (below).
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe('#/forgetpassword');
    // Its files are asked once the page has loaded (jsdom's has).
    expect(fetchAppFiles).toHaveBeenCalledTimes(1);
  });

  it('writes its errors as React does: the same markup after the same typing', async () => {
    stubFetch({});
    const user = userEvent.setup();
    const { main } = paint();
    await user.type(screen.getByLabelText('Email'), 'awa@');
    await user.type(screen.getByLabelText('Mot de passe'), 'x');
    await user.clear(screen.getByLabelText('Mot de passe'));
    const painted = shape(main);
    main.remove();
    document.documentElement.removeAttribute('data-boot');
    renderWithApp(<AppRoutes />, '/login');
    await user.type(await screen.findByLabelText('Email'), 'awa@');
    await user.type(screen.getByLabelText('Mot de passe'), 'x');
    await user.clear(screen.getByLabelText('Mot de passe'));
    expect(painted).toEqual(shape(screen.getByRole('heading', { name: 'Connexion' }).closest('main')!));
  });

  it('shows Chargement… while the call runs, then the generic error (401), announced; typing clears it; nothing stored, the app not loaded', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { fn, calls } = stubFetch({ 'POST api/login': { status: 401, body: { code: 401, message: 'Identifiants refusés (texte du serveur)' } } });
    const inner = fn.getMockImplementation()!;
    fn.mockImplementation(async (...args: Parameters<typeof inner>) => {
      await gate;
      return inner(...args);
    });
    const { loadApp, warmApp } = paint();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), '  A@B.sn ');
    await user.type(screen.getByLabelText('Mot de passe'), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    const pending = screen.getByRole('button', { name: 'Chargement…' });
    expect(pending).toHaveProperty('disabled', true);
    expect(pending.getAttribute('aria-busy')).toBe('true');
    // The app's modules are readied while the call travels, the app not run.
    expect(warmApp).toHaveBeenCalledTimes(1);
    release();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Email ou mot de passe incorrect');
    expect(alert.className).toBe('alert alert-error');
    const button = screen.getByRole('button', { name: 'Se connecter' });
    expect(button).toHaveProperty('disabled', false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    // The e-mail trimmed and lowercased as username, the password as its SHA-256 digest.
    expect(calls[0].body).toEqual({ username: 'a@b.sn', password: expect.stringMatching(/^[a-f0-9]{64}$/) });
    expect(localStorage.getItem('token')).toBeNull();
    expect(loadApp).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Mot de passe'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's words for a lockout (429), and the network's when there is no answer", async () => {
    const { fn } = stubFetch({ 'POST api/login': { status: 429, body: { code: 429, message: LOCKED } } });
    paint();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'a@b.sn');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LOCKED);
    fn.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.'));
  });

  it('a 5xx reads as the generic failure, not the server text', async () => {
    stubFetch({ 'POST api/login': { status: 500, body: { code: 500, message: 'boom interne' } } });
    paint();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'a@b.sn');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email ou mot de passe incorrect');
  });

  it('on success stores the session, keeps the answer for the shell, goes to the index and loads the app; the form waits, « Chargement… »', async () => {
    stubFetch({ 'POST api/login': { body: { token: 'tok-1', user: USER } } });
    const { main, loadApp } = paint();
    window.location.hash = '#/login';
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'a@b.sn');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(loadApp).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('customer')!)).toEqual(USER);
    // The shell's token and rights checks take the login's answer (lib/storage.ts).
    expect(loginAnswer('tok-1')?.user).toEqual(USER);
    expect(window.location.hash).toBe('#/');
    expect(main.isConnected).toBe(true);
    expect(screen.getByRole('button', { name: 'Chargement…' })).toHaveProperty('disabled', true);
  });

  it('loads the app when a link of the form is followed, not before', async () => {
    stubFetch({});
    const { loadApp } = paint();
    window.location.hash = '#/login';
    await new Promise((r) => setTimeout(r, 0));
    expect(loadApp).not.toHaveBeenCalled();
    window.location.hash = '#/signup';
    await waitFor(() => expect(loadApp).toHaveBeenCalledTimes(1));
  });

  it('sends nothing once the app has claimed the form (React is taking it over with what was typed)', async () => {
    const { calls } = stubFetch({ 'POST api/login': { body: { token: 'tok-2', user: USER } } });
    paint();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'a@b.sn');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret');
    claimStaticLogin();
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(calls).toEqual([]);
  });

  it('never lets the browser submit the form itself (the password in the address)', () => {
    stubFetch({});
    const { main } = paint();
    const event = new Event('submit', { cancelable: true });
    main.querySelector('form')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
