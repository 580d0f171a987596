// GET api/user/checkPermission with header `droit: <key>:r`: one cached query per right key, shared
// by the menu and any screen that needs the same answer (spec part 1 §2).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http';
import { getToken } from '../storage';

export const permissionQueryOptions = (right: string) =>
  queryOptions({
    // Keyed by token too: after a 401 and a login as someone else, no stale menu survives.
    queryKey: ['permission', getToken(), right],
    queryFn: async () => {
      const res = await http.get<{ status?: string }>('api/user/checkPermission', { droit: `${right}:r` });
      return res?.status === 'yes';
    },
    staleTime: 60_000,
    retry: false,
  });

export const usePermission = (right: string) => useQuery(permissionQueryOptions(right));
