// GET api/bande/dashboard/{start or empty}/{end or empty} (droit dashboardav:r): the batches
// started in the range, each with its running totals (nb_sujet, chiffre_affaire, depense, nb_perte).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BandeSummary } from '../../../../../shared/schemas/bandes';
import { http } from '../../../lib/http';

export const getDashboard = (start: string, end: string) =>
  http.get<BandeSummary[]>(`api/bande/dashboard/${start}/${end}`, { droit: 'dashboardav:r' });

export const dashboardQueryOptions = (start: string, end: string) =>
  queryOptions({ queryKey: ['dashboard', start, end], queryFn: () => getDashboard(start, end), retry: false });

export const useDashboard = (range: { start: string; end: string } | null) =>
  useQuery({ ...dashboardQueryOptions(range?.start ?? '', range?.end ?? ''), enabled: range !== null });
