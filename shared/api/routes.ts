// THE route table. CDK creates one HTTP API route per row, the local server matches requests
// against these rows, each domain's Lambda routes its own rows, and the security tests iterate
// them. A route that is not here does not exist anywhere.
// Paths are API Gateway syntax and stay exactly as the spec writes them (typos included).
import type { ZodType } from 'zod';
import type { RightCode } from '../rights';
import { clientSchema } from '../schemas/clients';
import { produitSchema, reapproSchema } from '../schemas/produits';
import {
  addCommandeSchema,
  addProduitToCommandeSchema,
  commandeParams,
  deleteProduitFromCommandeSchema,
  toDeliverSchema,
} from '../schemas/commandes';
import { searchClientSchema, versementSchema } from '../schemas/versements';
import { boutiqueSchema, updateBoutiqueSchema } from '../schemas/boutiques';
import { annulerVenteSchema, venteHistorySchema, venteSchema } from '../schemas/ventes';
import { z, idParam } from '../schemas/common';
import * as bandesSchemas from '../schemas/bandes';
import {
  checkOtpSchema,
  initRecoverySchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  updatePasswordSchema,
  updateProfileSchema,
} from '../schemas/auth';

/** One Lambda per domain, its code in `functions/<domain>/handler.ts`. */
export const DOMAINS = ['auth', 'users', 'plans', 'bandes', 'clients', 'produits', 'commandes', 'versements', 'boutiques', 'ventes'] as const;
export type Domain = (typeof DOMAINS)[number];

export type HttpMethod = 'GET' | 'POST';

/**
 * public: no token; auth: any signed-in user; a right code: signed-in user holding that right;
 * a list of codes: any one of them — for a list another screen needs to read (the sale screen
 * reads products, clients and batches; a vendeur holding only `ventav` must still be able to sell).
 */
export type Access = 'public' | 'auth' | RightCode | readonly RightCode[];

export interface RouteRow {
  method: HttpMethod;
  path: string;
  domain: Domain;
  /** Name of the route function in `functions/<domain>/routes.ts`. */
  name: string;
  access: Access;
  /** JSON body schema (POST). */
  body?: ZodType;
  /** Path parameter schema. */
  params?: ZodType;
}

