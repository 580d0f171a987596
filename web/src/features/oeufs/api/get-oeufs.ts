// The eggs page's read (GET api/bande/oeufs/{id}); its query options live in lib/queries/oeufs.ts
// because « Envoyer à la boutique » (lib/oeufs) reads the same stock from the product's page too.
import { useQuery } from '@tanstack/react-query';
import { stockOeufsQueryOptions } from '../../../lib/queries/oeufs';

export const useStockOeufs = (id: number, enabled = true) => useQuery({ ...stockOeufsQueryOptions(id), enabled });
