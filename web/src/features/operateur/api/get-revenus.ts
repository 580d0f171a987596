// GET api/operateur/revenus (operator only): revenue of the last 12 months and subscription counts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RevenusResponse } from '@shared/schemas/operateur';
import { http } from '../../../lib/http';

export const getRevenus = () => http.get<RevenusResponse>('api/operateur/revenus');

export const revenusQueryOptions = () => queryOptions({ queryKey: ['operateur', 'revenus'], queryFn: getRevenus });

export const useRevenus = () => useQuery(revenusQueryOptions());
