// SPA entry, kept free of React: it asks a signed-in visitor's checks and first reads at once
// (app/early-start.ts), then loads the app (app/start.tsx), whose files index.html already asks for
// (web/vite.config.ts), so they download alongside this file rather than after it.
import { startEarly } from './app/early-start';
import { guardStaticLogin } from './lib/static-login';
import './styles.css';
import './lib/ui/ui.css';

guardStaticLogin();
startEarly();
void import('./app/start');
