// Everything behind the login, as one lazy chunk: the TanStack Query client (all server state), the
// route guard and the shell. The public screens never load it, which keeps the first screen small;
// a fresh client per mount means nothing read under one session is shown to the next.
import { AppProviders } from './providers';
import { RequireAuth } from './RequireAuth';
import { Shell } from './Shell';

export default function AuthedApp() {
  return (
    <AppProviders>
      <RequireAuth>
        <Shell />
      </RequireAuth>
    </AppProviders>
  );
}
