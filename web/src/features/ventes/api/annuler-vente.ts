// POST api/vente/annulerVente {id_vente} (droit prav:r): cancels one history line (etat DELETED);
// its stock comes back, an EMPRUNT's amount leaves the creance; history, products and clients reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnnulerVenteResponse } from '../../../../../shared/schemas/ventes';
import { http } from '../../../lib/http';

export const annulerVente = (id_vente: number) => http.post<AnnulerVenteResponse>('api/vente/annulerVente', { id_vente }, { droit: 'prav:r' });

export function useAnnulerVente() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: annulerVente,
    onSuccess: () => Promise.all(['ventes', 'produits', 'clients', 'bandes'].map((k) => qc.invalidateQueries({ queryKey: [k] }))),
  });
}
