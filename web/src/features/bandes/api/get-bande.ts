// GET api/bande/{id} (droit bandav:r): the batch with its expenses, sales, losses and weighings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BandeDetail } from '../../../../../shared/schemas/bandes';
import { http } from '../../../lib/http';
import { bandesKey } from '../../../lib/queries/bandes';

export const getBande = (id: number) => http.get<BandeDetail>(`api/bande/${id}`, { droit: 'bandav:r' });

export const bandeQueryOptions = (id: number) => queryOptions({ queryKey: [...bandesKey, 'detail', id], queryFn: () => getBande(id) });

export const useBande = (id: number) => useQuery(bandeQueryOptions(id));
