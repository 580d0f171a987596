// Lambda entry of the `abattages` domain.
import { createDomainHandler, type RouteFns } from '../lib/http';
import { abattagesRoutes } from '@shared/api/routes/abattages';
import * as routes from './routes';

export const handler = createDomainHandler(abattagesRoutes, routes as unknown as RouteFns);
