// Lambda entry of the `partage` domain (documents shared by a signed link, and their public page).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { partageRoutes } from '@shared/api/routes/partage';
import { partageConfig } from './config';
import * as routes from './routes';

partageConfig(); // cold start: no link without its secret and its public origin
export const handler = createDomainHandler(partageRoutes, routes as unknown as RouteFns);
