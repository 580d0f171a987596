// The login form index.html paints before the app's scripts (slow networks): it is the form React's
// login screen renders — same elements, texts, attributes — and React's screen takes it over with
// what the visitor typed, the focus and the cursor, then removes it (web/src/lib/static-login.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { AppRoutes } from '../../web/src/app/router';
import { askStaticSubmit } from '../../web/src/lib/static-login';
import { renderWithApp, stubFetch } from './helpers';

const INDEX = readFileSync(resolve('web/index.html'), 'utf8');

/** index.html's painted login (its <main>), parsed into a detached element. */
function paintedLogin(): HTMLElement {
  const doc = new DOMParser().parseFromString(INDEX, 'text/html');
  const main = doc.getElementById('static-login');
  if (!main) throw new Error('index.html has no #static-login');
  return main;
}

/** Tag, sorted attributes and text of every node: what the user sees and what the browser reads. */
function shape(el: Element, skip: (name: string) => boolean = () => false): unknown {
  const attrs = [...el.attributes]
    .filter((a) => !skip(a.name))
    .map((a) => `${a.name}=${a.value}`)
    .sort();
  const children = [...el.childNodes].flatMap((n) =>
    n.nodeType === Node.ELEMENT_NODE ? [shape(n as Element, skip)] : n.nodeType === Node.TEXT_NODE && n.textContent!.trim() ? [n.textContent!.trim()] : [],
  );
  return { tag: el.tagName, attrs, children };
}

/** Puts index.html's painted form in the page, as web/boot.js shows it to a visitor without a session. */
function paint(): HTMLElement {
  const main = document.importNode(paintedLogin(), true) as HTMLElement;
  document.body.appendChild(main);
  document.documentElement.setAttribute('data-boot', 'login');
  return main;
}

afterEach(() => {
  document.getElementById('static-login')?.remove();
  document.documentElement.removeAttribute('data-boot');
  localStorage.clear();
});

describe('the login form painted by index.html', () => {
  it('is the form React renders: same elements, texts and attributes', async () => {
    stubFetch({});
    renderWithApp(<AppRoutes />, '/login');
    const react = (await screen.findByRole('heading', { name: 'Connexion' })).closest('main')!;
    // Its own id and class let the stylesheet and the takeover find it; nothing else may differ.
    const painted = paintedLogin();
    expect(shape(painted, (name) => name === 'id')).toEqual(shape(react, (name) => name === 'id'));
    // The inputs' ids are the same (their labels point at them): compared apart from the main's id.
    expect([...painted.querySelectorAll('[id]')].map((e) => e.id)).toEqual([...react.querySelectorAll('[id]')].map((e) => e.id));
  });

  it('is taken over by React with what was typed, the focus and the cursor, then removed', async () => {
    stubFetch({});
    const main = paint();
    const email = main.querySelector<HTMLInputElement>('input[name="email"]')!;
    const password = main.querySelector<HTMLInputElement>('input[name="password"]')!;
    email.value = 'awa@ferme.sn';
    password.value = 'secret';
    password.focus();
    password.setSelectionRange(2, 4);

    renderWithApp(<AppRoutes />, '/login');
    await screen.findByRole('heading', { name: 'Connexion' });
    expect(document.getElementById('static-login')).toBeNull();
    const typedEmail = screen.getByLabelText<HTMLInputElement>('Email');
    const typedPassword = screen.getByLabelText<HTMLInputElement>('Mot de passe');
    expect(typedEmail.value).toBe('awa@ferme.sn');
    expect(typedPassword.value).toBe('secret');
    expect(document.activeElement).toBe(typedPassword);
    expect([typedPassword.selectionStart, typedPassword.selectionEnd]).toEqual([2, 4]);
    // The form's state has the values too: the button is enabled and what is sent is what was typed.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Se connecter' })).toHaveProperty('disabled', false));
  });

  it('sends the tap on « Se connecter » made while React took the form over (the painted form no longer sends)', async () => {
    const { calls } = stubFetch({ 'POST api/login': { status: 401, body: { message: 'non' } } });
    const main = paint();
    main.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'awa@ferme.sn';
    main.querySelector<HTMLInputElement>('input[name="password"]')!.value = 'secret';
    // The painted form's submit after the app's start claimed it (features/acces/painted-login.ts).
    askStaticSubmit();
    renderWithApp(<AppRoutes />, '/login');
    await screen.findByRole('heading', { name: 'Connexion' });
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url.includes('api/login'))).toHaveLength(1));
  });

  it('is removed without being adopted when the visitor has a session (not shown)', async () => {
    stubFetch({});
    const main = paint();
    document.documentElement.removeAttribute('data-boot');
    main.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'ne-pas@reprendre.sn';
    renderWithApp(<AppRoutes />, '/login');
    await screen.findByRole('heading', { name: 'Connexion' });
    expect(document.getElementById('static-login')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('');
  });
});
