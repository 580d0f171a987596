// One order with its lines and client; the query itself is shared (web/src/lib/queries/commandes.ts).
import { useQuery } from '@tanstack/react-query';
import { commandeQueryOptions } from '../../../lib/queries/commandes';

export const useCommande = (numero: string) => useQuery(commandeQueryOptions(numero));
