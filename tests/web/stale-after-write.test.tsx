// A screen never keeps a figure older than a write the user made: a read that left before the write
// (or before the outbox's entry reached the server) and answers after the invalidation is not kept
// as fresh, and the entry's early answers (asked before any write) are not handed to a screen
// visited after one. The races are made deterministic: each GET's answer is held until the test
// releases it. The app's own query client (app/providers.tsx createQueryClient) and outbox sync.
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { HashRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { createQueryClient } from '../../web/src/app/providers';
import { usePeriode } from '../../web/src/features/tableau-de-bord/api/get-dashboard';
import { defaultRange, periodePath, DASHBOARD_DROIT } from '../../web/src/features/tableau-de-bord/api/paths';
import { startSignedIn } from '../../web/src/app/early-start';
import { earlyAnswered, startEarlyReads } from '../../web/src/lib/api/early';
import { addConsommation } from '../../web/src/lib/aliment/consommation';
import { isQueued } from '../../web/src/lib/offline/outbox';
import { OutboxSync } from '../../web/src/lib/offline/OutboxSync';
import { commandesKey } from '../../web/src/lib/queries/commandes';
import { stockAlimentQueryOptions } from '../../web/src/lib/queries/aliment';
import { db, online } from './fake-idb';

// The outbox decides at import whether the device has IndexedDB.
vi.hoisted(() => vi.stubGlobal('indexedDB', {}));
vi.mock('idb-keyval', () => import('./fake-idb'));

/** The server: GETs answered with what it holds when asked, but delivered only on release(). */
function server(initial: number) {
  let figure = initial;
  const held: (() => void)[] = [];
  let free = false;
  const gets: string[] = [];
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if ((init.method ?? 'GET').toUpperCase() !== 'GET') {
        figure = figure - 50; // the write: 50 kg eaten, or the delivered order's takings (−50 for both)
        return json({ id: 1 });
      }
      gets.push(url);
      const answer = { stock_kg: figure, ventes: figure }; // read now: what the server holds as it is asked
      if (free) return json(answer);
      return new Promise<Response>((resolve) => held.push(() => resolve(json(answer))));
    }),
  );
  return {
    gets,
    /** Delivers the oldest held answer. */
    release: async () => {
      await waitFor(() => expect(held.length).toBeGreaterThan(0));
      await act(async () => held.shift()!());
    },
    /** From now on every answer, held or to come, is delivered at once. */
    free: async () => {
      free = true;
      await act(async () => held.splice(0).forEach((go) => go()));
    },
  };
}

function Stock() {
  const q = useQuery(stockAlimentQueryOptions());
  return <p data-testid="stock">{q.data ? `${(q.data as unknown as { stock_kg: number }).stock_kg} kg` : '…'}</p>;
}

const range = { start: '2026-01-01', end: '2026-11-29' };
function Dashboard() {
  const q = usePeriode(range);
  return <p data-testid="ventes">{q.data ? `${(q.data as unknown as { ventes: number }).ventes} FCFA` : '…'}</p>;
}

/** The dashboard on the range it opens on (the one the login's reads ask). */
function TodaysDashboard() {
  const q = usePeriode(defaultRange());
  return <p data-testid="ventes">{q.data ? `${(q.data as unknown as { ventes: number }).ventes} FCFA` : '…'}</p>;
}

/** The app with a screen that can be left and visited again. */
function app(qc: QueryClient, Screen: () => ReactElement) {
  let show: (v: boolean) => void = () => undefined;
  function Switch() {
    const [on, setOn] = useState(false);
    show = setOn;
    return on ? <Screen /> : <p>ailleurs</p>;
  }
  render(
    <QueryClientProvider client={qc}>
      <HashRouter>
        <OutboxSync />
        <Switch />
      </HashRouter>
    </QueryClientProvider>,
  );
  return { show: (v: boolean) => act(() => show(v)) };
}

beforeEach(() => {
  db.clear();
  localStorage.setItem('token', 'jwt');
  localStorage.setItem('customer', JSON.stringify({ id: 7, id_entreprise: 3, prenom: 'Awa', nom: 'Diop', role: 'admin' }));
  online(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('indexedDB', {});
});

describe('a read that left before a write does not outlive it', () => {
  it('the feed store after an offline entry is synced: the read asked before the sync does not stay on screen', async () => {
    const s = server(700);
    online(false);
    const r = await addConsommation({ id_bande: 1, date: '2026-11-29', quantite: 50, unite: 'kg' }, 'Chair Mbour');
    expect(isQueued(r)).toBe(true);
    const qc = createQueryClient();
    const ui = app(qc, Stock);
    // The store is read (as the batch's detail does) while the entry waits on the device: the
    // server answers 700 kg, and that answer is still on its way when the screen is left.
    online(true);
    await ui.show(true);
    await waitFor(() => expect(s.gets).toHaveLength(1));
    await ui.show(false);
    // The connection is back: the outbox sends the 50 kg (650 kg on the server) and invalidates.
    await act(async () => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(db.get('queue') ?? []).toEqual([]));
    // The Aliment page opens while the old read still travels, then its 700 kg arrives.
    await ui.show(true);
    await s.release();
    await s.free();
    await waitFor(() => expect(screen.getByTestId('stock').textContent).toBe('650 kg'));
  });

  it('the dashboard after the login: its early answer, asked before a delivery, is not shown again after it', async () => {
    const s = server(10_550);
    const qc = createQueryClient();
    // The entry asks the dashboard's first read with the login, and it answers (10 550 FCFA).
    startEarlyReads([{ path: periodePath(range.start, range.end), droit: DASHBOARD_DROIT }]);
    await s.release();
    await earlyAnswered();
    const ui = app(qc, Dashboard);
    await ui.show(true);
    expect(screen.getByTestId('ventes').textContent).toBe('10550 FCFA');
    await ui.show(false);
    // An order is delivered (10 500 FCFA on the server) and the orders' lists are invalidated.
    await act(async () => {
      await fetch('api/commande/toDeliver', { method: 'POST' });
      await qc.invalidateQueries({ queryKey: commandesKey });
    });
    // The dashboard visited again a few seconds later shows the takings with the delivery.
    await ui.show(true);
    await s.free();
    await waitFor(() => expect(screen.getByTestId('ventes').textContent).toBe('10500 FCFA'));
  });

  it("the dashboard's reads that left with the login's answer, not yet shown when a write is made, are not shown after it", async () => {
    const s = server(10_550);
    const qc = createQueryClient();
    // The login answers: the dashboard's period and plan leave (app/early-start.ts startSignedIn).
    startSignedIn();
    expect(s.gets).toEqual([periodePath(defaultRange().start, defaultRange().end), 'api/checkplan']);
    // The period's answer (10 550 FCFA) arrives; the plan's is still on its way.
    await s.release();
    // A delivery is made before the dashboard shows (10 500 FCFA on the server).
    await act(async () => {
      await fetch('api/commande/toDeliver', { method: 'POST' });
      await qc.invalidateQueries({ queryKey: commandesKey });
    });
    await s.free();
    await earlyAnswered();
    const ui = app(qc, TodaysDashboard);
    await ui.show(true);
    // Not even for a moment: the answer asked before the delivery is not the screen's first data.
    expect(screen.getByTestId('ventes').textContent).not.toBe('10550 FCFA');
    await waitFor(() => expect(screen.getByTestId('ventes').textContent).toBe('10500 FCFA'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('ventes').textContent).toBe('10500 FCFA');
  });
});
