// The real batch detail screen for the web tests (kept apart from helpers.tsx, so that the other
// web test files do not load the screen and its offline outbox).
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import BandeDetailPage from '../../web/src/features/bandes/routes/BandeDetailPage';
import type { BandeDetail, Collecte } from '@shared/schemas/bandes';
import { renderWithApp, stubBatchDetail, type Answer } from './helpers';

/** Renders the batch detail route (and `routes` beside it) at `path`. */
export function renderBatchDetail(path = '/bande/1', routes?: ReactNode) {
  // jsdom has no layout: the charts' size watcher only needs to exist.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  return renderWithApp(
    <Routes>
      <Route path="/bande/:id" element={<BandeDetailPage />} />
      {routes}
    </Routes>,
    path,
  );
}

/** Stubs fetch for batch `b` (stubBatchDetail) and renders its detail screen; answers the fetch stub. */
export function openBatchDetail(b: BandeDetail, extra: Record<string, Answer> = {}, collectes: Collecte[] = []) {
  const api = stubBatchDetail(b, extra, collectes);
  renderBatchDetail();
  return api;
}
