// GET api/typedepense (droit bandav:r): the expense types (fixed list, cached for the session).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TypeDepense } from '@shared/schemas/bandes';
import { http } from '../../../lib/http';

export const getTypesDepense = () => http.get<TypeDepense[]>('api/typedepense', { droit: 'bandav:r' });

export const typesDepenseQueryOptions = () => queryOptions({ queryKey: ['typedepense'], queryFn: getTypesDepense, staleTime: Infinity });

export const useTypesDepense = () => useQuery(typesDepenseQueryOptions());
