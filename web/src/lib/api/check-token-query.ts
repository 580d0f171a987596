// The route guard's token check as a query: the token is part of the key, so a new login re-checks.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getToken } from '../storage';
import { checkToken } from './check-token';

export const checkTokenQueryOptions = () =>
  queryOptions({
    queryKey: ['checkToken', getToken()],
    queryFn: checkToken,
    staleTime: 60_000,
    retry: false,
  });

export const useCheckToken = () => useQuery(checkTokenQueryOptions());
