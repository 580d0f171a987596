// Route-table rows of the `aliment` domain (the farm's feed store; paths and names as the
// issue writes them). All under the batches' right `bandav`; ids are the business's own (another
// business's answer 404). The cancels are GETs like the batch entries' (spec style).
import type { RouteRow } from '../route-types';
import { achatAlimentSchema, alimentIdParams, alimentRangeQuery, consommationSchema, seuilAlimentSchema } from '../../schemas/aliment';

export const alimentRoutes: readonly RouteRow[] = [
  { method: 'POST', path: '/api/aliment/achat', domain: 'aliment', name: 'addAchat', access: 'bandav', body: achatAlimentSchema, idempotent: true },
  { method: 'GET', path: '/api/aliment/achat', domain: 'aliment', name: 'listAchats', access: 'bandav' },
  { method: 'GET', path: '/api/aliment/achat/delete/{id}', domain: 'aliment', name: 'cancelAchat', access: 'bandav', params: alimentIdParams },
  // What a batch ate; offline through the outbox (the daily round), idempotent like the batch entries.
  {
    method: 'POST',
    path: '/api/aliment/consommation',
    domain: 'aliment',
    name: 'addConsommation',
    access: 'bandav',
    body: consommationSchema,
    idempotent: true,
  },
  {
    method: 'GET',
    path: '/api/aliment/consommation/delete/{id}',
    domain: 'aliment',
    name: 'cancelConsommation',
    access: 'bandav',
    params: alimentIdParams,
  },
  // `?debut=&fin=` (YYYY-MM-DD, both optional): the consumptions dated in the range, by default the last 31 days.
  { method: 'GET', path: '/api/aliment/consommation', domain: 'aliment', name: 'listConsommations', access: 'bandav', query: alimentRangeQuery },
  { method: 'GET', path: '/api/aliment/stock', domain: 'aliment', name: 'getStock', access: 'bandav' },
  { method: 'POST', path: '/api/aliment/seuil', domain: 'aliment', name: 'setSeuil', access: 'bandav', body: seuilAlimentSchema },
];
