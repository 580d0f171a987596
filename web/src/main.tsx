// SPA entry, kept free of React: it asks a signed-in visitor's checks and first reads at once
// (app/early-start.ts), then loads the app (app/start.tsx), whose files web/boot.js asked for
// with the page (web/vite.config.ts), so they download alongside this file rather than after it.
// A visitor shown index.html's login form can sign in through it without React
// (features/acces/painted-login.ts): the app's files are fetched once the page has loaded, and
// React's login takes the form over when they are here; a tap before that signs in without them.
import { startEarly, startSignedIn } from './app/early-start';
import { runPaintedLogin } from './features/acces/painted-login';
import { linkDashboardFiles, prefetchAfterLogin } from './lib/prefetch';
import { registerServiceWorker } from './lib/service-worker';
import { staticLoginShown } from './lib/static-login';
import './styles.css';
import './lib/ui/ui.css';

startEarly();
const importStart = () => import('./app/start');
const loadApp = () => importStart().then((m) => m.startApp());
/**
 * While the sign-in's call travels (0.4 s and more on 3G), the app's modules, prefetched into the
 * browser's cache while the visitor typed, are compiled and run (nothing rendered): the dashboard's
 * as module preloads (not its stylesheets, which would apply to the login), the start by its import.
 */
const warmApp = () => {
  linkDashboardFiles((file) => (file.endsWith('.js') ? { rel: 'modulepreload' } : null));
  void importStart().catch(() => undefined);
};
const box = staticLoginShown() ? document.getElementById('static-login') : null;
// Once the page has loaded: the app (React takes the form over once its files are here, ~2 s on 3G)
// and the dashboard's files as prefetches, so that a typing visitor's tap finds them all.
const fetchAppFiles = () => {
  void loadApp().catch(() => undefined);
  prefetchAfterLogin();
};
if (box && runPaintedLogin(box, { loadApp, warmApp, fetchAppFiles, signedIn: startSignedIn })) {
  // The offline cache, as the app registers it: a visitor may never sign in on this page.
  registerServiceWorker();
} else void loadApp();
