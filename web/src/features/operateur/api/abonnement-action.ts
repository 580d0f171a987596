// POST api/operateur/abonnement (operator only): extend, suspend or reactivate a subscription with
// a reason; the business list, the revenue counts and the audit log reload. Sent with an
// Idempotency-Key (shared/idempotency-key.ts `keyPerContent`): a retry after an answer lost on the way
// never extends a subscription twice.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AbonnementActionInput } from '@shared/schemas/operateur';
import { http } from '../../../lib/http';

export const abonnementAction = ({ input, key }: { input: AbonnementActionInput; key: string }) =>
  http.post<{ code: number; message: string }>('api/operateur/abonnement', input, { idempotencyKey: key });

export function useAbonnementAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: abonnementAction,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['operateur'] }),
  });
}
