// The period dashboard (droit dashboardav:r): the entries dated in a range, and the months of a
// year. Their keys start with dashboardKey (lib/queries/tableau-de-bord.ts) so that a batch entry refreshes them and the device's
// offline copy keeps them (web/src/lib/offline/persist.ts).
import { useQuery } from '@tanstack/react-query';
import type { PeriodDashboard, YearDashboard } from '@shared/schemas/tableau-de-bord';
import { earlyOr, earlyQuery } from '../../../lib/api/early';
import { dashboardKey } from '../../../lib/queries/tableau-de-bord';
import { DASHBOARD_DROIT, moisPath, periodePath } from './paths';

// The first answers may have been asked by the SPA entry already (paths.ts, lib/api/early.ts).
export const periodeKey = (start?: string, end?: string) => [...dashboardKey, 'periode', start, end] as const;
export const moisKey = (annee: number) => [...dashboardKey, 'mois', annee] as const;
export const usePeriode = (range: { start: string; end: string }) =>
  useQuery({
    queryKey: periodeKey(range.start, range.end),
    // The entry's answer when it has arrived already: the page's first render shows the figures.
    ...earlyQuery<PeriodDashboard>({ path: periodePath(range.start, range.end), droit: DASHBOARD_DROIT }),
    retry: false,
  });

export const getMois = (annee: number) => earlyOr<YearDashboard>(moisPath(annee), DASHBOARD_DROIT);
export const useMois = (annee: number) => useQuery({ queryKey: moisKey(annee), queryFn: () => getMois(annee), retry: false });
