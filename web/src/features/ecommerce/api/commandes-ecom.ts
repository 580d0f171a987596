// Online orders (droit prav:r): GET api/produit/onlineCommande, GET
// api/produit/cancelOnlineCommande/{id}, POST api/produit/updateOnlineCommande, GET
// api/produit/marquerCommePayer/{id}, GET api/produit/marquerCommeLivrer/{id}. Each action answers
// the updated order, which replaces its row in the cached list (no reload).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommandeEcom, UpdateCommandeEcomInput } from '../../../../../shared/schemas/ecommerce';
import { http } from '../../../lib/http';

const DROIT = { droit: 'prav:r' };

export const commandesEcomQueryOptions = () =>
  queryOptions({ queryKey: ['commandes-ecom'], queryFn: () => http.get<CommandeEcom[]>('api/produit/onlineCommande', DROIT) });

export const useCommandesEcom = () => useQuery(commandesEcomQueryOptions());

function useOrderAction<A>(fn: (arg: A) => Promise<CommandeEcom>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (c) => qc.setQueryData(commandesEcomQueryOptions().queryKey, (list) => list?.map((x) => (x.id === c.id ? c : x))),
  });
}

export const useCancelCommandeEcom = () => useOrderAction((id: number) => http.get<CommandeEcom>(`api/produit/cancelOnlineCommande/${id}`, DROIT));
export const usePayerCommandeEcom = () => useOrderAction((id: number) => http.get<CommandeEcom>(`api/produit/marquerCommePayer/${id}`, DROIT));
export const useLivrerCommandeEcom = () => useOrderAction((id: number) => http.get<CommandeEcom>(`api/produit/marquerCommeLivrer/${id}`, DROIT));
export const useUpdateCommandeEcom = () =>
  useOrderAction((input: UpdateCommandeEcomInput) => http.post<CommandeEcom>('api/produit/updateOnlineCommande', input, DROIT));
