// Lambda entry of the `utilisateurs` domain.
import { createDomainHandler, type RouteFns } from '../lib/http';
import { utilisateursRoutes } from '@shared/api/routes/utilisateurs';
import * as routes from './routes';

export const handler = createDomainHandler(utilisateursRoutes, routes as unknown as RouteFns);
