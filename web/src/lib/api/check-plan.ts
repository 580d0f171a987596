// GET api/checkplan: 424 when the business has no valid subscription (spec part 1 §7); the
// plan-check banner shows then, in the server's words (issue 18: "suspendu" is not "payez").
// One query key for every screen, so one answer serves them all; a save refused with 424 asks it
// again (web/src/app/providers.tsx), so the banner appears as the dialog says why.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../http';
import { earlyOr } from './early';

export const checkPlanQueryOptions = () =>
  queryOptions({
    queryKey: ['checkplan'],
    queryFn: async () => {
      try {
        // The dashboard's entry may have asked it already (features/dashboard/api/paths.ts).
        await earlyOr('api/checkplan');
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 424) return { refused: err.message };
        throw err;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

export const usePlanValid = () => useQuery(checkPlanQueryOptions());
