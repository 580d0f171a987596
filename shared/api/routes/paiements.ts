// Route-table rows of the `paiements` domain (see shared/api/routes.ts): the subscription payment
// (spec part 2 §7), the business's payment history, the dashboard's per-service table (part 1) and
// the providers' webhooks (public, raw body: the signature covers the exact bytes).
import { initPaiementSchema, paiementParams, transactionsQuery } from '../../schemas/paiements';
import type { RouteRow } from '../route-types';

export const paiementsRoutes: readonly RouteRow[] = [
  {
    method: 'POST',
    path: '/api/initMensualitePaiement',
    domain: 'paiements',
    name: 'initMensualitePaiement',
    // Spec part 1 §6: initiating a monthly payment sends utav:r.
    access: 'utav',
    body: initPaiementSchema,
    whenLapsed: 'allowed',
  },
  { method: 'GET', path: '/api/paiement', domain: 'paiements', name: 'listPaiements', access: 'utav' },
  { method: 'GET', path: '/api/paiement/transactions', domain: 'paiements', name: 'listTransactions', access: 'dashboardav', query: transactionsQuery },
  { method: 'GET', path: '/api/paiement/{id}', domain: 'paiements', name: 'getPaiement', access: 'utav', params: paiementParams },
  { method: 'POST', path: '/api/paiement/webhook/wave', domain: 'paiements', name: 'waveWebhook', access: 'public', raw: true },
  { method: 'POST', path: '/api/paiement/webhook/orange-money', domain: 'paiements', name: 'orangeMoneyWebhook', access: 'public', raw: true },
];
