// Lambda entry of the `notifications` domain's routes. The morning job and the death
// alert run in their own function (./jobs.ts): this one stays small on the request path.
import { createDomainHandler, type RouteFns } from '../lib/http';
import { notificationsRoutes } from '@shared/api/routes/notifications';
import { checkPushConfig } from './vapid';
import * as routes from './routes';

// The VAPID keys' source and the stand-in's address are checked here, at cold start.
checkPushConfig();

export const handler = createDomainHandler(notificationsRoutes, routes as unknown as RouteFns);
