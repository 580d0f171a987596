// Providers of the authenticated app: one TanStack Query client for all server state.
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/http';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not fix itself; a flaky mobile network might.
        retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        refetchOnWindowFocus: false,
      },
      // The outbox decides what happens offline (web/src/lib/offline/outbox.ts): a write is never
      // paused by the query client waiting for the network.
      mutations: { networkMode: 'always' },
    },
  });
}

/** Provides a query client unless one is already provided above (the component tests give theirs). */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const outer = useContext(QueryClientContext);
  const [qc] = useState(() => client ?? outer ?? createQueryClient());
  if (outer && !client) return <>{children}</>;
  return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}
