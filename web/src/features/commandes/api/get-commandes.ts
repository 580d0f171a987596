// GET api/commande (droit commav:r): every order, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommandeListResponse } from '../../../../../shared/schemas/commandes';
import { http } from '../../../lib/http';

export const getCommandes = () => http.get<CommandeListResponse>('api/commande', { droit: 'commav:r' });

export const commandesQueryOptions = () => queryOptions({ queryKey: ['commandes'], queryFn: getCommandes });

export const useCommandes = () => useQuery(commandesQueryOptions());
