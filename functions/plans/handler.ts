// Lambda entry of the `plans` domain.
import { createDomainHandler, type RouteFns } from '../lib/http';
import { plansRoutes } from '@shared/api/routes/plans';
import * as routes from './routes';

export const handler = createDomainHandler(plansRoutes, routes as unknown as RouteFns);
