// GET api/checkToken: the route guard and the login screen both ask whether the stored token is
// still good (answer `{code: 200}`). The token is part of the key, so a new login re-checks.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http';
import { getToken } from '../storage';

export async function checkToken(): Promise<boolean> {
  if (!getToken()) return false;
  try {
    const res = await http.get<{ code?: number }>('api/checkToken');
    return res?.code === 200;
  } catch {
    return false;
  }
}

export const checkTokenQueryOptions = () =>
  queryOptions({
    queryKey: ['checkToken', getToken()],
    queryFn: checkToken,
    staleTime: 60_000,
    retry: false,
  });

export const useCheckToken = () => useQuery(checkTokenQueryOptions());
