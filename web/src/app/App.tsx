// Root component: the hash router. Query client, route guard and shell come with the first
// authenticated screen (AuthedApp), not with the login screen.
import { useLayoutEffect } from 'react';
import { dropStaticLogin } from '../lib/static-login';
import { AppRouter } from './router';

export function App() {
  // The login form index.html painted (lib/static-login.ts) goes with React's first commit, before
  // the browser paints again; the login screen, a child, has adopted it by then (its layout effect
  // runs first).
  useLayoutEffect(dropStaticLogin, []);
  return <AppRouter />;
}
