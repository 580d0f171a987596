// GET api/versement (droit remav:r): repayments, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VersementListResponse } from '@shared/schemas/versements';
import { http } from '../../../lib/http';

export const getVersements = () => http.get<VersementListResponse>('api/versement', { droit: 'remav:r' });

/** The start of every repayment query key (the outbox reloads it after a repayment). */
export const versementsKey = ['versements'] as const;

export const versementsQueryOptions = () => queryOptions({ queryKey: [...versementsKey], queryFn: getVersements });

export const useVersements = () => useQuery(versementsQueryOptions());
