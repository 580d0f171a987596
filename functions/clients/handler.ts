// Lambda entry of the `clients` domain (clients and their receivables).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { clientsRoutes } from '@shared/api/routes/clients';
import * as routes from './routes';

export const handler = createDomainHandler(clientsRoutes, routes as unknown as RouteFns);
