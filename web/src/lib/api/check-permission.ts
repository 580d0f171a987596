// GET api/user/checkPermission (spec part 1 §2). The spec asks it once per right (`droit: <key>:r`);
// its answer also lists every right the stored user holds (`droits`), so the menu and the screens'
// gates share ONE query: one request at sign-in instead of one per menu entry, which on a 400 ms
// 3G link held the dashboard back (issue 12). After a 403 the shell invalidates it, so a removed
// right disappears at once.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http';
import { getToken } from '../storage';

const rightsQueryOptions = () =>
  queryOptions({
    // Keyed by token: after a 401 and a login as someone else, no stale menu survives.
    queryKey: ['permission', getToken()],
    queryFn: async () => {
      const res = await http.get<{ status?: string; droits?: string[] }>('api/user/checkPermission', { droit: 'dashboardav:r' });
      return res?.droits ?? [];
    },
    staleTime: 60_000,
    retry: false,
  });

export const permissionQueryOptions = (right: string) => queryOptions({ ...rightsQueryOptions(), select: (droits: string[]) => droits.includes(right) });

export const usePermission = (right: string) => useQuery(permissionQueryOptions(right));
