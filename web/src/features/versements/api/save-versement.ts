// POST api/versement (droit remav:r): records a repayment and lowers the client's creance; the
// repayments and the clients (their creance) reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VersementInput, VersementResult } from '../../../../../shared/schemas/versements';
import { http } from '../../../lib/http';
import { versementsQueryOptions } from './get-versements';

export const saveVersement = (input: VersementInput) => http.post<VersementResult>('api/versement', input, { droit: 'remav:r' });

export function useSaveVersement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveVersement,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: versementsQueryOptions().queryKey }), qc.invalidateQueries({ queryKey: ['clients'] })]),
  });
}
