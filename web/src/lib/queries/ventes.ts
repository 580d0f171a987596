// POST api/vente/boutique {debut, fin} (droit prav:r): the sales history of a period and its
// turnover (DELETED lines excluded). Read by the sales history, the receipts and the first steps.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { VenteHistoryInput, VenteHistoryResponse } from '@shared/schemas/ventes';
import { http } from '../http';
import { VENTES_PATH } from './paths';

/** The start of every ventes query key: invalidating it reloads them all. */
export const ventesKey: readonly string[] = ['ventes'];

export const getVentes = (input: VenteHistoryInput) => http.post<VenteHistoryResponse>(VENTES_PATH, input, { droit: 'prav:r' });

export const ventesQueryOptions = (input: VenteHistoryInput) =>
  queryOptions({ queryKey: [...ventesKey, input.debut, input.fin], queryFn: () => getVentes(input), placeholderData: keepPreviousData });
