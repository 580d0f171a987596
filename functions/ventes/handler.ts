// Lambda entry of the `ventes` domain (shop sales and their history).
import { createDomainHandler, type RouteFns } from '../lib/http';
import * as routes from './routes';

export const handler = createDomainHandler('ventes', routes as unknown as RouteFns);
