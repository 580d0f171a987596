// Slaughter records (spec part 2 §7, droit abatav:r): GET api/bande/abatage/list,
// GET api/bande/abatage/list/{id}, POST api/bande/abatage; the batch choice from GET api/bande.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Abattage, AbattageInput, SaveAbattageResponse } from '../../../../../shared/schemas/abattages';
import { http } from '../../../lib/http';
import { bandesKey, bandesQueryOptions } from '../../../lib/queries/bandes';

const abattagesKey = ['abatages'] as const;

const opts = { droit: 'abatav:r' };

export const abattagesQueryOptions = () => queryOptions({ queryKey: [...abattagesKey], queryFn: () => http.get<Abattage[]>('api/bande/abatage/list', opts) });
export const useAbattages = () => useQuery(abattagesQueryOptions());

export const useAbattage = (id: number) =>
  useQuery({ queryKey: [...abattagesKey, id], queryFn: () => http.get<Abattage>(`api/bande/abatage/list/${id}`, opts), enabled: id > 0 });

/** Active batches for the band choice (shown as name / birds alive), from the batch list's query. */
export const useBandesForAbattage = () => useQuery({ ...bandesQueryOptions(opts.droit), select: (l) => l.filter((b) => b.statut === 'ACTIVE') });

/** Saves a slaughter with its Idempotency-Key (shared/idempotency-key.ts `keyPerContent`). */
export function useSaveAbattage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: AbattageInput; key: string }) =>
      http.post<SaveAbattageResponse>('api/bande/abatage', input, { ...opts, idempotencyKey: key }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: abattagesKey }), qc.invalidateQueries({ queryKey: bandesKey })]),
  });
}
