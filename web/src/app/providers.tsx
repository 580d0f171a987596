// Providers of the authenticated app: one TanStack Query client for all server state. The app's
// own client keeps the lists a farmer needs offline on the device (web/src/lib/offline/persist.ts):
// they are put back before the first screen renders, and saved after each successful fetch.
import { MutationCache, QueryClient, QueryClientContext, QueryClientProvider, type Query } from '@tanstack/react-query';
import { startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { noteWrite } from '../lib/api/early';
import { errorStatus } from '../lib/http';
import { persistQueries, PERSIST_MAX_AGE_MS, restoreQueries } from '../lib/offline/persist';
import { PageLoader } from '../lib/ui/PageLoader';

/**
 * A figure on screen is never older than a write the user made. Every write invalidates the lists
 * it changes, but TanStack Query lets a read already in flight at the invalidation land afterwards
 * as fresh: an inactive query's read is neither cancelled nor asked again, and an active query
 * without data yet (its first read, or one put back paused while offline) has its refetch joined to
 * the read in flight. That answer, asked before the write (or before the outbox's entry reached the
 * server), then cleared the invalidation and was shown, and kept by a screen that mounts while it
 * travels. Here, in one place for every screen: a read in flight at any invalidation is remembered,
 * and when it lands its query is invalidated again (asked again at once if on screen). The entry's
 * early answers (lib/api/early.ts) were asked before any write too: dropped at the first.
 */
class WriteAwareQueryClient extends QueryClient {
  /** The request of each query in flight when an invalidation reached it. */
  #predates = new WeakMap<Query, Promise<unknown>>();

  constructor(config: ConstructorParameters<typeof QueryClient>[0]) {
    super(config);
    this.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const q = event.query;
      const stale = this.#predates.get(q);
      if (!stale) return;
      this.#predates.delete(q);
      // The answer of a request that replaced it (a refetch that cancelled it) is the write's.
      if (stale !== q.promise) return;
      q.invalidate();
      // After the cache has told every observer of this answer (its listeners run in this update).
      if (q.isActive()) queueMicrotask(() => void q.fetch().catch(() => undefined));
    });
  }

  override invalidateQueries(...args: Parameters<QueryClient['invalidateQueries']>): Promise<void> {
    noteWrite();
    // Every read in flight, not only the invalidated lists': a write may change a figure a list's
    // key does not name (a delivered order is in the dashboard's takings), and a screen mounted
    // while that read travels would take its answer without asking again.
    for (const q of this.getQueryCache().getAll()) {
      const inFlight = q.state.fetchStatus !== 'idle' ? q.promise : undefined;
      if (inFlight) this.#predates.set(q, inFlight);
    }
    return super.invalidateQueries(...args);
  }
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new WriteAwareQueryClient({
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
