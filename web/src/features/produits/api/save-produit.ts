// POST api/produit (droit prav:r): id 0 creates, otherwise updates; the product list reloads.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProduitInput, ProduitResponse } from '../../../../../shared/schemas/produits';
import { http } from '../../../lib/http';
import { produitsQueryOptions } from '../../../lib/queries/produits';

export const saveProduit = (input: ProduitInput) => http.post<ProduitResponse>('api/produit', input, { droit: 'prav:r' });

export function useSaveProduit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveProduit,
    onSuccess: () => qc.invalidateQueries({ queryKey: produitsQueryOptions().queryKey }),
  });
}
