// Providers of the authenticated app: one TanStack Query client for all server state. The app's
// own client keeps the lists a farmer needs offline on the device (web/src/lib/offline/persist.ts):
// they are put back before the first screen renders, and saved after each successful fetch.
import { MutationCache, QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { errorStatus } from '../lib/http';
import { persistQueries, PERSIST_MAX_AGE_MS, restoreQueries } from '../lib/offline/persist';
import { PageLoader } from '../lib/ui/PageLoader';

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A save refused because the subscription lapsed or was suspended (424): the banner asks the
    // server again and shows its words, beside the dialog that shows them too.
    mutationCache: new MutationCache({
      onError: (err) => {
        if (errorStatus(err) === 424) void client.invalidateQueries({ queryKey: ['checkplan'] });
      },
    }),
    defaultOptions: {
      queries: {
        // A 4xx will not fix itself; a flaky mobile network might.
        retry: (count, err) => {
          const status = errorStatus(err) ?? 0;
          return count < 2 && !(status >= 400 && status < 500);
        },
        refetchOnWindowFocus: false,
        // Kept as long as the device's copy, so a list not visited lately is still saved with the others.
        gcTime: PERSIST_MAX_AGE_MS,
      },
      // The outbox decides what happens offline (web/src/lib/offline/outbox.ts): a write is never
      // paused by the query client waiting for the network.
      mutations: { networkMode: 'always' },
    },
  });
  return client;
}

function Persisted({ client, children }: { client: QueryClient; children: ReactNode }) {
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    let stop: () => void = () => undefined;
    let live = true;
    void restoreQueries(client).then(() => {
      if (!live) return;
      stop = persistQueries(client);
      // As a transition, like the first render (main.tsx): the shell and the screen then render in
      // slices that leave a phone's main thread free between them, instead of one long task.
      startTransition(() => setRestored(true));
    });
    return () => {
      live = false;
      stop();
    };
  }, [client]);
  return <QueryClientProvider client={client}>{restored ? children : <PageLoader />}</QueryClientProvider>;
}

/** Provides a query client unless one is already provided above (the component tests give theirs). */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const outer = useContext(QueryClientContext);
  const [qc] = useState(() => client ?? outer ?? createQueryClient());
  if (outer && !client) return <>{children}</>;
  if (client) return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  return <Persisted client={qc}>{children}</Persisted>;
}
