// Route-table rows of the `versements` domain (see shared/api/routes.ts).
import { searchClientSchema, versementSchema } from '../../schemas/versements';
import { z, idParam } from '../../schemas/common';
import type { RouteRow } from '../route-types';

export const versementsRoutes: readonly RouteRow[] = [
  { method: 'POST', path: '/api/versement', domain: 'versements', name: 'addVersement', access: 'remav', body: versementSchema, idempotent: true },
  { method: 'GET', path: '/api/versement', domain: 'versements', name: 'listVersements', access: 'remav' },
  {
    method: 'POST',
    path: '/api/versement/searchClient',
    domain: 'versements',
    name: 'searchClient',
    access: 'remav',
    body: searchClientSchema,
    whenLapsed: 'allowed',
  },
  {
    method: 'GET',
    path: '/api/versement/annuler/{id}',
    domain: 'versements',
    name: 'cancelVersement',
    access: 'remav',
    params: z.lazy(() => z.object({ id: idParam })),
  },
];
