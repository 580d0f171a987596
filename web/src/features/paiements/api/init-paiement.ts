// POST api/initMensualitePaiement (droit utav:r, spec part 2 §7): the server prices the months and
// answers SUCCESS, or PENDING with the Wave link; a 400 is the spec's failure. The history and the
// subscription check reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkPlanQueryOptions } from '../../../lib/api/check-plan';
import type { InitPaiementInput, InitPaiementResponse } from '@shared/schemas/paiements';
import { http } from '../../../lib/http';
import { paiementsQueryOptions } from '../../../lib/queries/paiements';

export const initPaiement = (body: InitPaiementInput) => http.post<InitPaiementResponse>('api/initMensualitePaiement', body, { droit: 'utav:r' });

export function useInitPaiement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: initPaiement,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: paiementsQueryOptions().queryKey });
      void qc.invalidateQueries({ queryKey: checkPlanQueryOptions().queryKey });
    },
  });
}
