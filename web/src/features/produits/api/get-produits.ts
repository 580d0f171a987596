// The products with their stock and prices; the query itself is shared (web/src/lib/queries/produits.ts).
import { useQuery } from '@tanstack/react-query';
import { produitsAvecArchivesQueryOptions, produitsQueryOptions } from '../../../lib/queries/produits';

export const useProduits = (archives = false) => useQuery(archives ? produitsAvecArchivesQueryOptions() : produitsQueryOptions());
