// GET api/relances (droit clav:r): the clients who owe something, oldest debt first. Under the
// clients' key, so a sale on credit or a repayment (which reload the clients) reloads it too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RelancesResponse } from '@shared/schemas/releve';
import { http } from '../../../lib/http';
import { clientsKey } from '../../../lib/queries/clients';

export const relancesKey = [...clientsKey, 'relances'] as const;

export const relancesQueryOptions = () =>
  queryOptions({ queryKey: [...relancesKey], queryFn: () => http.get<RelancesResponse>('api/relances', { droit: 'clav:r' }) });

export const useRelances = () => useQuery(relancesQueryOptions());
