// POST api/vente/annulerVente {id_vente} (droit prav:r): cancels one history line (etat DELETED);
// its stock comes back, an EMPRUNT's amount leaves the creance; history, products and clients reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnnulerVenteResponse } from '@shared/schemas/ventes';
import { http } from '../../../lib/http';
import { bandesKey } from '../../../lib/queries/bandes';
import { clientsKey } from '../../../lib/queries/clients';
import { produitsKey } from '../../../lib/queries/produits';
import { ventesKey } from '../../../lib/queries/ventes';

export const annulerVente = (id_vente: number) => http.post<AnnulerVenteResponse>('api/vente/annulerVente', { id_vente }, { droit: 'prav:r' });

export function useAnnulerVente() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: annulerVente,
    onSuccess: () => Promise.all([ventesKey, produitsKey, clientsKey, bandesKey].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
