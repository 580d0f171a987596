// Route-table rows of the `operateur` domain (see shared/api/routes.ts): the SaaS operator's console.
// Access `operator` = role super_admin of the operator account (never a business's admin).
import { abonnementActionSchema, entreprisesQuery, moisQuery } from '../../schemas/operateur';
import type { RouteRow } from '../route-types';

export const operateurRoutes: readonly RouteRow[] = [
  { method: 'GET', path: '/api/operateur/entreprises', domain: 'operateur', name: 'listEntreprises', access: 'operator', query: entreprisesQuery },
  { method: 'GET', path: '/api/operateur/paiements', domain: 'operateur', name: 'getLedger', access: 'operator', query: moisQuery },
  { method: 'GET', path: '/api/operateur/revenus', domain: 'operateur', name: 'getRevenus', access: 'operator' },
  { method: 'GET', path: '/api/operateur/journal', domain: 'operateur', name: 'getJournal', access: 'operator' },
  // Idempotent: the console's dialog sends one key per content, so a retry after an answer lost on the
  // way never extends a subscription twice.
  {
    method: 'POST',
    path: '/api/operateur/abonnement',
    domain: 'operateur',
    name: 'updateAbonnement',
    access: 'operator',
    body: abonnementActionSchema,
    idempotent: true,
  },
];
