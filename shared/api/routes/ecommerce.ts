// Route-table rows of the `ecommerce` domain (see shared/api/routes.ts): online products and
// their images (spec part 2 §7, all under the product right prav), online orders, and the public
// storefront (ours: it is where the online orders come from).
import {
  addToEcomSchema,
  bloquerNumeroSchema,
  debloquerNumeroSchema,
  commandeVitrineSchema,
  MAX_IMAGE_BYTES,
  publierEcomSchema,
  updateCommandeEcomSchema,
  vitrineQuerySchema,
} from '../../schemas/ecommerce';
import { z, idParam } from '../../schemas/common';
import type { RouteRow } from '../route-types';

const byId = z.lazy(() => z.object({ id: idParam }));

export const ecommerceRoutes: readonly RouteRow[] = [
  // Multipart, file field `image`; answers { img }. The photo is resized in the browser first, so a
  // phone's 8 MB photo travels as a few hundred KB (docs/decisions.md, "Online shop").
  {
    method: 'POST',
    path: '/api/produit/saveEcomImage',
    domain: 'ecommerce',
    name: 'saveEcomImage',
    access: 'prav',
    raw: true,
    maxBodyBytes: MAX_IMAGE_BYTES + 64 * 1024,
  },
  { method: 'POST', path: '/api/produit/addToEcom', domain: 'ecommerce', name: 'addProduitEcom', access: 'prav', body: addToEcomSchema },
  { method: 'GET', path: '/api/produit/getEcomProductByEntreprise', domain: 'ecommerce', name: 'listProduitsEcom', access: 'prav' },
  { method: 'POST', path: '/api/produit/publierEcom', domain: 'ecommerce', name: 'publishProduitEcom', access: 'prav', body: publierEcomSchema },
  // Ours: takes a published product off the storefront; same body as publierEcom.
  { method: 'POST', path: '/api/produit/depublierEcom', domain: 'ecommerce', name: 'unpublishProduitEcom', access: 'prav', body: publierEcomSchema },
  { method: 'GET', path: '/api/produit/onlineCommande', domain: 'ecommerce', name: 'listCommandesEcom', access: 'prav' },
  { method: 'GET', path: '/api/produit/cancelOnlineCommande/{id}', domain: 'ecommerce', name: 'cancelCommandeEcom', access: 'prav', params: byId },
  {
    method: 'POST',
    path: '/api/produit/updateOnlineCommande',
    domain: 'ecommerce',
    name: 'updateCommandeEcom',
    access: 'prav',
    body: updateCommandeEcomSchema,
  },
  // GETs that take stock or move the payment state: refused like a POST once the subscription lapsed.
  { method: 'GET', path: '/api/produit/marquerCommeLivrer/{id}', domain: 'ecommerce', name: 'deliverCommandeEcom', access: 'prav', params: byId, writes: true },
  { method: 'GET', path: '/api/produit/marquerCommePayer/{id}', domain: 'ecommerce', name: 'payCommandeEcom', access: 'prav', params: byId, writes: true },
  // Ours: against a spam wave, blocks the buyer's number of an order and cancels its pending orders in one action.
  { method: 'POST', path: '/api/produit/bloquerNumeroEcom', domain: 'ecommerce', name: 'bloquerNumeroEcom', access: 'prav', body: bloquerNumeroSchema },
  { method: 'POST', path: '/api/produit/debloquerNumeroEcom', domain: 'ecommerce', name: 'debloquerNumeroEcom', access: 'prav', body: debloquerNumeroSchema },
  { method: 'GET', path: '/api/produit/numerosBloquesEcom', domain: 'ecommerce', name: 'listNumerosBloquesEcom', access: 'prav' },
  // ── public storefront ──
  { method: 'GET', path: '/api/vitrine/produits', domain: 'ecommerce', name: 'listProduitsVitrine', access: 'public', query: vitrineQuerySchema },
  { method: 'GET', path: '/api/vitrine/entreprise/{id}', domain: 'ecommerce', name: 'getEntrepriseVitrine', access: 'public', params: byId },
  // A buyer on a slow network may send the order again after a lost answer: the storefront keeps one key per content.
  {
    method: 'POST',
    path: '/api/vitrine/commande',
    domain: 'ecommerce',
    name: 'createCommandeVitrine',
    access: 'public',
    body: commandeVitrineSchema,
    idempotent: true,
  },
];
