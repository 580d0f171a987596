// Route-table rows of the `clients` domain (see shared/api/routes.ts).
import { clientSchema } from '../../schemas/clients';
import type { RouteRow } from '../route-types';

export const clientsRoutes: readonly RouteRow[] = [
  { method: 'POST', path: '/api/addOrUpdateClient', domain: 'clients', name: 'addOrUpdateClient', access: 'clav', body: clientSchema },
  { method: 'GET', path: '/api/clients', domain: 'clients', name: 'listClients', access: ['clav', 'ventav', 'commav'] },
];
