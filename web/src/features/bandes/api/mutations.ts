// The batch writes (spec part 1 §7), one function per row, and the hook that runs one and then
// reloads every batch query and the dashboard (TanStack Query invalidation by key prefix).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BandeInput, BandeSummary, Collecte, Depense, Perte, Pesage, Vente } from '../../../../../shared/schemas/bandes';
import { http } from '../../../lib/http';

const opts = { droit: 'bandav:r' };

/** POST api/bande/create: id_bande -1 creates, otherwise edits. */
export const saveBande = (b: BandeInput) => http.post<BandeSummary>('api/bande/create', b, opts);
/** POST api/bande/cloturer: closes the batch and frees its birds from the plan's quota. */
export const closeBande = (id_bande: number) => http.post<BandeSummary>('api/bande/cloturer', { id_bande }, opts);
/** POST api/bande/perte */
export const savePerte = (b: { nombre: number; id_bande: number }) => http.post<Perte>('api/bande/perte', b, opts);
/** POST api/bande/depense: depense.id given = edit. */
export const saveDepense = (b: {
  depense: { id?: number; id_type_depense: number; designation: string; prix_unitaire: number; quantite: number };
  id_bande: number;
}) => http.post<Depense>('api/bande/depense', b, opts);
/** POST api/bande/vente: id_vente -1 = new. */
export const saveVente = (b: { prix_unitaire: number; quantite: number; id_bande: number; id_vente: number }) =>
  http.post<Vente>('api/bande/vente', b, opts);
/** POST api/bande/pesage */
export const savePesage = (b: { pesage: { poids_moyen: number; unite: 'g' | 'kg'; echantillon: number; date_prise: string }; id_bande: number }) =>
  http.post<Pesage>('api/bande/pesage', b, opts);
/** POST api/bande/collect: id -1 = new; calibres travel as JSON text. */
export const saveCollecte = (b: { id_bande: number; id: number; collecte: number; calibres: string; date_collecte?: string }) =>
  http.post<Collecte>('api/bande/collect', b, opts);
/** The GET deletions: api/bande/{vente|depense|perte}/delete/{id}. */
export const cancelEntry = ({ kind, id }: { kind: 'vente' | 'depense' | 'perte'; id: number }) =>
  http.get<{ code: number }>(`api/bande/${kind}/delete/${id}`, opts);

export function useBandeMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: ['bandes'] }), qc.invalidateQueries({ queryKey: ['dashboard'] })]);
    },
  });
}
