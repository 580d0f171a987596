// The route guard's token check as a query: the token is part of the key, so a new login re-checks.
// Without a connection the stored session is trusted (offline reads and the outbox):
// the server checks the token again on every call once the connection returns.
// Right after a login the login's answer is the check (the server has just issued this token):
// the guard lets the shell in without a round trip, and asks again once that answer is stale.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getToken, loginAnswer } from '../storage';
import { askTokenCheck, initialFrom, settledEarly, takeEarly } from './early';

const checkTokenQueryOptions = () =>
  queryOptions({
    queryKey: ['checkToken', getToken()],
    // The entry may have asked already, while the shell's files were on their way (early.ts).
    queryFn: () => takeEarly<boolean>('checkToken', getToken()) ?? askTokenCheck(),
    staleTime: 60_000,
    // The login's answer, else the entry's if it has arrived: the shell's first render has it.
    ...initialFrom<boolean>(() => {
      const login = loginAnswer(getToken());
      return login ? { data: true, at: login.at } : settledEarly<boolean>('checkToken', getToken());
    }),
    retry: false,
    // Runs offline too (never paused): the network failure is the answer.
    networkMode: 'always',
  });

export const useCheckToken = () => useQuery(checkTokenQueryOptions());
