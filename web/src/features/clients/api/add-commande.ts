// POST api/commande/addCommande (droit commav:r): the client order dialog's save. Sent with an
// Idempotency-Key (shared/idempotency-key.ts `keyPerContent`): a retry after an answer lost on a slow
// network never records the order, its deposit and the client's debt twice.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCommandeInput, CommandeResponse } from '@shared/schemas/commandes';
import { http } from '../../../lib/http';
import { commandesKey } from '../../../lib/queries/commandes';

export const addCommande = ({ input, key }: { input: AddCommandeInput; key: string }) =>
  http.post<CommandeResponse>('api/commande/addCommande', input, { droit: 'commav:r', idempotencyKey: key });

export function useAddCommande() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addCommande,
    onSuccess: () => qc.invalidateQueries({ queryKey: commandesKey }),
  });
}
