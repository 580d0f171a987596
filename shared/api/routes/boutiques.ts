// Route-table rows of the `boutiques` domain (see shared/api/routes.ts).
import { boutiqueSchema, updateBoutiqueSchema } from '../../schemas/boutiques';
import type { RouteRow } from '../route-types';

export const boutiquesRoutes: readonly RouteRow[] = [
  { method: 'POST', path: '/api/boutique', domain: 'boutiques', name: 'createBoutique', access: 'boutav', body: boutiqueSchema },
  { method: 'GET', path: '/api/boutique', domain: 'boutiques', name: 'listBoutiques', access: 'boutav' },
  { method: 'POST', path: '/api/boutique/update', domain: 'boutiques', name: 'updateBoutique', access: 'boutav', body: updateBoutiqueSchema },
];
