// Lambda entry of the `payments` domain (HTTP: the payment, the history, the webhooks).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { paymentsRoutes } from '../../shared/api/routes/payments';
import { paymentsConfig } from './config';
import * as routes from './routes';

paymentsConfig(); // cold start: fail loudly on missing payment configuration
export const handler = createDomainHandler(paymentsRoutes, routes as unknown as RouteFns);
