// The outbox keeps the moment an entry was typed: a loss typed offline at 23:50
// and sent after midnight carries `saisi_le` = 23:50 and the date the form held at typing time,
// the same bytes at every attempt (the idempotency fingerprint covers them). IndexedDB is the
// edge here: idb-keyval is replaced by a Map, the rest of the module runs as in the browser.
import { vi } from 'vitest';
import { stubFetch } from './helpers';

const db = new Map<string, unknown>();
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: async (k: string) => structuredClone(db.get(k)),
  set: async (k: string, v: unknown) => void db.set(k, structuredClone(v)),
}));

type Outbox = typeof import('../../web/src/lib/offline/outbox');

async function loadOutbox(): Promise<Outbox> {
  // The module decides at import whether the device has IndexedDB.
  vi.stubGlobal('indexedDB', {});
  vi.resetModules();
  return import('../../web/src/lib/offline/outbox');
}

function online(v: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => v });
}

describe('outbox: the time an entry was typed', () => {
  beforeEach(() => {
    db.clear();
    localStorage.setItem('token', 'jwt');
    localStorage.setItem('customer', JSON.stringify({ id: 7, id_entreprise: 3, prenom: 'Awa' }));
  });
  afterEach(() => online(true));

  it('sends a loss typed offline before midnight with its typing time and day, after midnight', async () => {
    const outbox = await loadOutbox();
    const { calls } = stubFetch({ 'POST api/bande/perte': { body: { id: 1 } } });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T23:50:12.345Z'));
    online(false);
    const typed = await outbox.submitWrite({
      kind: 'perte',
      url: 'api/bande/perte',
      body: { nombre: 3, id_bande: 4, date: '2026-11-30' },
      droit: 'bandav:r',
      label: 'Perte de 3 sujet(s)',
      invalidate: [],
    });
    expect(outbox.isQueued(typed)).toBe(true);
    expect(calls).toHaveLength(0);

    // The connection returns the next day, in the next month.
    vi.setSystemTime(new Date('2026-12-01T07:02:00.000Z'));
    online(true);
    await outbox.flushOutbox();
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ nombre: 3, id_bande: 4, date: '2026-11-30', saisi_le: '2026-11-30T23:50:12.345Z' });
    expect(db.get('queue')).toEqual([]); // nothing left on the device
  });

  it('sends the same bytes at every attempt of an entry the network could not carry', async () => {
    const outbox = await loadOutbox();
    let n = 0;
    const { calls } = stubFetch({ 'POST api/bande/depense': () => (++n === 1 ? { status: 503, body: { message: 'indisponible' } } : { body: { id: 9 } }) });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T10:00:00.000Z'));
    const body = { depense: { id_type_depense: 1, designation: 'Aliment', prix_unitaire: 15000, quantite: 2 }, id_bande: 4, date: '2026-11-28' };
    const r = await outbox.submitWrite({ kind: 'depense', url: 'api/bande/depense', body, label: 'Dépense', invalidate: [] });
    // Online, but the server fails (503): the entry is kept and sent again by the flush.
    expect(outbox.isQueued(r)).toBe(true);
    vi.setSystemTime(new Date('2026-11-30T10:05:00.000Z'));
    await outbox.flushOutbox();
    expect(calls).toHaveLength(2);
    const sent = calls.map((c) => JSON.stringify(c.body));
    expect(new Set(sent).size).toBe(1);
    expect(calls[0].body).toMatchObject({ date: '2026-11-28', saisi_le: '2026-11-30T10:00:00.000Z' });
    expect(new Set(calls.map((c) => c.headers['Idempotency-Key'])).size).toBe(1);
  });

  it('sends the typing time on a write made online too', async () => {
    const outbox = await loadOutbox();
    const { calls } = stubFetch({ 'POST api/bande/pesage': { body: { id: 2 } } });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T08:00:00.000Z'));
    await outbox.submitWrite({ kind: 'pesage', url: 'api/bande/pesage', body: { pesage: { id: 5 }, id_bande: 4 }, label: 'Pesage', invalidate: [] });
    expect(calls[0].body).toEqual({ pesage: { id: 5 }, id_bande: 4, saisi_le: '2026-11-30T08:00:00.000Z' });
  });
});
