// GET api/bande (droit bandav:r): every batch of the business with its running totals.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BandeSummary } from '../../../../../shared/schemas/bandes';
import { http } from '../../../lib/http';

export const getBandes = () => http.get<BandeSummary[]>('api/bande', { droit: 'bandav:r' });

/** Every batch query key starts with 'bandes', so one invalidation reloads list and details. */
export const bandesQueryOptions = () => queryOptions({ queryKey: ['bandes', 'list'], queryFn: getBandes });

export const useBandes = () => useQuery(bandesQueryOptions());
