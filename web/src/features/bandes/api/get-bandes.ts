// GET api/bande (droit bandav:r): every batch of the business with its running totals.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BandeSummary } from '../../../../../shared/schemas/bandes';
import { http } from '../../../lib/http';

export const getBandes = () => http.get<BandeSummary[]>('api/bande', { droit: 'bandav:r' });

/** Every batch query key starts with 'bandes', so one invalidation reloads list and details. */
export const bandesQueryOptions = () => queryOptions({ queryKey: ['bandes', 'list'], queryFn: getBandes });

/** With the archived batches too (issue 18), for the list's "Afficher les archivés" filter only. */
export const bandesAvecArchivesQueryOptions = () =>
  queryOptions({ queryKey: ['bandes', 'list', 'archives'], queryFn: () => http.get<BandeSummary[]>('api/bande?archives=1', { droit: 'bandav:r' }) });

export const useBandes = (archives = false) => useQuery(archives ? bandesAvecArchivesQueryOptions() : bandesQueryOptions());
