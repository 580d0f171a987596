// Lambda entry of the `bandes` domain (batches, their entries and the dashboard).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { bandesRoutes } from '@shared/api/routes/bandes';
import * as routes from './routes';

export const handler = createDomainHandler(bandesRoutes, routes as unknown as RouteFns);
