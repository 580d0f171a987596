// Lambda entry of the `plans` domain.
import { createDomainHandler, type RouteFns } from '../lib/http';
import * as routes from './routes';

export const handler = createDomainHandler('plans', routes as unknown as RouteFns);
