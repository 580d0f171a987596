// The products and their stock for the new-sale autocomplete, from the product screens' query
// (web/src/lib/queries/produits.ts), so a sale refreshes their stock.
import { useQuery } from '@tanstack/react-query';
import { produitsQueryOptions } from '../../../lib/queries/produits';

export const useProduits = () => useQuery(produitsQueryOptions());
