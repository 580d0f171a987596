// Route-table rows of the `produits` domain (see shared/api/routes.ts).
import { ajustementSchema, produitSchema, reapproSchema } from '../../schemas/produits';
import { z, idParam } from '../../schemas/common';
import { archiverSchema, archivesQuery } from '../../schemas/archives';
import type { RouteRow } from '../route-types';

export const produitsRoutes: readonly RouteRow[] = [
  // `?archives=1` adds the archived products; by default a list or picker never shows them.
  { method: 'GET', path: '/api/produit', domain: 'produits', name: 'listProduits', access: ['prav', 'ventav', 'commav'], query: archivesQuery },
  // Idempotent: the product dialog sends one key per content, so a retry after an answer lost on a slow
  // network never creates the product, and its opening stock, twice.
  { method: 'POST', path: '/api/produit', domain: 'produits', name: 'saveProduit', access: 'prav', body: produitSchema, idempotent: true },
  // Ours: archive (true) or restore (false) a product; idempotent.
  { method: 'POST', path: '/api/produit/archiver', domain: 'produits', name: 'archiveProduit', access: 'prav', body: archiverSchema },
  { method: 'POST', path: '/api/produit/ajustement', domain: 'produits', name: 'addAjustement', access: 'prav', body: ajustementSchema },
  { method: 'POST', path: '/api/produit/reappro/new', domain: 'produits', name: 'addReappro', access: 'prav', body: reapproSchema, idempotent: true },
  { method: 'GET', path: '/api/produit/reappro/get', domain: 'produits', name: 'listReappros', access: 'prav' },
  {
    method: 'GET',
    path: '/api/produit/reappro/cancele/{id}',
    domain: 'produits',
    name: 'cancelReappro',
    access: 'prav',
    params: z.lazy(() => z.object({ id: idParam })),
  },
];
