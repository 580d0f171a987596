// Lambda entry of the `commandes` domain (customer orders).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { commandesRoutes } from '@shared/api/routes/commandes';
import * as routes from './routes';

export const handler = createDomainHandler(commandesRoutes, routes as unknown as RouteFns);
