// Route-table rows of the `users` domain (see shared/api/routes.ts).
import type { RouteRow } from '../route-types';

export const usersRoutes: readonly RouteRow[] = [
  { method: 'GET', path: '/api/user/checkPermission', domain: 'users', name: 'checkPermission', access: 'auth' },
  // The header of receipts and invoices (issue 11): the business's name, phone, country and shops.
  { method: 'GET', path: '/api/entreprise', domain: 'users', name: 'entreprise', access: 'auth' },
];
