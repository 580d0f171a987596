// Lambda entry of the `boutiques` domain (shops).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { boutiquesRoutes } from '@shared/api/routes/boutiques';
import * as routes from './routes';

export const handler = createDomainHandler(boutiquesRoutes, routes as unknown as RouteFns);
