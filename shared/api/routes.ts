// THE route table. CDK creates one HTTP API route per row, the local server matches requests
// against these rows, each domain's Lambda routes its own rows, and the security tests iterate
// them. A route that is not here does not exist anywhere.
// Paths are API Gateway syntax and stay exactly as the spec writes them (typos included).
// The rows live per domain in `routes/<domain>.ts`, so that a domain's Lambda bundles only its own
// rows and schemas; this module is their union, for CDK, the local server and the tests.
import { DOMAINS, routeKey, type Domain, type RouteRow } from './route-types';
import { accesRoutes } from './routes/acces';
import { utilisateursRoutes } from './routes/utilisateurs';
import { plansRoutes } from './routes/plans';
import { abattagesRoutes } from './routes/abattages';
import { bandesRoutes } from './routes/bandes';
import { santeRoutes } from './routes/sante';
import { alimentRoutes } from './routes/aliment';
import { clientsRoutes } from './routes/clients';
import { produitsRoutes } from './routes/produits';
import { commandesRoutes } from './routes/commandes';
import { versementsRoutes } from './routes/versements';
import { boutiquesRoutes } from './routes/boutiques';
import { ventesRoutes } from './routes/ventes';
import { paiementsRoutes } from './routes/paiements';
import { operateurRoutes } from './routes/operateur';
import { ecommerceRoutes } from './routes/ecommerce';
import { partageRoutes } from './routes/partage';
import { notificationsRoutes } from './routes/notifications';

export { DOMAINS, routeKey };
export type { Access, Domain, HttpMethod, RouteRow } from './route-types';

export const ROUTES: readonly RouteRow[] = [
  ...accesRoutes,
  ...utilisateursRoutes,
  ...plansRoutes,
  // Slaughter paths live under api/bande/: before the batch rows and their greedy row.
  ...abattagesRoutes,
  ...bandesRoutes,
  ...santeRoutes,
  ...alimentRoutes,
  ...clientsRoutes,
  ...produitsRoutes,
  ...commandesRoutes,
  ...versementsRoutes,
  ...boutiquesRoutes,
  ...ventesRoutes,
  ...paiementsRoutes,
  ...operateurRoutes,
  ...ecommerceRoutes,
  ...partageRoutes,
  ...notificationsRoutes,
];

/** Domains that have at least one row (each becomes one Lambda). */
export function activeDomains(): Domain[] {
  return DOMAINS.filter((d) => ROUTES.some((r) => r.domain === d));
}

export function routesOf(domain: Domain): RouteRow[] {
  return ROUTES.filter((r) => r.domain === domain);
}
