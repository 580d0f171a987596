// The sale's client search by phone looks the number up in the business's clients (the spec names
// no dedicated call; see docs/decisions.md), from the client list's query
// (web/src/lib/queries/clients.ts). No retry: a user without the client right gets 403.
import { useQuery } from '@tanstack/react-query';
import { clientsQueryOptions } from '../../../lib/queries/clients';

export const useClients = (enabled: boolean) => useQuery({ ...clientsQueryOptions(), enabled, retry: false });
