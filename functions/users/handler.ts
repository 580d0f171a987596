// Lambda entry of the `users` domain.
import { createDomainHandler, type RouteFns } from '../lib/http';
import * as routes from './routes';

export const handler = createDomainHandler('users', routes as unknown as RouteFns);
