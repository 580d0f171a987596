// Lambda entry of the `versements` domain (repayments of client debts).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { versementsRoutes } from '@shared/api/routes/versements';
import * as routes from './routes';

export const handler = createDomainHandler(versementsRoutes, routes as unknown as RouteFns);
