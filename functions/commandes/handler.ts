// Lambda entry of the `commandes` domain (customer orders).
import { createDomainHandler, type RouteFns } from '../lib/http';
import * as routes from './routes';

export const handler = createDomainHandler('commandes', routes as unknown as RouteFns);