export const ROUTES: readonly RouteRow[] = [
  // ── access and account (spec part 1 §7) ──
  { method: 'POST', path: '/api/inscription', domain: 'auth', name: 'inscription', access: 'public', body: signupSchema },
  { method: 'POST', path: '/api/login', domain: 'auth', name: 'login', access: 'public', body: loginSchema },
  { method: 'GET', path: '/api/checkToken', domain: 'auth', name: 'checkToken', access: 'auth' },
  { method: 'GET', path: '/api/logout', domain: 'auth', name: 'logout', access: 'auth' },
  { method: 'POST', path: '/api/updatePassword', domain: 'auth', name: 'updatePassword', access: 'auth', body: updatePasswordSchema },
  { method: 'POST', path: '/admin/updatePofil', domain: 'auth', name: 'updateProfile', access: 'auth', body: updateProfileSchema },
  { method: 'POST', path: '/api/initRecoveryPassword', domain: 'auth', name: 'initRecoveryPassword', access: 'public', body: initRecoverySchema },
  { method: 'POST', path: '/api/checkpasswordotp', domain: 'auth', name: 'checkPasswordOtp', access: 'public', body: checkOtpSchema },
  { method: 'POST', path: '/api/resetPassword', domain: 'auth', name: 'resetPassword', access: 'public', body: resetPasswordSchema },
  // ── permissions and subscription ──
  { method: 'GET', path: '/api/user/checkPermission', domain: 'users', name: 'checkPermission', access: 'auth' },
  { method: 'GET', path: '/api/checkplan', domain: 'plans', name: 'checkPlan', access: 'auth' },
  // ── batches and dashboard (spec part 1 §7) ──
  // Both `api/bande` and `api/bande/` list the batches; API Gateway route keys cannot end in '/',
  // so the trailing-slash form (and the dashboard's possibly empty bounds) are served by greedy
  // `{proxy+}` rows parsed by the route function (docs/decisions.md). The Lambda's router tries
  // dynamic rows in this order, so each greedy row comes after the rows it must not shadow.
  { method: 'GET', path: '/api/bande', domain: 'bandes', name: 'list', access: ['bandav', 'ventav'] },
  { method: 'GET', path: '/api/bande/dashboard/{proxy+}', domain: 'bandes', name: 'dashboard', access: 'dashboardav', params: bandesSchemas.proxyParams },
  { method: 'GET', path: '/api/bande/{id}', domain: 'bandes', name: 'detail', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'POST', path: '/api/bande/create', domain: 'bandes', name: 'create', access: 'bandav', body: bandesSchemas.bandeSchema },
  { method: 'POST', path: '/api/bande/cloturer', domain: 'bandes', name: 'cloturer', access: 'bandav', body: bandesSchemas.cloturerSchema },
  { method: 'GET', path: '/api/typedepense', domain: 'bandes', name: 'typesDepense', access: 'bandav' },
  { method: 'GET', path: '/api/bande/depense/{idBande}', domain: 'bandes', name: 'depensesOf', access: 'bandav', params: bandesSchemas.idBandeParams },
  { method: 'POST', path: '/api/bande/perte', domain: 'bandes', name: 'perte', access: 'bandav', body: bandesSchemas.perteSchema },
  { method: 'POST', path: '/api/bande/depense', domain: 'bandes', name: 'depense', access: 'bandav', body: bandesSchemas.depenseSchema },
  { method: 'POST', path: '/api/bande/vente', domain: 'bandes', name: 'vente', access: 'bandav', body: bandesSchemas.venteSchema },
  { method: 'POST', path: '/api/bande/pesage', domain: 'bandes', name: 'pesage', access: 'bandav', body: bandesSchemas.pesageSchema },
  { method: 'POST', path: '/api/bande/collect', domain: 'bandes', name: 'collect', access: 'bandav', body: bandesSchemas.collecteSchema },
  { method: 'GET', path: '/api/bande/collect/get/{id}', domain: 'bandes', name: 'collectes', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'GET', path: '/api/bande/vente/delete/{id}', domain: 'bandes', name: 'venteDelete', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'GET', path: '/api/bande/depense/delete/{id}', domain: 'bandes', name: 'depenseDelete', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'GET', path: '/api/bande/perte/delete/{id}', domain: 'bandes', name: 'perteDelete', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'GET', path: '/api/bande/{proxy+}', domain: 'bandes', name: 'listSlash', access: ['bandav', 'ventav'], params: bandesSchemas.proxyParams },
  // ── shop: clients, products, restock, orders, repayments, shops, sales (spec part 2 §7) ──
  { method: 'POST', path: '/api/addOrUpdateClient', domain: 'clients', name: 'addOrUpdateClient', access: 'clav', body: clientSchema },
  { method: 'GET', path: '/api/clients', domain: 'clients', name: 'listClients', access: ['clav', 'ventav', 'commav'] },
  { method: 'GET', path: '/api/produit', domain: 'produits', name: 'listProduits', access: ['prav', 'ventav', 'commav'] },
  { method: 'POST', path: '/api/produit', domain: 'produits', name: 'saveProduit', access: 'prav', body: produitSchema },
  { method: 'POST', path: '/api/produit/reappro/new', domain: 'produits', name: 'newReappro', access: 'prav', body: reapproSchema },
  { method: 'GET', path: '/api/produit/reappro/get', domain: 'produits', name: 'listReappros', access: 'prav' },
  { method: 'GET', path: '/api/produit/reappro/cancele/{id}', domain: 'produits', name: 'cancelReappro', access: 'prav', params: z.object({ id: idParam }) },
  { method: 'POST', path: '/api/commande/addCommande', domain: 'commandes', name: 'addCommande', access: 'commav', body: addCommandeSchema },
  { method: 'GET', path: '/api/commande', domain: 'commandes', name: 'listCommandes', access: 'commav' },
  { method: 'GET', path: '/api/commande/{id}', domain: 'commandes', name: 'getCommande', access: 'commav', params: commandeParams },
  { method: 'POST', path: '/api/commande/addProduitToCommande', domain: 'commandes', name: 'addProduitToCommande', access: 'commav', body: addProduitToCommandeSchema },
  { method: 'POST', path: '/api/commande/deleteProduitFromCommande', domain: 'commandes', name: 'deleteProduitFromCommande', access: 'commav', body: deleteProduitFromCommandeSchema },
  { method: 'POST', path: '/api/commande/toDeliver', domain: 'commandes', name: 'toDeliver', access: 'commav', body: toDeliverSchema },
  { method: 'POST', path: '/api/versement', domain: 'versements', name: 'addVersement', access: 'remav', body: versementSchema },
  { method: 'GET', path: '/api/versement', domain: 'versements', name: 'listVersements', access: 'remav' },
  { method: 'POST', path: '/api/versement/searchClient', domain: 'versements', name: 'searchClient', access: 'remav', body: searchClientSchema },
  { method: 'GET', path: '/api/versement/annuler/{id}', domain: 'versements', name: 'cancelVersement', access: 'remav', params: z.object({ id: idParam }) },
  { method: 'POST', path: '/api/boutique', domain: 'boutiques', name: 'createBoutique', access: 'boutav', body: boutiqueSchema },
  { method: 'GET', path: '/api/boutique', domain: 'boutiques', name: 'listBoutiques', access: 'boutav' },
  { method: 'POST', path: '/api/boutique/update', domain: 'boutiques', name: 'updateBoutique', access: 'boutav', body: updateBoutiqueSchema },
  { method: 'POST', path: '/api/vente', domain: 'ventes', name: 'addVente', access: 'ventav', body: venteSchema },
  { method: 'POST', path: '/api/vente/boutique', domain: 'ventes', name: 'venteHistory', access: 'ventav', body: venteHistorySchema },
  { method: 'POST', path: '/api/vente/annulerVente', domain: 'ventes', name: 'annulerVente', access: 'ventav', body: annulerVenteSchema },
];

/** Domains that have at least one row (each becomes one Lambda). */
export function activeDomains(): Domain[] {
  return DOMAINS.filter((d) => ROUTES.some((r) => r.domain === d));
}

export function routeKey(row: Pick<RouteRow, 'method' | 'path'>): string {
  return `${row.method} ${row.path}`;
}

export function routesOf(domain: Domain): RouteRow[] {
  return ROUTES.filter((r) => r.domain === domain);
}
