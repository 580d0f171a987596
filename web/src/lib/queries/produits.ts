// GET api/produit (droit prav:r): the products with their stock and prices. Read by the product,
// client-order, order and sale screens; one key for all of them, so a restock or a sale refreshes
// the stock every screen shows. Every product query key starts with 'produits'.
import { queryOptions } from '@tanstack/react-query';
import type { ProduitListResponse } from '@shared/schemas/produits';
import { http } from '../http';
import { PRODUITS_AVEC_ARCHIVES_PATH } from './paths';

/** The start of every produits query key: invalidating it reloads them all. */
export const produitsKey: readonly string[] = ['produits'];

export const getProduits = () => http.get<ProduitListResponse>('api/produit', { droit: 'prav:r' });

export const produitsQueryOptions = () => queryOptions({ queryKey: [...produitsKey], queryFn: getProduits });

/** With the archived products too, for the list's "Afficher les archivés" filter and the first steps. */
export const produitsAvecArchivesQueryOptions = () =>
  queryOptions({ queryKey: [...produitsKey, 'archives'], queryFn: () => http.get<ProduitListResponse>(PRODUITS_AVEC_ARCHIVES_PATH, { droit: 'prav:r' }) });
