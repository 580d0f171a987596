// What the dashboard reads first, in one small module without TanStack Query: the screen's queries
// (get-dashboard.ts, get-transactions.ts) build their paths here, and the SPA entry asks the same
// paths before the screen's files arrive (app/features.tsx `early`, lib/api/early.ts).
import type { EarlyRead } from '../../../lib/api/early';

export const DASHBOARD_DROIT = 'dashboardav:r';

/** The range the dashboard opens on: 1 January of this year to today. */
export const defaultRange = () => ({ start: `${new Date().getFullYear()}-01-01`, end: new Date().toISOString().slice(0, 10) });

export const periodePath = (debut: string, fin: string) => `api/dashboard/periode/${debut}/${fin}`;
export const moisPath = (annee: number) => `api/dashboard/mois/${annee}`;
export const transactionsPath = (debut: string, fin: string) => `api/paiement/transactions?debut=${encodeURIComponent(debut)}&fin=${encodeURIComponent(fin)}`;

/**
 * The reads of the dashboard's first render (its default range, the plan check). The year's months
 * and the payments are read when the farmer scrolls to them (TableauDeBordPage's WhenVisible).
 */
export function dashboardEarlyReads(): EarlyRead[] {
  const { start, end } = defaultRange();
  return [{ path: periodePath(start, end), droit: DASHBOARD_DROIT }, { path: 'api/checkplan' }];
}
