// GET api/checkplan: 424 when the business has no valid subscription (spec part 1 §7); the
// plan-check banner shows then, in the server's words ("suspendu" is not "payez"). A valid
// subscription's answer names the plan, its end date and whether it is the free trial: the
// dashboard's « Commencez ici » list reads them here, from the same early answer, instead of asking
// the payment history first (one round trip less before the dashboard's first paint).
// One query key for every screen, so one answer serves them all; a save refused with 424 asks it
// again (web/src/app/providers.tsx), so the banner appears as the dialog says why.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../http';
import { earlyOr, initialFrom, settledRead } from './early';

/** A valid subscription, as api/checkplan answers it. */
export interface PlanCheck {
  plan: string;
  nom: string;
  validUntil: string;
  trial: boolean;
}

export type PlanState = PlanCheck | { refused: string };

const planOf = ({ plan, nom, validUntil, trial }: PlanCheck): PlanCheck => ({ plan, nom, validUntil, trial: trial === true });

export const checkPlanQueryOptions = () =>
  queryOptions({
    // 'v2': the answer's shape changed (it was `true`); a device's persisted cache of the old
    // shape (lib/offline/persist.ts) must not be read as the new one.
    queryKey: ['checkplan', 'v2'],
    // The entry's answer when it has arrived already (a refusal is left to the query).
    ...initialFrom<PlanState>(() => {
      const s = settledRead<PlanCheck>('api/checkplan');
      return s && { data: planOf(s.data), at: s.at };
    }),
    queryFn: async (): Promise<PlanState> => {
      try {
        // The dashboard's entry may have asked it already (features/tableau-de-bord/api/paths.ts).
        return planOf(await earlyOr<PlanCheck>('api/checkplan'));
      } catch (err) {
        if (err instanceof ApiError && err.status === 424) return { refused: err.message };
        throw err;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

export const usePlanValid = () => useQuery(checkPlanQueryOptions());

/** The valid subscription, or null (refused, or not answered yet). */
export const validPlan = (s: PlanState | undefined): PlanCheck | null => (s && !('refused' in s) && typeof s.validUntil === 'string' ? s : null);
/** The refusal's message when the plan check answered 424. */
export const planRefusal = (s: PlanState | undefined): string | null => (s && 'refused' in s ? s.refused : null);
