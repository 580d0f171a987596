// Every order, newest first; the query itself is shared (web/src/lib/queries/commandes.ts).
import { useQuery } from '@tanstack/react-query';
import { commandesQueryOptions } from '../../../lib/queries/commandes';

export const useCommandes = () => useQuery(commandesQueryOptions());
