// GET api/versement/annuler/{id} (droit remav:r): cancels a repayment, the amount goes back onto
// the client's creance; repayments and clients reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VersementResult } from '@shared/schemas/versements';
import { http } from '../../../lib/http';
import { clientsKey } from '../../../lib/queries/clients';
import { versementsKey } from './get-versements';

export const cancelVersement = (id: number) => http.get<VersementResult>(`api/versement/annuler/${id}`, { droit: 'remav:r' });

export function useCancelVersement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelVersement,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: versementsKey }), qc.invalidateQueries({ queryKey: clientsKey })]),
  });
}
