// Lambda entry of the `ecommerce` domain (online products and photos, online orders, storefront).
import { createDomainHandler, type RouteFns } from '../lib/http';
import { ecommerceRoutes } from '@shared/api/routes/ecommerce';
import * as routes from './routes';

export const handler = createDomainHandler(ecommerceRoutes, routes as unknown as RouteFns);
