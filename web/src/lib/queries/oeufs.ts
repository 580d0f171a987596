// GET api/bande/oeufs/{id}: a layer flock's egg stock, where its eggs went and its
// movements. Under the batches' key ('bandes'): a collection, a batch sale or a batch's cancel
// already reloads every 'bandes' query, so the stock is never older than the entries it replays;
// and the device's offline copy keeps it (lib/offline/persist.ts persists 'bandes'), so the eggs
// page opens in the coop without a connection.
import { queryOptions } from '@tanstack/react-query';
import type { StockOeufsResponse } from '@shared/schemas/oeufs';
import { http } from '../http';
import { bandesKey } from './bandes';

export const stockOeufsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...bandesKey, 'oeufs', id],
    queryFn: () => http.get<StockOeufsResponse>(`api/bande/oeufs/${id}`, { droit: 'bandav:r' }),
  });
