// POST api/vente (droit prav:r as the spec sends; the server checks ventav): records the sale;
// stock (products), creance (clients, for an EMPRUNT), the history and batches reload. Through the
// outbox: without a connection the sale waits on the device and answers Queued (the server
// checks the stock when it arrives; a refusal lands in "À corriger").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VenteInput, VenteResult } from '@shared/schemas/ventes';
import { formatNumber } from '../../../lib/format';
import { submitWrite } from '../../../lib/offline/outbox';
import { bandesKey } from '../../../lib/queries/bandes';
import { clientsKey } from '../../../lib/queries/clients';
import { produitsKey } from '../../../lib/queries/produits';
import { ventesKey } from '../../../lib/queries/ventes';

const RELOAD = [produitsKey, ventesKey, clientsKey, bandesKey];

export const saveVente = (input: VenteInput) =>
  submitWrite<VenteResult>({
    kind: 'vente',
    url: 'api/vente',
    body: input,
    droit: 'prav:r',
    invalidate: RELOAD.map(([root]) => root),
    label: `Vente en boutique : ${input.produits.map((p) => `${formatNumber(Number(p.quantite))} × ${p.produit || `produit ${p.id_produit}`}`).join(', ')}`,
  });

export function useSaveVente() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveVente,
    onSuccess: () => Promise.all(RELOAD.map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
