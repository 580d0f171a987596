// Route-table rows of the `commandes` domain (see shared/api/routes.ts).
import { addCommandeSchema, addProduitToCommandeSchema, commandeParams, deleteProduitFromCommandeSchema, toDeliverSchema } from '../../schemas/commandes';
import type { RouteRow } from '../route-types';

export const commandesRoutes: readonly RouteRow[] = [
  // Idempotent: the order dialog sends one key per content, so a retry after an answer lost on a slow
  // network never records the order (its deposit, the client's debt) twice.
  { method: 'POST', path: '/api/commande/addCommande', domain: 'commandes', name: 'addCommande', access: 'commav', body: addCommandeSchema, idempotent: true },
  { method: 'GET', path: '/api/commande', domain: 'commandes', name: 'listCommandes', access: 'commav' },
  { method: 'GET', path: '/api/commande/{id}', domain: 'commandes', name: 'getCommande', access: 'commav', params: commandeParams },
  {
    method: 'POST',
    path: '/api/commande/addProduitToCommande',
    domain: 'commandes',
    name: 'addProduitToCommande',
    access: 'commav',
    body: addProduitToCommandeSchema,
  },
  {
    method: 'POST',
    path: '/api/commande/deleteProduitFromCommande',
    domain: 'commandes',
    name: 'deleteProduitFromCommande',
    access: 'commav',
    body: deleteProduitFromCommandeSchema,
  },
  { method: 'POST', path: '/api/commande/toDeliver', domain: 'commandes', name: 'deliverCommande', access: 'commav', body: toDeliverSchema },
];
