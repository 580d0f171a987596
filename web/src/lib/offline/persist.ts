// Offline reads: the lists a farmer needs in the coop or the shop — batches and their
// detail, egg collections, the feed store, products with their stock, clients, plus the menu's permissions, the
// expense types and the dashboard — are copied from the TanStack Query cache into IndexedDB
// (throttled, after each successful fetch) and put back into the cache when the app starts, so they
// stay readable without a connection. The copy belongs to one account (business + user) and is
// deleted at sign-out; it is dropped after PERSIST_MAX_AGE_MS. Pages mark data read offline with
// its age (OfflineNote). Hand-written over TanStack's own dehydrate/hydrate: the official
// persister packages pin another copy of query-core.
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import { getCustomer } from '../storage';

/** A phone may stay offline for days: a week-old copy is still better than nothing. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const PERSISTED = new Set(['bandes', 'sante', 'aliment', 'produits', 'clients', 'typedepense', 'permission', 'dashboard', 'checkplan']);
const THROTTLE_MS = 1000;

const store = typeof indexedDB === 'undefined' ? undefined : createStore('ganaar-cache', 'queries');

interface Saved {
  savedAt: number;
  state: DehydratedState;
}

function keyOf(): string | null {
  const c = getCustomer();
  return c ? `cache:${c.id_entreprise}:${c.id}` : null;
}

/** Puts the signed-in account's saved lists back into the cache (nothing newer is overwritten). */
export async function restoreQueries(qc: QueryClient): Promise<void> {
  const key = keyOf();
  if (!store || !key) return;
  try {
    const saved = await get<Saved>(key, store);
    if (!saved) return;
    if (Date.now() - saved.savedAt > PERSIST_MAX_AGE_MS) return void (await del(key, store));
    hydrate(qc, saved.state);
  } catch {
    // A broken or unreadable copy only means no offline data.
  }
}

/**
 * What is saved: every persisted list that holds data, as its last good fetch. A refetch that failed
 * (a phone reopened offline still tries the network once: TanStack's online flag starts true) leaves
 * the query in error with its data; saving only successful queries would then drop that list from
 * the device at the next save, the day the farmer needs it.
 */
export function savedState(qc: QueryClient): DehydratedState {
  const state = dehydrate(qc, {
    shouldDehydrateQuery: (q) => q.state.data !== undefined && PERSISTED.has(String(q.queryKey[0])),
  });
  return {
    ...state,
    queries: state.queries.map((q) =>
      q.state.status === 'success' ? q : { ...q, state: { ...q.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } },
    ),
  };
}

/** Saves the persisted lists after every change of the cache (throttled); returns the unsubscribe. */
export function persistQueries(qc: QueryClient): () => void {
  if (!store) return () => undefined;
  let timer: number | undefined;
  const save = () => {
    timer = undefined;
    const key = keyOf();
    if (!key) return;
    const state = savedState(qc);
    void set(key, { savedAt: Date.now(), state } satisfies Saved, store).catch(() => undefined);
  };
  const unsubscribe = qc.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (timer === undefined) timer = window.setTimeout(save, THROTTLE_MS);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

/** Sign-out: the account's copy leaves the device. */
export async function clearPersistedQueries(): Promise<void> {
  const key = keyOf();
  if (store && key) await del(key, store).catch(() => undefined);
}
