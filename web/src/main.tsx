// SPA entry, kept free of React: it asks a signed-in visitor's checks and first reads at once
// (app/early-start.ts), then loads the app (app/start.tsx), whose files public/boot.js asked for
// with the page (web/vite.config.ts), so they download alongside this file rather than after it.
// A visitor shown index.html's login form signs in through it without React
// (features/acces/painted-login.ts): the app's files are then fetched once the page has loaded, and
// run after « Se connecter » (or a link of the form followed).
import { startEarly } from './app/early-start';
import { runPaintedLogin } from './features/acces/painted-login';
import { linkAppFiles, linkDashboardFiles } from './lib/prefetch';
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
if (box && runPaintedLogin(box, { loadApp, warmApp, fetchAppFiles: linkAppFiles })) {
  // The offline cache, as the app registers it: a visitor may never sign in on this page.
  registerServiceWorker();
} else void loadApp();
