// POST api/operateur/abonnement (operator only): extend, suspend or reactivate a subscription with
// a reason; the business list, the revenue counts and the audit log reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AbonnementActionInput } from '../../../../../shared/schemas/operateur';
import { http } from '../../../lib/http';

export const abonnementAction = (body: AbonnementActionInput) => http.post<{ code: number; message: string }>('api/operateur/abonnement', body);

export function useAbonnementAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: abonnementAction,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['operateur'] }),
  });
}
