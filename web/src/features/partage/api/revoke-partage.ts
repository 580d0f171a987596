// POST api/partage/revoquer {id}: the link answers 410 from now on; the document's links reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partagesKey, revokePartage } from '../../../lib/queries/partage';

export function useRevokePartage() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokePartage, onSuccess: () => qc.invalidateQueries({ queryKey: partagesKey }) });
}
