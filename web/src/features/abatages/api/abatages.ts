// Slaughter records (spec part 2 §7, droit abatav:r): GET api/bande/abatage/list,
// GET api/bande/abatage/list/{id}, POST api/bande/abatage; the batch choice from GET api/bande.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Abatage, AbatageInput, SaveAbatageResponse } from '../../../../../shared/schemas/abatages';
import type { BandeSummary } from '../../../../../shared/schemas/bandes';
import { http } from '../../../lib/http';

const opts = { droit: 'abatav:r' };

export const abatagesQueryOptions = () => queryOptions({ queryKey: ['abatages'], queryFn: () => http.get<Abatage[]>('api/bande/abatage/list', opts) });
export const useAbatages = () => useQuery(abatagesQueryOptions());

export const useAbatage = (id: number) =>
  useQuery({ queryKey: ['abatages', id], queryFn: () => http.get<Abatage>(`api/bande/abatage/list/${id}`, opts), enabled: id > 0 });

/** Active batches for the band choice (shown as name / number of subjects). */
export const useBandesForAbatage = () =>
  useQuery({ queryKey: ['bandes'], queryFn: () => http.get<BandeSummary[]>('api/bande', opts), select: (l) => l.filter((b) => b.statut === 'ACTIVE') });

export function useSaveAbatage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AbatageInput) => http.post<SaveAbatageResponse>('api/bande/abatage', input, opts),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['abatages'] }), qc.invalidateQueries({ queryKey: ['bandes'] })]),
  });
}
