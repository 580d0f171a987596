// Lambda entry of the `auth` domain (sign-up, login, token, logout, password and profile).
import { createDomainHandler, type RouteFns } from '../lib/http';
import * as routes from './routes';

export const handler = createDomainHandler('auth', routes as unknown as RouteFns);
