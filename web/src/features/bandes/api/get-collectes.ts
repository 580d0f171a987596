// GET api/bande/collect/get/{id} (droit bandav:r): the egg collections of a laying batch, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Collecte } from '../../../../../shared/schemas/bandes';
import { http } from '../../../lib/http';
import { bandesKey } from '../../../lib/queries/bandes';

export const getCollectes = (id: number) => http.get<Collecte[]>(`api/bande/collect/get/${id}`, { droit: 'bandav:r' });

export const collectesQueryOptions = (id: number) => queryOptions({ queryKey: [...bandesKey, 'collectes', id], queryFn: () => getCollectes(id) });

export const useCollectes = (id: number, enabled: boolean) => useQuery({ ...collectesQueryOptions(id), enabled });
