// Lambda entry of the `produits` domain (products, stock and restocks).
import { createDomainHandler, type RouteFns } from '../lib/http';
import * as routes from './routes';

export const handler = createDomainHandler('produits', routes as unknown as RouteFns);
