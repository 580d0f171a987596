// POST api/produit/archiver (droit prav:r): archive (true) or restore (false) a product;
// every product query reloads (the lists, the pickers of the sale and order screens).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Produit } from '@shared/schemas/produits';
import { http } from '../../../lib/http';
import { produitsKey } from '../../../lib/queries/produits';

export const archiverProduit = (input: { id: number; archive: boolean }) => http.post<Produit>('api/produit/archiver', input, { droit: 'prav:r' });

export function useArchiverProduit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: archiverProduit,
    onSuccess: () => qc.invalidateQueries({ queryKey: produitsKey }),
  });
}
