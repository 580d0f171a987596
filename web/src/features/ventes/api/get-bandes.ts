// GET api/bande (droit bandav:r): the batches a sale may name (spec part 2 §2 "band select").
// Only active batches take sales (server rule); a user without the batch right gets 403 and the
// select is simply not offered.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BandeSummary } from '../../../../../shared/schemas/bandes';
import { http } from '../../../lib/http';

export const bandesQueryOptions = () =>
  queryOptions({ queryKey: ['bandes'], queryFn: () => http.get<BandeSummary[]>('api/bande', { droit: 'bandav:r' }), retry: false });

export const useBandes = () => useQuery(bandesQueryOptions());
