// Lambda entry of the `boutiques` domain (shops).
import { createDomainHandler, type RouteFns } from '../lib/http';
import * as routes from './routes';

export const handler = createDomainHandler('boutiques', routes as unknown as RouteFns);
