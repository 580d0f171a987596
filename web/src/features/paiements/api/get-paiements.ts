// The subscription and the payment history; the query itself is shared (web/src/lib/queries/paiements.ts).
import { useQuery } from '@tanstack/react-query';
import { paiementsQueryOptions } from '../../../lib/queries/paiements';

export type { Abonnement, PaiementsResponse } from '../../../lib/queries/paiements';

/** While a payment is pending, the list refreshes itself so its status changes in place. */
export const usePaiements = () =>
  useQuery({
    ...paiementsQueryOptions(),
    refetchInterval: (q) => (q.state.data?.paiements.some((p) => p.status === 'PENDING') ? 3000 : false),
  });
