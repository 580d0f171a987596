// Route-table rows of the `ventes` domain (see shared/api/routes.ts).
import { annulerVenteSchema, venteHistorySchema, venteSchema } from '../../schemas/ventes';
import type { RouteRow } from '../route-types';

export const ventesRoutes: readonly RouteRow[] = [
  { method: 'POST', path: '/api/vente', domain: 'ventes', name: 'addVente', access: 'ventav', body: venteSchema, idempotent: true },
  { method: 'POST', path: '/api/vente/boutique', domain: 'ventes', name: 'listVentes', access: 'ventav', body: venteHistorySchema, whenLapsed: 'allowed' },
  { method: 'POST', path: '/api/vente/annulerVente', domain: 'ventes', name: 'cancelVente', access: 'ventav', body: annulerVenteSchema },
];
