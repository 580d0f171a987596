// Every client of the business with its creance; the query itself is shared
// (web/src/lib/queries/clients.ts).
import { useQuery } from '@tanstack/react-query';
import { clientsAvecArchivesQueryOptions, clientsQueryOptions } from '../../../lib/queries/clients';

export const useClients = (archives = false) => useQuery(archives ? clientsAvecArchivesQueryOptions() : clientsQueryOptions());
