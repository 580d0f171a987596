// The app's start, loaded by the entry (main.tsx) once it has asked a signed-in visitor's checks
// and first reads: starts the screen's files, mounts the app and, once the page has settled,
// registers the offline cache worker.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadForLocation } from './router';
import { registerServiceWorker } from '../lib/service-worker';

// A signed-in visitor's shell and screen modules start loading before React renders (app/router.tsx).
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
