// Lambda entry of the `operateur` domain (the SaaS operator's console).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { operateurRoutes } from '@shared/api/routes/operateur';
import * as routes from './routes';

export const handler = createDomainHandler(operateurRoutes, routes as unknown as RouteFns);
