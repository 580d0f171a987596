// Lambda entry of the `sante` domain (flock health: plans, a batch's calendar, treatments, the day's to-do).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { santeRoutes } from '@shared/api/routes/sante';
import * as routes from './routes';

export const handler = createDomainHandler(santeRoutes, routes as unknown as RouteFns);
