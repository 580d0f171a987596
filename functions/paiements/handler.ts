// Lambda entry of the `paiements` domain (HTTP: the payment, the history, the webhooks).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { paiementsRoutes } from '@shared/api/routes/paiements';
import { paymentsConfig } from './config';
import * as routes from './routes';

paymentsConfig(); // cold start: fail loudly on missing payment configuration
export const handler = createDomainHandler(paiementsRoutes, routes as unknown as RouteFns);
