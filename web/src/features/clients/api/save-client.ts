// POST api/addOrUpdateClient (droit clav:r): id 0 creates, otherwise updates; the list reloads.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLIENT_INDICATIF, type ClientInput, type ClientResponse } from '../../../../../shared/schemas/clients';
import { http } from '../../../lib/http';
import { clientsQueryOptions } from './get-clients';

export const saveClient = (input: ClientInput) =>
  http.post<ClientResponse>('api/addOrUpdateClient', { ...input, indicatif: CLIENT_INDICATIF }, { droit: 'clav:r' });

export function useSaveClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveClient,
    onSuccess: () => qc.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
  });
}
