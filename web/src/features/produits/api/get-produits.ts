// GET api/produit (droit prav:r): the products with their stock and prices.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProduitListResponse } from '../../../../../shared/schemas/produits';
import { http } from '../../../lib/http';

export const getProduits = () => http.get<ProduitListResponse>('api/produit', { droit: 'prav:r' });

export const produitsQueryOptions = () => queryOptions({ queryKey: ['produits'], queryFn: getProduits });

export const useProduits = () => useQuery(produitsQueryOptions());
