// GET api/clients (droit clav:r): every client of the business with its creance.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientListResponse } from '../../../../../shared/schemas/clients';
import { http } from '../../../lib/http';

export const getClients = () => http.get<ClientListResponse>('api/clients', { droit: 'clav:r' });

export const clientsQueryOptions = () => queryOptions({ queryKey: ['clients'], queryFn: getClients });

/** With the archived clients too (issue 18), for the list's "Afficher les archivés" filter only. */
export const clientsAvecArchivesQueryOptions = () =>
  queryOptions({ queryKey: ['clients', 'archives'], queryFn: () => http.get<ClientListResponse>('api/clients?archives=1', { droit: 'clav:r' }) });

export const useClients = (archives = false) => useQuery(archives ? clientsAvecArchivesQueryOptions() : clientsQueryOptions());
