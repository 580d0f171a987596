// Online orders (droit prav:r): GET api/produit/onlineCommande, GET
// api/produit/cancelOnlineCommande/{id}, POST api/produit/updateOnlineCommande, GET
// api/produit/marquerCommePayer/{id}, GET api/produit/marquerCommeLivrer/{id}. Each action answers
// the updated order, which replaces its row in the cached list (no reload). Against a spam wave:
// POST api/produit/bloquerNumeroEcom (blocks the order's number and cancels its pending orders:
// the list is read again), POST api/produit/debloquerNumeroEcom, GET api/produit/numerosBloquesEcom.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BloquerNumeroInput,
  BloquerNumeroResult,
  CommandeEcom,
  DebloquerNumeroInput,
  NumeroBloque,
  UpdateCommandeEcomInput,
} from '@shared/schemas/ecommerce';
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

export const numerosBloquesQueryOptions = () =>
  queryOptions({ queryKey: ['numeros-bloques-ecom'], queryFn: () => http.get<NumeroBloque[]>('api/produit/numerosBloquesEcom', DROIT) });

export const useNumerosBloques = () => useQuery(numerosBloquesQueryOptions());

/** Blocks the number of an order and cancels its pending orders: both lists are read again. */
export function useBloquerNumero() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: BloquerNumeroInput) => http.post<BloquerNumeroResult>('api/produit/bloquerNumeroEcom', input, DROIT),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: commandesEcomQueryOptions().queryKey }),
        qc.invalidateQueries({ queryKey: numerosBloquesQueryOptions().queryKey }),
      ]),
  });
}

export function useDebloquerNumero() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: DebloquerNumeroInput) => http.post<{ telephone: string }>('api/produit/debloquerNumeroEcom', input, DROIT),
    onSuccess: () => qc.invalidateQueries({ queryKey: numerosBloquesQueryOptions().queryKey }),
  });
}
