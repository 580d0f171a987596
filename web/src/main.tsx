// SPA entry: asks a signed-in visitor's token and rights checks, mounts the app and, once the page
// has settled, registers the offline cache worker.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadForLocation } from './app/router';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';
import './lib/ui/ui.css';

// A signed-in visitor's shell and screen files, token and rights checks and the screen's first reads
// leave now, before React renders (app/router.tsx, lib/api/early.ts).
preloadForLocation();

// Rendered as a transition: React then works in slices that leave the main thread free between
// them, instead of one task as long as the whole first render (a cheap phone's CPU).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

registerServiceWorker();
