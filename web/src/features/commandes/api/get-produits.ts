// The products for the Ajouter un produit dialog (price read from prix_vente), from the product
// screens' query (web/src/lib/queries/produits.ts).
import { useQuery } from '@tanstack/react-query';
import { produitsQueryOptions } from '../../../lib/queries/produits';

export const useProduits = () => useQuery(produitsQueryOptions());
