// POST api/vente (droit prav:r as the spec sends; the server checks ventav): records the sale;
// stock (products), creance (clients, for an EMPRUNT), the history and batches reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VenteInput, VenteResult } from '../../../../../shared/schemas/ventes';
import { http } from '../../../lib/http';

export const saveVente = (input: VenteInput) => http.post<VenteResult>('api/vente', input, { droit: 'prav:r' });

export function useSaveVente() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveVente,
    onSuccess: () => Promise.all(['produits', 'ventes', 'clients', 'bandes'].map((k) => qc.invalidateQueries({ queryKey: [k] }))),
  });
}
