// Lambda entry of the `aliment` domain (the farm's feed store: purchases, consumptions, stock).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { alimentRoutes } from '@shared/api/routes/aliment';
import * as routes from './routes';

export const handler = createDomainHandler(alimentRoutes, routes as unknown as RouteFns);
