// Root component: the hash router. Query client, route guard and shell come with the first
// authenticated screen (AuthedApp), not with the login screen.
import { AppRouter } from './router';

export function App() {
  return <AppRouter />;
}
