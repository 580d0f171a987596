// The device's copy of the lists (web/src/lib/offline/persist.ts): a refetch that failed offline must
// not drop a list from the copy (found by the offline journey: the clients vanished after a reload
// without network), and lists that are not meant for the device stay out of it.
import { QueryClient } from '@tanstack/react-query';
import { moisKey, periodeKey } from '../../web/src/features/tableau-de-bord/api/get-dashboard';
import { savedState } from '../../web/src/lib/offline/persist';
import { achatsAlimentQueryOptions, fichesQueryOptions, stockAlimentQueryOptions } from '../../web/src/lib/queries/aliment';

async function failedRefetch(qc: QueryClient, key: unknown[], data: unknown) {
  qc.setQueryData(key, data);
  await qc.fetchQuery({ queryKey: key, queryFn: () => Promise.reject(new Error('offline')), staleTime: 0, retry: false }).catch(() => undefined);
}

describe('savedState', () => {
  it('keeps a list whose refetch failed, as its last good fetch', async () => {
    const qc = new QueryClient();
    await failedRefetch(qc, ['clients'], [{ id: 1, prenom: 'Awa' }]);
    expect(qc.getQueryState(['clients'])?.status).toBe('error');
    const saved = savedState(qc).queries.find((q) => q.queryKey[0] === 'clients');
    expect(saved?.state.data).toEqual([{ id: 1, prenom: 'Awa' }]);
    expect(saved?.state.status).toBe('success');
    expect(saved?.state.error).toBeNull();
    expect(saved?.state.dataUpdatedAt).toBe(qc.getQueryState(['clients'])?.dataUpdatedAt);
  });

  it('keeps the dashboard the screen reads (its period and its year)', () => {
    const qc = new QueryClient();
    qc.setQueryData(periodeKey('2026-11-01', '2026-11-30'), { depenses: 1 });
    qc.setQueryData(moisKey(2026), { mois: [] });
    expect(savedState(qc).queries.map((q) => q.queryKey[1])).toEqual(['periode', 'mois']);
  });

  it('saves only the persisted lists that hold data', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['bandes', 'list'], []);
    qc.setQueryData(['ventes'], [{ id: 1 }]);
    await qc.fetchQuery({ queryKey: ['produits'], queryFn: () => Promise.reject(new Error('offline')), retry: false }).catch(() => undefined);
    expect(savedState(qc).queries.map((q) => q.queryKey)).toEqual([['bandes', 'list']]);
  });

  it('keeps the feed store and a batch’s sheets: the Aliment page and the water part open in the coop', () => {
    const qc = new QueryClient();
    qc.setQueryData(stockAlimentQueryOptions().queryKey, { stock_kg: 700 } as never);
    qc.setQueryData(achatsAlimentQueryOptions().queryKey, []);
    qc.setQueryData(fichesQueryOptions(4).queryKey, []);
    expect(savedState(qc).queries.map((q) => q.queryKey)).toEqual([
      ['aliment', 'stock'],
      ['aliment', 'achats'],
      ['bandes', 'fiches', 4],
    ]);
  });
});
