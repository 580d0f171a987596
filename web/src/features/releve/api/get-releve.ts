// GET api/client/releve/{id}/{debut}/{fin} (droit clav:r): a client's statement for a period.
// Under the clients' key: a sale on credit, a repayment or a cancel reloads every client query, so
// the statement is never older than the debt the client list shows.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReleveResponse } from '@shared/schemas/releve';
import { http } from '../../../lib/http';
import { clientsKey } from '../../../lib/queries/clients';

export const releveQueryOptions = (id: number, debut: string, fin: string) =>
  queryOptions({
    queryKey: [...clientsKey, 'releve', id, debut, fin],
    queryFn: () => http.get<ReleveResponse>(`api/client/releve/${id}/${debut}/${fin}`, { droit: 'clav:r' }),
    placeholderData: keepPreviousData,
  });

export const useReleve = (id: number, debut: string, fin: string, enabled: boolean) => useQuery({ ...releveQueryOptions(id, debut, fin), enabled });
