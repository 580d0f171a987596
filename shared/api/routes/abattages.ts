// Route-table rows of the `abattages` domain (slaughter records, spec part 2 §7; right abatav).
// Their paths sit under api/bande/: they are declared before the batch rows in shared/api/routes.ts
// and are more specific than `GET /api/bande/{proxy+}`, so neither API Gateway nor the local
// server hands them to the batch Lambda.
import type { RouteRow } from '../route-types';
import { abattageParams, abattageSchema } from '../../schemas/abattages';

export const abattagesRoutes: readonly RouteRow[] = [
  { method: 'POST', path: '/api/bande/abatage', domain: 'abattages', name: 'saveAbattage', access: 'abatav', body: abattageSchema, idempotent: true },
  { method: 'GET', path: '/api/bande/abatage/list', domain: 'abattages', name: 'listAbattages', access: 'abatav' },
  { method: 'GET', path: '/api/bande/abatage/list/{id}', domain: 'abattages', name: 'getAbattage', access: 'abatav', params: abattageParams },
  // Ours: a slaughter cancelled: its birds back to the batch, the products' stock it
  // added taken back (refused when the shop already sold them). A record naming products also needs
  // the products' right (checked by the route, like the save's).
  { method: 'GET', path: '/api/bande/abatage/delete/{id}', domain: 'abattages', name: 'cancelAbattage', access: 'abatav', params: abattageParams },
];
