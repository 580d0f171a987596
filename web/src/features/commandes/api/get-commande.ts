// GET api/commande/{numero_commande} (droit commav:r): one order with its lines and client.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommandeResponse } from '../../../../../shared/schemas/commandes';
import { http } from '../../../lib/http';

export const getCommande = (numero: string) =>
  http.get<CommandeResponse>(`api/commande/${encodeURIComponent(numero)}`, { droit: 'commav:r' });

// Under ['commandes'] so invalidating the list refreshes every open detail too.
export const commandeQueryOptions = (numero: string) =>
  queryOptions({ queryKey: ['commandes', numero], queryFn: () => getCommande(numero) });

export const useCommande = (numero: string) => useQuery(commandeQueryOptions(numero));
