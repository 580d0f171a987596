// Lambda entry of the `produits` domain (products, stock and restocks).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { produitsRoutes } from '@shared/api/routes/produits';
import * as routes from './routes';

export const handler = createDomainHandler(produitsRoutes, routes as unknown as RouteFns);
