// Lambda entry of the `ventes` domain (shop sales and their history).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { ventesRoutes } from '@shared/api/routes/ventes';
import * as routes from './routes';

export const handler = createDomainHandler(ventesRoutes, routes as unknown as RouteFns);
