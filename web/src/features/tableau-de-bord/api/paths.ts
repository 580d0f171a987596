// What the dashboard reads first, in one small module without TanStack Query: the screen's queries
// (get-dashboard.ts, get-transactions.ts) build their paths here, and the SPA entry asks the same
// paths before the screen's files arrive (app/features.tsx `early`, lib/api/early.ts).
import type { EarlyRead } from '../../../lib/api/early';
import { BANDES_AVEC_ARCHIVES_PATH, PRODUITS_AVEC_ARCHIVES_PATH, VENTES_PATH } from '../../../lib/queries/paths';

export const DASHBOARD_DROIT = 'dashboardav:r';

/** The range the dashboard opens on: 1 January of this year to today. */
export const defaultRange = () => ({ start: `${new Date().getFullYear()}-01-01`, end: new Date().toISOString().slice(0, 10) });

export const periodePath = (debut: string, fin: string) => `api/dashboard/periode/${debut}/${fin}`;
export const moisPath = (annee: number) => `api/dashboard/mois/${annee}`;
export const transactionsPath = (debut: string, fin: string) => `api/paiement/transactions?debut=${encodeURIComponent(debut)}&fin=${encodeURIComponent(fin)}`;

/** Set on this device once the first steps are all done or hidden (components/CommencezIci.tsx). */
export const FIRST_STEPS_HIDDEN_KEY = 'ganaar.commencez-ici.masque';

export function firstStepsHidden(): boolean {
  try {
    return localStorage.getItem(FIRST_STEPS_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** The first steps' sales read: every shop sale line since 2000 (a new business's short history). */
export const firstStepsVentes = () => ({ debut: '2000-01-01', fin: new Date().toISOString().slice(0, 10) });

/** The lists that tick the first steps (components/CommencezIci.tsx), with the rights they are read with. */
export const firstStepsReads = (): EarlyRead[] => [
  { path: BANDES_AVEC_ARCHIVES_PATH, droit: 'bandav:r' },
  { path: PRODUITS_AVEC_ARCHIVES_PATH, droit: 'prav:r' },
  { path: VENTES_PATH, droit: 'prav:r', body: firstStepsVentes() },
];

const onTrial = (plan: unknown) => (plan as { trial?: unknown } | null)?.trial === true;

/**
 * The reads of the dashboard's first render (its default range, the plan check). The year's months
 * and the payments are read when the farmer scrolls to them (TableauDeBordPage's WhenVisible).
 * A business on its free trial sees the first steps, which tick from three lists: asked as soon as
 * the plan check says so, the checklist's first render has its ticks, and its reads are not started
 * by the dashboard's first commit (one round trip after it, and a long task to render their answers
 * on a phone). A paying business, or a device where the list is done or hidden, asks none of them.
 */
export function dashboardEarlyReads(): EarlyRead[] {
  const { start, end } = defaultRange();
  return [
    { path: periodePath(start, end), droit: DASHBOARD_DROIT },
    { path: 'api/checkplan', then: (plan) => (onTrial(plan) && !firstStepsHidden() ? firstStepsReads() : []) },
  ];
}
