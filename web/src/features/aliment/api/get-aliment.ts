// The Aliment page's reads (GET api/aliment/stock, achat, consommation); their query options live
// in lib/queries/aliment.ts because the batch detail reads the store too.
import { useQuery } from '@tanstack/react-query';
import { achatsAlimentQueryOptions, consommationsAlimentQueryOptions, stockAlimentQueryOptions } from '../../../lib/queries/aliment';

export const useStockAliment = () => useQuery(stockAlimentQueryOptions());
export const useAchatsAliment = () => useQuery(achatsAlimentQueryOptions());
export const useConsommationsAliment = (range: { debut?: string; fin?: string } = {}) => useQuery(consommationsAlimentQueryOptions(range));
