// GET api/bande/fiche/{id} (droit bandav:r): a batch's daily sheets, one row a day with a sheet or a
// consumption, oldest first. Under the batches' key: reloaded with them after a write, and kept on
// the device for offline reading (lib/offline/persist.ts keeps every 'bandes' query).
import { queryOptions } from '@tanstack/react-query';
import type { FicheJour } from '@shared/schemas/aliment';
import { http } from '../../../lib/http';
import { bandesKey } from '../../../lib/queries/bandes';

export const fichesQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...bandesKey, 'fiches', id], queryFn: () => http.get<FicheJour[]>(`api/bande/fiche/${id}`, { droit: 'bandav:r' }) });
