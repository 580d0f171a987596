// SPA entry: asks a signed-in visitor's token and rights checks, mounts the app and, once the page
// has settled, registers the offline cache worker.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './lib/service-worker';
import { startEarlyChecks } from './lib/api/early';
import './styles.css';
import './lib/ui/ui.css';

// A signed-in visitor's token and rights checks leave now, alongside the shell's files (lib/api/early.ts).
startEarlyChecks();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
