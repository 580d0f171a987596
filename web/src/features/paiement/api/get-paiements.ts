// GET api/paiement (droit utav:r): the subscription as it stands and the payment history, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paiement } from '../../../../../shared/schemas/payments';
import { http } from '../../../lib/http';

export interface Abonnement {
  code_plan: 'db1' | 'pro' | 'ent';
  plan: string;
  valid_until: string;
  essai: boolean;
  suspendu: boolean;
  valide: boolean;
}

export interface PaiementsResponse {
  abonnement: Abonnement | null;
  paiements: Paiement[];
}

export const getPaiements = () => http.get<PaiementsResponse>('api/paiement', { droit: 'utav:r' });

export const paiementsQueryOptions = () => queryOptions({ queryKey: ['paiements'], queryFn: getPaiements });

/** While a payment is pending, the list refreshes itself so its status changes in place. */
export const usePaiements = () =>
  useQuery({
    ...paiementsQueryOptions(),
    refetchInterval: (q) => (q.state.data?.paiements.some((p) => p.status === 'PENDING') ? 3000 : false),
  });
