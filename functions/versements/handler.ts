// Lambda entry of the `versements` domain (repayments of client debts).
import { createDomainHandler, type RouteFns } from '../lib/http';
import * as routes from './routes';

export const handler = createDomainHandler('versements', routes as unknown as RouteFns);
