// GET api/operateur/entreprises?apres=<cursor> (operator only): the businesses, a page at a time.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EntreprisesResponse } from '@shared/schemas/operateur';
import { http } from '../../../lib/http';

export const getEntreprises = (apres?: string) =>
  http.get<EntreprisesResponse>(`api/operateur/entreprises${apres ? `?apres=${encodeURIComponent(apres)}` : ''}`);

export const entreprisesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['operateur', 'entreprises'],
    queryFn: ({ pageParam }) => getEntreprises(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.suivant,
  });

export const useEntreprises = () => useInfiniteQuery(entreprisesQueryOptions());
