// Slaughter records (spec part 2 §7, droit abatav:r): GET api/bande/abatage/list,
// GET api/bande/abatage/list/{id}, POST api/bande/abatage, GET api/bande/abatage/delete/{id};
// the batch choice from GET api/bande, the categories' product choice from GET api/produit.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Abattage, AbattageInput, CancelAbattageResponse, SaveAbattageResponse } from '@shared/schemas/abattages';
import { http } from '../../../lib/http';
import { bandesKey, bandesQueryOptions } from '../../../lib/queries/bandes';
import { produitsKey, produitsQueryOptions } from '../../../lib/queries/produits';

const abattagesKey = ['abatages'] as const;

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

/** A slaughter's write moves the batch's birds and, when its categories name products, their stock. */
const invalidate = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: abattagesKey }),
    qc.invalidateQueries({ queryKey: bandesKey }),
    qc.invalidateQueries({ queryKey: produitsKey }),
    // The restocks' list (features/produits' key): its lines of origin Production.
    qc.invalidateQueries({ queryKey: ['reappros'] }),
  ]);

/** Saves a slaughter with its Idempotency-Key (shared/idempotency-key.ts `keyPerContent`). */
export function useSaveAbattage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: AbattageInput; key: string }) =>
      http.post<SaveAbattageResponse>('api/bande/abatage', input, { ...opts, idempotencyKey: key }),
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
