// Lambda entry of the `auth` domain (sign-up, login, token, logout, password and profile).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { authRoutes } from '../../shared/api/routes/auth';
import * as routes from './routes';

export const handler = createDomainHandler(authRoutes, routes as unknown as RouteFns);
