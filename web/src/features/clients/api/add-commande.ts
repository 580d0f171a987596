// POST api/commande/addCommande (droit commav:r): the client order dialog's save.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCommandeInput, CommandeResponse } from '../../../../../shared/schemas/commandes';
import { http } from '../../../lib/http';
import { commandesKey } from '../../../lib/queries/commandes';

export const addCommande = (input: AddCommandeInput) => http.post<CommandeResponse>('api/commande/addCommande', input, { droit: 'commav:r' });

export function useAddCommande() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addCommande,
    onSuccess: () => qc.invalidateQueries({ queryKey: commandesKey }),
  });
}
