// GET api/bande/dashboard/{start or empty}/{end or empty} (droit dashboardav:r): the batches
// started in the range, each with its running totals (nb_sujet, chiffre_affaire, depense, nb_perte).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BandeSummary } from '../../../../../shared/schemas/bandes';
import type { PeriodDashboard, YearDashboard } from '../../../../../shared/schemas/dashboard';
import { earlyOr } from '../../../lib/api/early';
import { http } from '../../../lib/http';
import { dashboardKey } from '../../../lib/queries/dashboard';
import { DASHBOARD_DROIT, moisPath, periodePath } from './paths';

export const getDashboard = (start: string, end: string) =>
  http.get<BandeSummary[]>(`api/bande/dashboard/${start}/${end}`, { droit: 'dashboardav:r' });

export const dashboardQueryOptions = (start: string, end: string) =>
  queryOptions({ queryKey: [...dashboardKey, start, end], queryFn: () => getDashboard(start, end), retry: false });

export const useDashboard = (range: { start: string; end: string } | null) =>
  useQuery({ ...dashboardQueryOptions(range?.start ?? '', range?.end ?? ''), enabled: range !== null });

// Period dashboard: the entries dated in the range, and the months of a year. Their keys
// start with dashboardKey (lib/queries/dashboard.ts) so that a batch entry refreshes them and the device's offline copy keeps
// them (web/src/lib/offline/persist.ts).

// The first answers may have been asked by the SPA entry already (paths.ts, lib/api/early.ts).
export const getPeriode = (debut: string, fin: string) => earlyOr<PeriodDashboard>(periodePath(debut, fin), DASHBOARD_DROIT);
export const periodeKey = (start?: string, end?: string) => [...dashboardKey, 'periode', start, end] as const;
export const moisKey = (annee: number) => [...dashboardKey, 'mois', annee] as const;
export const usePeriode = (range: { start: string; end: string } | null) =>
  useQuery({ queryKey: periodeKey(range?.start, range?.end), queryFn: () => getPeriode(range!.start, range!.end), enabled: range !== null, retry: false });

export const getMois = (annee: number) => earlyOr<YearDashboard>(moisPath(annee), DASHBOARD_DROIT);
export const useMois = (annee: number) => useQuery({ queryKey: moisKey(annee), queryFn: () => getMois(annee), retry: false });
