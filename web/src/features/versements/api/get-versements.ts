// GET api/versement (droit remav:r): repayments, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VersementListResponse } from '../../../../../shared/schemas/versements';
import { http } from '../../../lib/http';

export const getVersements = () => http.get<VersementListResponse>('api/versement', { droit: 'remav:r' });

export const versementsQueryOptions = () => queryOptions({ queryKey: ['versements'], queryFn: getVersements });

export const useVersements = () => useQuery(versementsQueryOptions());
