// GET api/clients (droit clav:r): the sale's client search by phone looks the number up in the
// business's clients (the spec names no dedicated call; see docs/decisions.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientListResponse } from '../../../../../shared/schemas/clients';
import { http } from '../../../lib/http';

export const clientsQueryOptions = () =>
  queryOptions({ queryKey: ['clients'], queryFn: () => http.get<ClientListResponse>('api/clients', { droit: 'clav:r' }), retry: false });

export const useClients = (enabled: boolean) => useQuery({ ...clientsQueryOptions(), enabled });
