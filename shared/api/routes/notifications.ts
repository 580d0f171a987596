// Route-table rows of the `notifications` domain (see shared/api/routes.ts): Web Push on a user's
// devices. The morning summary and the death alert are sent by the same domain's
// scheduled and stream handlers, not by a route.
import { abonnementSchema, desabonnementSchema } from '../../schemas/notifications';
import type { RouteRow } from '../route-types';

export const notificationsRoutes: readonly RouteRow[] = [
  { method: 'GET', path: '/api/notifications/cle', domain: 'notifications', name: 'getCle', access: 'auth' },
  { method: 'POST', path: '/api/notifications/abonnement', domain: 'notifications', name: 'subscribe', access: 'auth', body: abonnementSchema },
  {
    method: 'POST',
    path: '/api/notifications/desabonnement',
    domain: 'notifications',
    name: 'unsubscribe',
    access: 'auth',
    body: desabonnementSchema,
    whenLapsed: 'allowed',
  },
];
