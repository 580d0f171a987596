// Lambda entry of the `acces` domain (sign-up, login, token, logout, password and profile).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { accesRoutes } from '@shared/api/routes/acces';
import * as routes from './routes';

export const handler = createDomainHandler(accesRoutes, routes as unknown as RouteFns);
