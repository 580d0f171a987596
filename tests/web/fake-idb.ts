// The device's IndexedDB in the web tests: idb-keyval as a Map (values cloned in and out, as
// IndexedDB stores copies). A file that uses it declares, before its imports run:
//   vi.hoisted(() => vi.stubGlobal('indexedDB', {}));   // the outbox decides at import whether the device has one
//   vi.mock('idb-keyval', () => import('./fake-idb'));
// and reads what was stored through `db` and `queue()`.
import type { OutboxEntry } from '../../web/src/lib/offline/outbox';

export const db = new Map<string, unknown>();

export const createStore = () => 'store';
export const get = async (k: string) => structuredClone(db.get(k));
export const set = async (k: string, v: unknown) => void db.set(k, structuredClone(v));
export const del = async (k: string) => void db.delete(k);

/** The outbox's entries as stored on the device. */
export const queue = () => (db.get('queue') ?? []) as OutboxEntry[];

/** The connection as the app reads it (navigator.onLine). */
export function online(v: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => v });
}
