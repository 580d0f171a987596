// Lambda entry of the `bandes` domain (batches, their entries and the dashboard).
import { createDomainHandler, type RouteFns } from '../lib/http';
import * as routes from './routes';

export const handler = createDomainHandler('bandes', routes as unknown as RouteFns);
