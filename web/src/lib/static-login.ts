// The login form that index.html paints before the app's files arrive (web/boot.js shows it to a
// visitor without a session): on a 3G link the visitor sees it and types ~2 s before React runs.
// React's LoginPage renders its own form into #root and, in a layout effect (after its first
// commit, before the browser paints), adopts this one: what was typed, which field had the focus
// and where the cursor was; then this copy is removed. The user sees one form throughout and loses
// no keystroke. Until the app runs (it may never: features/acces/painted-login.ts signs the visitor
// in without React), the form works on its own. No React here: the entry imports this.
export type StaticLoginField = 'email' | 'password';

export interface StaticLoginState {
  values: Record<StaticLoginField, string>;
  /** « Se connecter » was tapped after the app's start had claimed the form: React's form sends it. */
  submit: boolean;
  /** The field that had the focus, and its cursor (start, end), if any. */
  focus: { name: StaticLoginField; start: number | null; end: number | null } | null;
}

const container = () => (typeof document === 'undefined' ? null : document.getElementById('static-login'));

/** Whether index.html's login form is on screen (web/boot.js chose it). */
export function staticLoginShown(): boolean {
  return !!container() && document.documentElement.getAttribute('data-boot') === 'login';
}

/**
 * What the visitor did in the painted form, read once by React's login screen; the form is then
 * removed. null when there was none (or it was hidden: another screen, a session).
 */
export function adoptStaticLogin(): StaticLoginState | null {
  const box = container();
  if (!box) return null;
  const shown = staticLoginShown();
  const input = (name: StaticLoginField) => box.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const active = document.activeElement;
  let state: StaticLoginState | null = null;
  if (shown) {
    const focused = (['email', 'password'] as const).find((n) => input(n) === active) ?? null;
    const el = focused ? input(focused) : null;
    state = {
      values: { email: input('email')?.value ?? '', password: input('password')?.value ?? '' },
      submit: submitAsked,
      // selectionStart is null on an e-mail input (the HTML standard): the cursor then goes to the end.
      focus: focused && el ? { name: focused, start: el.selectionStart, end: el.selectionEnd } : null,
    };
  }
  submitAsked = false;
  dropStaticLogin();
  return state;
}

let signingIn: Promise<unknown> | null = null;
let claimed = false;
let submitAsked = false;

/** Said by the painted form while its own sign-in runs (features/acces/painted-login.ts), until it has settled. */
export function staticLoginBusy(done: Promise<unknown>): void {
  signingIn = done;
  const clear = () => {
    if (signingIn === done) signingIn = null;
  };
  done.then(clear, clear);
}

/** Settles when the painted form has no sign-in running (one begun while waiting is waited for too). */
export async function staticLoginSettled(): Promise<void> {
  while (signingIn) await signingIn.catch(() => undefined);
}

/** The app's start takes the form over (its first render adopts it): the painted form sends nothing more. */
export function claimStaticLogin(): void {
  claimed = true;
}

export const staticLoginClaimed = () => claimed;

/**
 * « Se connecter » tapped between the claim and React's first render of the login: the painted
 * form does not send it (React's form sends from then on), but the tap is not lost — React's form
 * sends it once it has adopted the values (LoginPage).
 */
export function askStaticSubmit(): void {
  submitAsked = true;
}

/** Removes the painted form (any screen React renders first: only the login screen adopts it). */
export function dropStaticLogin(): void {
  container()?.remove();
  document.documentElement.removeAttribute('data-boot');
}
