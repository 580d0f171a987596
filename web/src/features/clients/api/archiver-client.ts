// POST api/client/archiver (droit clav:r): archive (true) or restore (false) a client;
// every client query reloads (the list, the sale screen's client lookup).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client } from '@shared/schemas/clients';
import { http } from '../../../lib/http';
import { clientsKey } from '../../../lib/queries/clients';

export const archiverClient = (input: { id: number; archive: boolean }) => http.post<Client>('api/client/archiver', input, { droit: 'clav:r' });

export function useArchiverClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: archiverClient,
    onSuccess: () => qc.invalidateQueries({ queryKey: clientsKey }),
  });
}
