// POST api/boutique (create; the plan's shop limit answers 422) and POST api/boutique/update
// (droit boutav:r); the shop list reloads.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BOUTIQUE_INDICATIF, type BoutiqueInput, type BoutiqueResponse } from '@shared/schemas/boutiques';
import { http } from '../../../lib/http';
import { boutiquesQueryOptions } from '../../../lib/queries/boutiques';

export interface SaveBoutique extends BoutiqueInput {
  id_boutique?: number;
}

export const saveBoutique = ({ id_boutique, ...input }: SaveBoutique) => {
  const body = { ...input, indicatif: input.indicatif || BOUTIQUE_INDICATIF };
  return id_boutique
    ? http.post<BoutiqueResponse>('api/boutique/update', { ...body, id_boutique }, { droit: 'boutav:r' })
    : http.post<BoutiqueResponse>('api/boutique', body, { droit: 'boutav:r' });
};

export function useSaveBoutique() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveBoutique,
    onSuccess: () => qc.invalidateQueries({ queryKey: boutiquesQueryOptions().queryKey }),
  });
}
