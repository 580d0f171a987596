// GET api/paiement/transactions?debut=&fin= (droit dashboardav:r): the business's subscription
// payments over the dashboard's range, counted per service (part 1's per-service transaction table).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionsResponse } from '@shared/schemas/paiements';
import { earlyOr } from '../../../lib/api/early';
import { DASHBOARD_DROIT, transactionsPath } from './paths';

export const getTransactions = (debut: string, fin: string) => earlyOr<TransactionsResponse>(transactionsPath(debut, fin), DASHBOARD_DROIT);

export const transactionsQueryOptions = (debut: string, fin: string) =>
  queryOptions({ queryKey: ['transactions', debut, fin], queryFn: () => getTransactions(debut, fin), retry: false });

export const useTransactions = (range: { start: string; end: string } | null) =>
  useQuery({ ...transactionsQueryOptions(range?.start ?? '', range?.end ?? ''), enabled: range !== null });
