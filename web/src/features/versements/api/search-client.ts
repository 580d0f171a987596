// POST api/versement/searchClient (droit remav:r): clients whose first name, last name or phone
// contains the text, ignoring case and spaces. Without a connection the same match runs on the
// client list kept on the device (web/src/lib/offline/persist.ts), so a repayment can still be
// typed offline and wait in the outbox.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { clientMatches, type Client } from '@shared/schemas/clients';
import type { SearchClientResponse } from '@shared/schemas/versements';
import { http, errorStatus } from '../../../lib/http';
import { clientsKey } from '../../../lib/queries/clients';

export const searchClient = (username: string) => http.post<SearchClientResponse>('api/versement/searchClient', { username }, { droit: 'remav:r' });

function searchOffline(qc: QueryClient, username: string): SearchClientResponse | null {
  const list = qc.getQueryData<Client[]>(clientsKey);
  if (!list) return null;
  return list.filter((c) => clientMatches(c, username));
}

export const useSearchClient = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (username: string) => {
      try {
        return await searchClient(username);
      } catch (err) {
        const offline = errorStatus(err) === 0 ? searchOffline(qc, username) : null;
        if (offline) return offline;
        throw err;
      }
    },
  });
};
