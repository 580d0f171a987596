// GET api/produit (droit prav:r), for the Ajouter un produit dialog (price read from prix_vente).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProduitListResponse } from '../../../../../shared/schemas/produits';
import { http } from '../../../lib/http';

export const produitsQueryOptions = () =>
  queryOptions({ queryKey: ['produits'], queryFn: () => http.get<ProduitListResponse>('api/produit', { droit: 'prav:r' }) });

export const useProduits = () => useQuery(produitsQueryOptions());
