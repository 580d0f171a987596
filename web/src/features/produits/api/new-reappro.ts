// POST api/produit/reappro/new (droit prav:r): adds stock; products and restocks reload. Sent with an
// Idempotency-Key (shared/idempotency-key.ts `keyPerContent`): a retry after an answer lost on a slow
// network never adds the stock twice.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReapproInput, ReapproResult } from '@shared/schemas/produits';
import { http } from '../../../lib/http';
import { produitsQueryOptions } from '../../../lib/queries/produits';
import { reapprosQueryOptions } from './get-reappros';

export const newReappro = ({ input, key }: { input: ReapproInput; key: string }) =>
  http.post<ReapproResult>('api/produit/reappro/new', input, { droit: 'prav:r', idempotencyKey: key });

export function useNewReappro() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: newReappro,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: produitsQueryOptions().queryKey }), qc.invalidateQueries({ queryKey: reapprosQueryOptions().queryKey })]),
  });
}
