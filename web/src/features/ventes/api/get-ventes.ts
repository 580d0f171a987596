// POST api/vente/boutique {debut, fin} (droit prav:r): the sales history of a period and its
// turnover (DELETED lines excluded).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VenteHistoryInput, VenteHistoryResponse } from '../../../../../shared/schemas/ventes';
import { http } from '../../../lib/http';

export const getVentes = (input: VenteHistoryInput) => http.post<VenteHistoryResponse>('api/vente/boutique', input, { droit: 'prav:r' });

export const ventesQueryOptions = (input: VenteHistoryInput) =>
  queryOptions({ queryKey: ['ventes', input.debut, input.fin], queryFn: () => getVentes(input), placeholderData: keepPreviousData });

export const useVentes = (input: VenteHistoryInput) => useQuery(ventesQueryOptions(input));
