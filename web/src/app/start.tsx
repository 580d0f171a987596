// The app's start, loaded by the entry (main.tsx) once it has asked a signed-in visitor's checks
// and first reads: `startApp` starts the screen's files, mounts the app and, once the page has
// settled, registers the offline cache worker. Importing this runs nothing but its modules: the
// painted login (features/acces/painted-login.ts) imports it while its sign-in call travels, and
// starts it once the session is stored.
// First: its popstate listener must be added before the router's (lib/history-landing.ts).
import '../lib/history-landing';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { LoginPage, preloadForLocation, preloadSignedIn } from './router';
import { registerServiceWorker } from '../lib/service-worker';
import { earlyAnswered } from '../lib/api/early';
import { EARLY_WAIT_MS } from './early-start';
import { claimStaticLogin, staticLoginSettled, staticLoginShown } from '../lib/static-login';
import { getToken } from '../lib/storage';

let started = false;

/** Mounts the app, once. */
export function startApp(): void {
  if (started) return;
  started = true;
  // A signed-in visitor's shell and screen modules start loading before React renders (app/router.tsx).
  preloadForLocation();

  // Rendered as a transition: React then works in slices that leave the main thread free between
  // them, instead of one task as long as the whole first render (a cheap phone's CPU).
  const render = () =>
    startTransition(() =>
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );

  // A signed-in visitor's first render waits for the answers the entry asked (at most 2 s; usually
  // they arrive before React's files): the shell and the screen then render once, in slices, with
  // their data. An answer arriving after the render is rendered in one task (a query's update is
  // not a transition), which a phone feels and Lighthouse counts. Until then the page shows the
  // loader it has (index.html), as the guard would. Not the reads those answers call for (the first
  // steps' lists after the plan check, lib/api/early.ts EarlyRead.then): the figures would wait a
  // second round trip for a checklist whose marks say « vérification » until its lists come.
  // A visitor shown index.html's login form (lib/static-login.ts): React's first render must be the
  // login screen, so that it replaces that form at once; the shell's index ('#/') would render a
  // loader before the guard sent the visitor to it. Its file is loaded first.
  // A visitor who has signed in through that form (features/acces/painted-login.ts: the session is
  // stored, the address is the shell's index) keeps it, its button « Chargement… », until the first
  // render can be the shell and the dashboard, as after React's own login (router.tsx preloadSignedIn).
  // While its sign-in runs, the start waits: the form is not taken over in the middle of it.
  const signedInThere = () => staticLoginShown() && !!getToken();
  const decide = async (): Promise<unknown> => {
    // The painted form's own sign-in, if one runs, decides the first screen: wait for it.
    await staticLoginSettled();
    if (signedInThere()) return preloadSignedIn();
    if (!staticLoginShown()) return Promise.race([earlyAnswered({ followUps: false }), new Promise((r) => setTimeout(r, EARLY_WAIT_MS))]);
    await LoginPage.preload().catch(() => undefined);
    // A sign-in begun in the painted form while the login's file came.
    await staticLoginSettled();
    if (signedInThere()) return preloadSignedIn();
    // A link of the painted form followed while the login's file came (« Mot de passe oublié ? »,
    // « Créer un compte »: web/boot.js has hidden the form): that screen is the first render, the
    // address stays the link's (it was sent back to the login).
    if (!staticLoginShown()) return;
    claimStaticLogin();
    if (!/^#\/login(\/|\?|$)/.test(window.location.hash)) window.history.replaceState(window.history.state, '', '#/login');
  };
  void decide().then(render);

  registerServiceWorker();
}
