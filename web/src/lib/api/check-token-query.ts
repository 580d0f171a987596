// The route guard's token check as a query: the token is part of the key, so a new login re-checks.
// Without a connection the stored session is trusted (offline reads and the outbox, issue 12):
// the server checks the token again on every call once the connection returns.
// Right after a login the login's answer is the check (the server has just issued this token):
// the guard lets the shell in without a round trip, and asks again once that answer is stale.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getToken, loginAnswer } from '../storage';
import { ApiError, http } from '../http';

export const checkTokenQueryOptions = () =>
  queryOptions({
    queryKey: ['checkToken', getToken()],
    queryFn: async () => {
      if (!getToken()) return false;
      try {
        const res = await http.get<{ code?: number }>('api/checkToken');
        return res?.code === 200;
      } catch (err) {
        return err instanceof ApiError && err.status === 0;
      }
    },
    staleTime: 60_000,
    initialData: () => (loginAnswer(getToken()) ? true : undefined),
    initialDataUpdatedAt: () => loginAnswer(getToken())?.at,
    retry: false,
    // Runs offline too (never paused): the network failure is the answer.
    networkMode: 'always',
  });

export const useCheckToken = () => useQuery(checkTokenQueryOptions());
