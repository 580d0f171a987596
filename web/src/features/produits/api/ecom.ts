// Online products (droit prav:r): GET api/produit/getEcomProductByEntreprise, POST
// api/produit/addToEcom, POST api/produit/publierEcom (mise en ligne), POST
// api/produit/depublierEcom (retrait de la vitrine), POST
// api/produit/saveEcomImage (multipart, field image → { img }).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddToEcomInput, ProduitEcom } from '@shared/schemas/ecommerce';
import { http } from '../../../lib/http';

const DROIT = { droit: 'prav:r' };

export const produitsEcomQueryOptions = () =>
  queryOptions({ queryKey: ['produits-ecom'], queryFn: () => http.get<ProduitEcom[]>('api/produit/getEcomProductByEntreprise', DROIT) });

export const useProduitsEcom = () => useQuery(produitsEcomQueryOptions());

export function useAddToEcom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AddToEcomInput) => http.post<ProduitEcom>('api/produit/addToEcom', input, DROIT),
    onSuccess: () => qc.invalidateQueries({ queryKey: produitsEcomQueryOptions().queryKey }),
  });
}

export function usePublierEcom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<ProduitEcom>('api/produit/publierEcom', { id }, DROIT),
    onSuccess: () => qc.invalidateQueries({ queryKey: produitsEcomQueryOptions().queryKey }),
  });
}

export function useDepublierEcom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<ProduitEcom>('api/produit/depublierEcom', { id }, DROIT),
    onSuccess: () => qc.invalidateQueries({ queryKey: produitsEcomQueryOptions().queryKey }),
  });
}

export function saveEcomImage(file: Blob, name: string): Promise<{ img: string }> {
  const form = new FormData();
  form.append('image', file, name);
  return http.post<{ img: string }>('api/produit/saveEcomImage', form, DROIT);
}
