// The order-detail actions (droit commav:r): add a line, remove a line, deliver. Each answers the
// updated order; the orders reload, and delivery also moves stock and the client's creance.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddProduitToCommandeInput, CommandeResponse, DeleteProduitFromCommandeInput } from '@shared/schemas/commandes';
import { http } from '../../../lib/http';
import { clientsKey } from '../../../lib/queries/clients';
import { commandeQueryOptions, commandesKey } from '../../../lib/queries/commandes';
import { produitsKey } from '../../../lib/queries/produits';

export const addProduitToCommande = (input: AddProduitToCommandeInput) =>
  http.post<CommandeResponse>('api/commande/addProduitToCommande', input, { droit: 'commav:r' });

export const deleteProduitFromCommande = (input: DeleteProduitFromCommandeInput) =>
  http.post<CommandeResponse>('api/commande/deleteProduitFromCommande', input, { droit: 'commav:r' });

export const toDeliver = (id_commande: number) => http.post<CommandeResponse>('api/commande/toDeliver', { id_commande }, { droit: 'commav:r' });

function useOrderMutation<I>(fn: (input: I) => Promise<CommandeResponse>, alsoStale: (readonly string[])[] = []) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (c) => {
      qc.setQueryData(commandeQueryOptions(c.numero_commande).queryKey, c);
      return Promise.all([commandesKey, ...alsoStale].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}

export const useAddProduitToCommande = () => useOrderMutation(addProduitToCommande);
export const useDeleteProduitFromCommande = () => useOrderMutation(deleteProduitFromCommande);
export const useToDeliver = () => useOrderMutation(toDeliver, [produitsKey, clientsKey]);
