// POST api/produit (droit prav:r): id 0 creates, otherwise updates; the product list reloads. Sent
// with an Idempotency-Key (shared/idempotency-key.ts `keyPerContent`): a retry after an answer lost on a
// slow network never creates the product and its opening stock twice.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProduitInput, ProduitResponse } from '@shared/schemas/produits';
import { http } from '../../../lib/http';
import { produitsQueryOptions } from '../../../lib/queries/produits';

export const saveProduit = ({ input, key }: { input: ProduitInput; key: string }) =>
  http.post<ProduitResponse>('api/produit', input, { droit: 'prav:r', idempotencyKey: key });

export function useSaveProduit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveProduit,
    onSuccess: () => qc.invalidateQueries({ queryKey: produitsQueryOptions().queryKey }),
  });
}
