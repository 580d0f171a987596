// GET api/produit/reappro/cancele/{id} (droit prav:r; path spelled as the spec): takes the
// restocked quantity back out of stock; products and restocks reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReapproResult } from '@shared/schemas/produits';
import { http } from '../../../lib/http';
import { produitsQueryOptions } from '../../../lib/queries/produits';
import { reapprosQueryOptions } from './get-reappros';

export const cancelReappro = (id: number) => http.get<ReapproResult>(`api/produit/reappro/cancele/${id}`, { droit: 'prav:r' });

export function useCancelReappro() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelReappro,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: produitsQueryOptions().queryKey }), qc.invalidateQueries({ queryKey: reapprosQueryOptions().queryKey })]),
  });
}
