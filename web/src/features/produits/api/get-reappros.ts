// GET api/produit/reappro/get (droit prav:r): restocks, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReapproListResponse } from '@shared/schemas/produits';
import { http } from '../../../lib/http';

export const getReappros = () => http.get<ReapproListResponse>('api/produit/reappro/get', { droit: 'prav:r' });

export const reapprosQueryOptions = () => queryOptions({ queryKey: ['reappros'], queryFn: getReappros });

export const useReappros = () => useQuery(reapprosQueryOptions());
