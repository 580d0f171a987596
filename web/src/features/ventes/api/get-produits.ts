// GET api/produit (droit prav:r, as the spec sends for sale calls): the products and their stock,
// for the new-sale autocomplete. Same key as the product screens, so a sale refreshes their stock.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProduitListResponse } from '../../../../../shared/schemas/produits';
import { http } from '../../../lib/http';

export const produitsQueryOptions = () =>
  queryOptions({ queryKey: ['produits'], queryFn: () => http.get<ProduitListResponse>('api/produit', { droit: 'prav:r' }) });

export const useProduits = () => useQuery(produitsQueryOptions());
