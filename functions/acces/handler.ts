// Lambda entry of the `acces` domain (sign-up, login, token, logout, password and profile).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { authRoutes } from '../../shared/api/routes/acces';
import * as routes from './routes';

export const handler = createDomainHandler(authRoutes, routes as unknown as RouteFns);
