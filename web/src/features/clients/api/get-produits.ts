// GET api/produit (droit prav:r), for the product choice of the client order dialog. Same query
// key as the product screens, so a restock or a sale refreshes the prices and stock shown here.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProduitListResponse } from '../../../../../shared/schemas/produits';
import { http } from '../../../lib/http';

export const produitsQueryOptions = () =>
  queryOptions({ queryKey: ['produits'], queryFn: () => http.get<ProduitListResponse>('api/produit', { droit: 'prav:r' }) });

export const useProduits = (enabled = true) => useQuery({ ...produitsQueryOptions(), enabled });
