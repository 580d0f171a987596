// GET api/bande/collect/get/{id} (droit bandav:r): the egg collections of a laying batch, newest first
// (its query options in lib/queries/bandes.ts, shared with the daily round).
import { useQuery } from '@tanstack/react-query';
import { collectesQueryOptions } from '../../../lib/queries/bandes';

export { collectesQueryOptions };

export const useCollectes = (id: number, enabled: boolean) => useQuery({ ...collectesQueryOptions(id), enabled });
