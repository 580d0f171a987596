// POST api/produit/ajustement (droit prav:r): an inventory count with its reason; the products
// and the restock history (where the movement shows) reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AjustementInput, ReapproResult } from '@shared/schemas/produits';
import { http } from '../../../lib/http';
import { produitsQueryOptions } from '../../../lib/queries/produits';
import { reapprosQueryOptions } from './get-reappros';

export const ajusterStock = (input: AjustementInput) => http.post<ReapproResult>('api/produit/ajustement', input, { droit: 'prav:r' });

export function useAjustement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ajusterStock,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: produitsQueryOptions().queryKey }), qc.invalidateQueries({ queryKey: reapprosQueryOptions().queryKey })]),
  });
}
