// GET api/produit (droit prav:r): the products with their stock and prices.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProduitListResponse } from '../../../../../shared/schemas/produits';
import { http } from '../../../lib/http';

export const getProduits = () => http.get<ProduitListResponse>('api/produit', { droit: 'prav:r' });

export const produitsQueryOptions = () => queryOptions({ queryKey: ['produits'], queryFn: getProduits });

/** With the archived products too (issue 18), for the list's "Afficher les archivés" filter only. */
export const produitsAvecArchivesQueryOptions = () =>
  queryOptions({ queryKey: ['produits', 'archives'], queryFn: () => http.get<ProduitListResponse>('api/produit?archives=1', { droit: 'prav:r' }) });

export const useProduits = (archives = false) => useQuery(archives ? produitsAvecArchivesQueryOptions() : produitsQueryOptions());
