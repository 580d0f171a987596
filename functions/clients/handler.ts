// Lambda entry of the `clients` domain (clients and their receivables).
import { createDomainHandler, type RouteFns } from '../lib/http';
import * as routes from './routes';

export const handler = createDomainHandler('clients', routes as unknown as RouteFns);
