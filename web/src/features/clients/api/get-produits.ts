// The products for the client order dialog's product choice (web/src/lib/queries/produits.ts: the
// product screens' key, so a restock or a sale refreshes the prices and stock shown here).
import { useQuery } from '@tanstack/react-query';
import { produitsQueryOptions } from '../../../lib/queries/produits';

export const useProduits = (enabled = true) => useQuery({ ...produitsQueryOptions(), enabled });
