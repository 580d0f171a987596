// How the batch rows are reached: the local matcher mimics API Gateway (greedy rows take an
// empty rest, the longer literal prefix wins between greedy rows), and the dashboard's greedy
// segment `{start or empty}/{end or empty}` is parsed the same way for every spelling.
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@shared/api/routes';
import { parseDashboardRange } from '@shared/schemas/bandes';
import { compileRoutes, matchRoute } from '../../infra/local/server';

const routes = compileRoutes(ROUTES);
const hit = (path: string) => {
  const m = matchRoute(routes, 'GET', path);
  return m ? { name: m.row.name, params: m.params } : null;
};

describe('local route matching', () => {
  it.each([
    ['/api/bande', 'listBandes', {}],
    ['/api/bande/', 'listBandesSlash', { proxy: '' }],
    ['/api/bande/12', 'getBande', { id: '12' }],
    ['/api/bande/dashboard//', 'getTableauDeBord', { proxy: '/' }],
    ['/api/bande/dashboard/', 'getTableauDeBord', { proxy: '' }],
    ['/api/bande/dashboard//2026-01-31', 'getTableauDeBord', { proxy: '/2026-01-31' }],
    ['/api/bande/dashboard/2026-01-01/', 'getTableauDeBord', { proxy: '2026-01-01/' }],
    ['/api/bande/dashboard/2026-01-01/2026-01-31', 'getTableauDeBord', { proxy: '2026-01-01/2026-01-31' }],
    ['/api/bande/collect/get/3', 'listCollectes', { id: '3' }],
    ['/api/bande/vente/delete/3', 'cancelVenteBande', { id: '3' }],
    ['/api/bande/depense/7', 'listDepenses', { idBande: '7' }],
  ])('%s → %s', (path, name, params) => {
    expect(hit(path)).toEqual({ name, params });
  });

  it('never matches an empty {param} segment', () => {
    expect(hit('/api/bande/collect/get/')).toEqual({ name: 'listBandesSlash', params: { proxy: 'collect/get/' } });
  });
});

describe('dashboard range', () => {
  it.each([
    ['', { start: null, end: null }],
    ['/', { start: null, end: null }],
    ['/2026-01-31', { start: null, end: '2026-01-31' }],
    ['2026-01-01/', { start: '2026-01-01', end: null }],
    ['2026-01-01', { start: '2026-01-01', end: null }],
    ['2026-01-01/2026-01-31', { start: '2026-01-01', end: '2026-01-31' }],
  ])('%j', (proxy, range) => {
    expect(parseDashboardRange(proxy)).toEqual(range);
  });

  it.each(['a/b', '2026-1-01/', '/2026-02-30x', '2026-01-01/2026-01-31/x'])('refuses %j', (proxy) => {
    expect(parseDashboardRange(proxy)).toBeNull();
  });
});
