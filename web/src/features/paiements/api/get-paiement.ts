// GET api/paiement/{id} (droit utav:r): one payment, polled while the provider has not confirmed it
// (back from the Wave page, or an Orange Money payment still pending).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paiement } from '@shared/schemas/paiements';
import { http } from '../../../lib/http';

export const getPaiement = (id: number) => http.get<Paiement>(`api/paiement/${id}`, { droit: 'utav:r' });

export const paiementQueryOptions = (id: number) => queryOptions({ queryKey: ['paiement', id], queryFn: () => getPaiement(id) });

export const usePaiement = (id: number | null) =>
  useQuery({
    ...paiementQueryOptions(id ?? 0),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'PENDING' ? false : 1500),
  });
