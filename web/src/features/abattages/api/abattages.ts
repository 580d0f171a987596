// Slaughter records (spec part 2 §7, droit abatav:r): GET api/bande/abatage/list,
// GET api/bande/abatage/list/{id}, POST api/bande/abatage, GET api/bande/abatage/delete/{id};
// the batch choice from GET api/bande, the categories' product choice from GET api/produit.
// The save goes through the outbox (lib/abattage/abattage.ts).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Abattage, CancelAbattageResponse } from '@shared/schemas/abattages';
import { ABATTAGE_RELOAD, abattagesKey, addAbattage, type AbattageEnvoi } from '../../../lib/abattage/abattage';
import { http } from '../../../lib/http';
import { bandesQueryOptions } from '../../../lib/queries/bandes';
import { produitsQueryOptions } from '../../../lib/queries/produits';

const opts = { droit: 'abatav:r' };

export const abattagesQueryOptions = () => queryOptions({ queryKey: [...abattagesKey], queryFn: () => http.get<Abattage[]>('api/bande/abatage/list', opts) });
export const useAbattages = () => useQuery(abattagesQueryOptions());

export const useAbattage = (id: number) =>
  useQuery({ queryKey: [...abattagesKey, id], queryFn: () => http.get<Abattage>(`api/bande/abatage/list/${id}`, opts), enabled: id > 0 });

/** Active batches for the band choice (shown as name / birds alive), from the batch list's query. */
export const useBandesForAbattage = () => useQuery({ ...bandesQueryOptions(opts.droit), select: (l) => l.filter((b) => b.statut === 'ACTIVE') });

/**
 * Products a category's birds may become: the active ones that are not egg products (the
 * server refuses those), asked only when the user holds the products' right, whose screens they are
 * (without it the server would answer 403).
 */
export const useProduitsForAbattage = (enabled: boolean) =>
  useQuery({ ...produitsQueryOptions(), enabled, select: (l) => l.filter((p) => !p.archive && !p.oeufs_par_unite) });

/** Reloads what a slaughter's write moves (lib/abattage/abattage.ts ABATTAGE_RELOAD). */
const invalidate = (qc: ReturnType<typeof useQueryClient>) => Promise.all(ABATTAGE_RELOAD.map((k) => qc.invalidateQueries({ queryKey: [k] })));

/** Saves a slaughter (online or into the outbox), then reloads its lists. */
export function useSaveAbattage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, bandeNom }: { input: AbattageEnvoi; bandeNom?: string }) => addAbattage(input, bandeNom),
    onSuccess: () => invalidate(qc),
  });
}

/**
 * GET api/bande/abatage/delete/{id}: the record is kept with etat DELETED, its birds go
 * back to the batch and the products' stock it added is taken back (409 when the shop sold them,
 * whose message the list shows as is).
 */
export function useCancelAbattage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.get<CancelAbattageResponse>(`api/bande/abatage/delete/${id}`, opts),
    onSuccess: () => invalidate(qc),
  });
}
