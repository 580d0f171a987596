// The feed store's reads (shared/api/routes/aliment.ts) and a batch's daily sheets (GET
// api/bande/fiche/{id}). Here rather than in features/aliment because the batch detail reads them
// too (its feed figures and its water/feed chart). Every store key starts with alimentKey, so one
// invalidation after a store write reloads them all; the device's offline copy keeps them
// (lib/offline/persist.ts): the page opens in the coop without a connection. The sheets sit under
// bandesKey: a sheet is a batch entry, and every batch write reloads them.
import { queryOptions } from '@tanstack/react-query';
import type { AchatAliment, ConsommationAliment, FicheJour, StockAliment } from '@shared/schemas/aliment';
import { http } from '../http';
import { bandesKey } from './bandes';

/** The start of every store query key. */
export const alimentKey: readonly string[] = ['aliment'];

/** The right every store route sits under (bandav). */
export const ALIMENT_DROIT = 'bandav:r';

/** GET api/aliment/stock: the stock, its value, the daily consumption, the days left and the last 60 days. */
export const stockAlimentQueryOptions = () =>
  queryOptions({ queryKey: [...alimentKey, 'stock'], queryFn: () => http.get<StockAliment>('api/aliment/stock', { droit: ALIMENT_DROIT }) });

/** GET api/aliment/achat: every purchase, cancelled ones included. */
export const achatsAlimentQueryOptions = () =>
  queryOptions({ queryKey: [...alimentKey, 'achats'], queryFn: () => http.get<AchatAliment[]>('api/aliment/achat', { droit: ALIMENT_DROIT }) });

/** GET api/aliment/consommation?debut=&fin=: the consumptions dated in the range (the server's default: the last 31 days). */
export const consommationsAlimentQueryOptions = (range: { debut?: string; fin?: string } = {}) => {
  const q = new URLSearchParams();
  if (range.debut) q.set('debut', range.debut);
  if (range.fin) q.set('fin', range.fin);
  const qs = q.toString();
  return queryOptions({
    queryKey: [...alimentKey, 'consommations', range.debut ?? '', range.fin ?? ''],
    queryFn: () => http.get<ConsommationAliment[]>(`api/aliment/consommation${qs ? `?${qs}` : ''}`, { droit: ALIMENT_DROIT }),
  });
};

/** GET api/bande/fiche/{id}: the batch's days with a sheet or a consumption, oldest first. */
export const fichesQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...bandesKey, 'fiches', id], queryFn: () => http.get<FicheJour[]>(`api/bande/fiche/${id}`, { droit: ALIMENT_DROIT }) });
