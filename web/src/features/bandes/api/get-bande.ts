// GET api/bande/{id} (droit bandav:r): the batch with its expenses, sales, losses and weighings
// (its query options in lib/queries/bandes.ts, shared with the Santé tab).
import { useQuery } from '@tanstack/react-query';
import { bandeDetailQueryOptions } from '../../../lib/queries/bandes';

export const bandeQueryOptions = bandeDetailQueryOptions;

export const useBande = (id: number) => useQuery(bandeDetailQueryOptions(id));
