// Slaughter records (spec part 2 §7, droit abatav:r): GET api/bande/abatage/list,
// GET api/bande/abatage/list/{id}, POST api/bande/abatage; the batch choice from GET api/bande.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Abatage, AbatageInput, SaveAbatageResponse } from '../../../../../shared/schemas/abattages';
import { http } from '../../../lib/http';
import { bandesKey, bandesQueryOptions } from '../../../lib/queries/bandes';

const abatagesKey = ['abatages'] as const;

const opts = { droit: 'abatav:r' };

export const abatagesQueryOptions = () => queryOptions({ queryKey: [...abatagesKey], queryFn: () => http.get<Abatage[]>('api/bande/abatage/list', opts) });
export const useAbatages = () => useQuery(abatagesQueryOptions());

export const useAbatage = (id: number) =>
  useQuery({ queryKey: [...abatagesKey, id], queryFn: () => http.get<Abatage>(`api/bande/abatage/list/${id}`, opts), enabled: id > 0 });

/** Active batches for the band choice (shown as name / number of subjects), from the batch list's query. */
export const useBandesForAbatage = () => useQuery({ ...bandesQueryOptions(opts.droit), select: (l) => l.filter((b) => b.statut === 'ACTIVE') });

/** Saves a slaughter with its Idempotency-Key (lib/idempotency-key.ts `keyPerContent`). */
export function useSaveAbatage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: AbatageInput; key: string }) =>
      http.post<SaveAbatageResponse>('api/bande/abatage', input, { ...opts, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: abatagesKey }), qc.invalidateQueries({ queryKey: bandesKey })]),
  });
}
