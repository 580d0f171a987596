// The login form index.html paints, made to work without React (slow networks): a visitor without a
// session can sign in through it while React and the app's files are still on their way. On a 3G
// link React alone is 66 KB gzip, 1.3 s; the first screen's JavaScript is this file and what it
// imports (the HTTP client, the field rules). The entry (main.tsx) imports the app once the page has
// loaded; React's login then takes this form over (lib/static-login.ts), unless this form's own
// sign-in is running (the app's start waits for it).
// It behaves as React's login screen (routes/LoginPage.tsx) does: the same rules (validation.ts)
// shown as a field changes or loses focus, and for all after a submit; the button disabled while the
// form is invalid and reading « Chargement… » while the call runs; the same call (api/login.ts: the
// password's digest, the session stored, the login's answer kept for the shell's checks); the same
// words for a failure (a lockout's 429 in the server's words, no connection, else « Email ou mot de
// passe incorrect »), announced (role="alert"). No React here: the entry imports this at once.
import { MSG } from '@shared/messages/acces';
import { serverMessage } from '../../lib/http';
import { askStaticSubmit, staticLoginBusy, staticLoginClaimed } from '../../lib/static-login';
import { login } from './api/login';
import { validateLogin, type LoginFormValues } from './validation';

type Name = keyof LoginFormValues;
const NAMES: readonly Name[] = ['email', 'password'];

/** What the app's start needs once the visitor has signed in (the entry's import of app/start). */
export interface PaintedLoginOptions {
  /**
   * Loads and runs the app (React): after a sign-in it opens the dashboard, after a link the link's
   * screen, else its login screen takes this form over (values, focus, cursor: decision 0278).
   */
  loadApp: () => Promise<unknown>;
  /**
   * Called once the page has loaded: the app's files are fetched and the app run, so that React has
   * taken the form over by the time a typing visitor taps; one who taps before signs in here.
   */
  fetchAppFiles?: () => void;
  /** Readies the app's modules without running the app: called as the sign-in's call leaves. */
  warmApp?: () => void;
  /** Called once the session is stored, before the app runs: the dashboard's first reads leave. */
  signedIn?: () => void;
}

/**
 * Makes index.html's painted login form (`#static-login`) work: returns false when there is none.
 * Stops as soon as the visitor leaves it (a link: the app then shows that screen).
 */
export function runPaintedLogin(box: HTMLElement, { loadApp, fetchAppFiles, warmApp, signedIn }: PaintedLoginOptions): boolean {
  const form = box.querySelector('form');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const inputs = Object.fromEntries(NAMES.map((n) => [n, form?.querySelector<HTMLInputElement>(`input[name="${n}"]`) ?? null])) as Record<
    Name,
    HTMLInputElement | null
  >;
  if (!form || !button || !inputs.email || !inputs.password) return false;
  const label = button.textContent ?? 'Se connecter';
  const shown: Partial<Record<Name, boolean>> = {};
  let submitted = false;
  let pending = false;
  let appAsked = false;
  const values = (): LoginFormValues => ({ email: inputs.email!.value, password: inputs.password!.value });

  const startApp = () => {
    if (appAsked) return;
    appAsked = true;
    return loadApp();
  };

  /** The field's error under it, as Field (lib/ui/Field.tsx) writes it: linked to the input, marked invalid. */
  const showFieldError = (name: Name, error: string | null | undefined) => {
    const input = inputs[name]!;
    const id = `${input.id}-err`;
    let p = box.querySelector<HTMLParagraphElement>(`#${id}`);
    if (!error) {
      p?.remove();
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      return;
    }
    if (!p) {
      p = document.createElement('p');
      p.className = 'field-error';
      p.id = id;
      input.closest('.field')?.append(p);
    }
    if (p.textContent !== error) p.textContent = error;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', id);
  };

  const render = () => {
    const errors = validateLogin(values());
    for (const n of NAMES) showFieldError(n, submitted || shown[n] ? errors[n] : null);
    const valid = NAMES.every((n) => !errors[n]);
    button.disabled = pending || !valid;
    if (pending) button.setAttribute('aria-busy', 'true');
    else button.removeAttribute('aria-busy');
    button.textContent = pending ? 'Chargement…' : label;
    return valid;
  };

  /** The form's failure, first in the form (lib/ui/Alert.tsx): announced by its role. */
  const setAlert = (text: string | null) => {
    form.querySelector(':scope > .alert')?.remove();
    if (!text) return;
    const alert = document.createElement('div');
    alert.className = 'alert alert-error';
    alert.setAttribute('role', 'alert');
    alert.textContent = text;
    form.prepend(alert);
  };

  for (const n of NAMES) {
    const input = inputs[n]!;
    input.addEventListener('input', () => {
      shown[n] = true;
      setAlert(null);
      render();
    });
    input.addEventListener('blur', () => {
      shown[n] = true;
      render();
    });
  }

  form.addEventListener('submit', (e) => {
    // Never the browser's own submit: it would put the password in the address.
    e.preventDefault();
    if (pending) return;
    // React's form is taking over (its first render adopts what was typed): it sends from now,
    // this tap included.
    if (staticLoginClaimed()) {
      askStaticSubmit();
      return;
    }
    submitted = true;
    if (!render()) return;
    setAlert(null);
    pending = true;
    render();
    const v = values();
    const call = login({ email: v.email.trim().toLowerCase(), password: v.password });
    warmApp?.();
    const done = call.then(
      () => {
        signedIn?.();
        // The app opens on the shell's index, the dashboard; this form stays, its button « Chargement… »,
        // until React's first commit replaces it (app/start.tsx, App.tsx).
        window.history.replaceState(window.history.state, '', '#/');
        startApp()?.catch(() => {
          // The session is stored: the page's next load opens the app. Said as a lost connection.
          appAsked = false;
          pending = false;
          render();
          setAlert(MSG.network);
        });
      },
      (err: unknown) => {
        pending = false;
        render();
        // Lockout (429) explains itself; every other failure reads the same, to reveal nothing.
        setAlert(serverMessage(err, MSG.loginFailed, { only: [429] }));
      },
    );
    // The app's start, if it runs meanwhile, waits for this sign-in before it shows a screen.
    staticLoginBusy(done);
  });

  // A link of the form followed (« Mot de passe oublié ? », « Créer un compte »): the app shows that
  // screen (web/boot.js shows the loader meanwhile).
  const onHash = () => {
    if (!/^#\/login([/?].*)?$/.test(window.location.hash) && window.location.hash !== '' && window.location.hash !== '#/') {
      window.removeEventListener('hashchange', onHash);
      void startApp()?.catch(() => undefined);
    }
  };
  window.addEventListener('hashchange', onHash);

  // The shell's index shows this form to a visitor without a session: its address is the login's,
  // as the app's guard would make it.
  if (!/^#\/login([/?].*)?$/.test(window.location.hash)) window.history.replaceState(window.history.state, '', '#/login');
  if (fetchAppFiles) {
    if (document.readyState === 'complete') fetchAppFiles();
    else window.addEventListener('load', fetchAppFiles, { once: true });
  }
  render();
  return true;
}
