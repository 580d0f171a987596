// GET api/clients (droit clav:r): every client of the business with its creance.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientListResponse } from '../../../../../shared/schemas/clients';
import { http } from '../../../lib/http';

export const getClients = () => http.get<ClientListResponse>('api/clients', { droit: 'clav:r' });

export const clientsQueryOptions = () => queryOptions({ queryKey: ['clients'], queryFn: getClients });

export const useClients = () => useQuery(clientsQueryOptions());
