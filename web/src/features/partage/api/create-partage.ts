// POST api/partage: a signed link to one document and its WhatsApp address; the document's links
// reload (the new one is listed with « Révoquer »).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPartage, partagesKey } from '../../../lib/queries/partage';

export function useCreatePartage() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createPartage, onSuccess: () => qc.invalidateQueries({ queryKey: partagesKey }) });
}
