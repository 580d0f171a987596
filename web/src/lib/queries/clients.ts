// GET api/clients (droit clav:r): every client of the business with its creance. Read by the
// client and sale screens, and by the repayment search when offline; one key, so a sale on credit
// or a repayment refreshes the creance every screen shows.
import { queryOptions } from '@tanstack/react-query';
import type { ClientListResponse } from '@shared/schemas/clients';
import { http } from '../http';

/** The start of every clients query key: invalidating it reloads them all. */
export const clientsKey: readonly string[] = ['clients'];

export const getClients = () => http.get<ClientListResponse>('api/clients', { droit: 'clav:r' });

export const clientsQueryOptions = () => queryOptions({ queryKey: [...clientsKey], queryFn: getClients });

/** With the archived clients too, for the list's "Afficher les archivés" filter only. */
export const clientsAvecArchivesQueryOptions = () =>
  queryOptions({ queryKey: [...clientsKey, 'archives'], queryFn: () => http.get<ClientListResponse>('api/clients?archives=1', { droit: 'clav:r' }) });
