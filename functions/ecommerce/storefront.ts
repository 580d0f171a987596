// The public storefront: the products of sellers whose subscription is valid, a seller's page,
// and an order placed by a buyer (rate-limited per buyer and per seller).
import type { z } from '../../shared/schemas/common';
import { withinMontant } from '../../shared/schemas/common';
import { LIMIT_MSG } from '../../shared/messages/limits';
import {
  type CommandeEcom,
  type commandeVitrineSchema,
  type CommandeVitrineResult,
  type ProduitVitrine,
  type VitrineEntreprise,
  type vitrineQuerySchema,
} from '../../shared/schemas/ecommerce';
import { ECOM_MSG } from '../../shared/messages/ecommerce';
import { VITRINE_PAGE } from '../../shared/ecommerce';
import { badRequest, notFound } from '../lib/errors';
import type { PublicRouteContext } from '../lib/http';
import { nextTenantId } from '../lib/repo/counters';
import { getSubscription, isValid } from '../lib/repo/subscriptions';
import { enforceRateLimit } from '../lib/rate-limit';
import { nowIso } from '../lib/store';
import { transactOrRefuse } from '../lib/refusal';
import { getProduit, getProduits } from '../produits/public';
import {
  getEntreprise,
  getProduitEcom,
  listProduitsEcom as readProduitsEcom,
  newCommandePut,
  queryVitrinePage,
  vitrineCursor,
  type ProduitEcomItem,
} from './repository';
import { businessPhoneCountry, type PhoneCountry } from '../../shared/phone';
import { businessCountry, phoneOrRefuse } from '../lib/phone';

/**
 * At most this many products of one seller on a marketplace page (docs/decisions.md, "Production
 * operations"): one seller cannot fill the page; each seller's own page shows all of theirs.
 */
export const VITRINE_PER_SELLER = 10;

interface SellerInfo {
  nom: string;
  /** The country its phone numbers are read in (shared/phone.ts). */
  pays_tel: PhoneCountry | null;
}

/** The seller's name and phone country when it may sell (a valid subscription), else null; one read per business per request. */
function sellerNames() {
  const sellers = new Map<number, Promise<SellerInfo | null>>();
  return (t: number): Promise<SellerInfo | null> => {
    let seller = sellers.get(t);
    if (!seller) {
      seller = Promise.all([getSubscription(t), getEntreprise(t)]).then(([sub, ent]) =>
        isValid(sub) && ent ? { nom: ent.nom, pays_tel: businessPhoneCountry(ent.pays, ent.telephone) } : null,
      );
      sellers.set(t, seller);
    }
    return seller;
  };
}

/**
 * Keeps the products whose business has a valid subscription (one read per business), with the
 * stock of the linked product (one BatchGet per business): the storefront caps an order at it.
 */
async function withValidSeller(items: ProduitEcomItem[], nameOf = sellerNames()): Promise<ProduitVitrine[]> {
  const info = new Map<number, SellerInfo | null>();
  const stock = new Map<string, number>();
  await Promise.all(
    [...new Set(items.map((p) => p.tenantId))].map(async (t) => {
      info.set(t, await nameOf(t));
      if (!info.get(t)) return;
      const produits = await getProduits(
        t,
        items.filter((p) => p.tenantId === t).map((p) => p.id_produit),
      );
      for (const [id, p] of produits) stock.set(`${t}#${id}`, p.quantite);
    }),
  );
  return items
    .filter((p) => info.get(p.tenantId))
    .map((p) => ({
      id: p.id,
      id_entreprise: p.tenantId,
      entreprise: info.get(p.tenantId)!.nom,
      pays_tel: info.get(p.tenantId)!.pays_tel,
      type_produit: p.type_produit,
      nom_produit: p.nom_produit,
      prix_unitaire: p.prix_unitaire,
      description: p.description,
      ville: p.ville,
      images: p.images,
      disponible: stock.get(`${p.tenantId}#${p.id_produit}`) ?? 0,
    }));
}

export async function listProduitsVitrine(ctx: PublicRouteContext<unknown, unknown>): Promise<ProduitVitrine[]> {
  const q = ctx.query as z.output<typeof vitrineQuerySchema>;
  let after: string | undefined;
  if (q.apres) {
    const [t, id] = q.apres.split('.').map(Number);
    after = (await vitrineCursor(t, id)) ?? undefined;
    if (after === undefined) throw badRequest(ECOM_MSG.vitrinePageInvalide);
  }
  const nameOf = sellerNames();
  const page = await queryVitrinePage({
    ville: q.ville || undefined,
    type: q.type,
    after,
    limit: q.limite ?? VITRINE_PAGE,
    perSeller: VITRINE_PER_SELLER,
    sellerOk: async (t) => (await nameOf(t)) !== null,
  });
  return withValidSeller(page, nameOf);
}

export async function getEntrepriseVitrine(ctx: PublicRouteContext<unknown, { id: number }>): Promise<VitrineEntreprise> {
  const t = ctx.params.id;
  const [sub, ent] = await Promise.all([getSubscription(t), getEntreprise(t)]);
  if (!ent || !isValid(sub)) throw notFound(ECOM_MSG.vendeurNotFound);
  const produits = (await readProduitsEcom(t)).filter((p) => p.etat === 'ACTIVE');
  return { id: t, nom: ent.nom, produits: await withValidSeller(produits) };
}

/** Per client IP: a few orders a minute and a few dozen an hour are plenty for a buyer. */
const ORDER_LIMITS = [
  { name: 'vitrine-commande-min', limit: 5, windowSeconds: 60 },
  { name: 'vitrine-commande-h', limit: 30, windowSeconds: 3600 },
];

/**
 * Per seller, whatever the addresses they come from: a spammer rotating addresses cannot bury a
 * farm's order list. Far above a farm's real online orders (a few a day), counted only for orders
 * that would be accepted, before anything is written.
 */
export const SELLER_ORDER_LIMITS = [
  { name: 'vitrine-vendeur-h', limit: 30, windowSeconds: 3600 },
  { name: 'vitrine-vendeur-j', limit: 100, windowSeconds: 86_400 },
];

export async function createCommandeVitrine(ctx: PublicRouteContext<z.output<typeof commandeVitrineSchema>>): Promise<CommandeVitrineResult> {
  const b = ctx.body;
  for (const rule of ORDER_LIMITS) await enforceRateLimit(rule, ctx.sourceIp, ECOM_MSG.orderRateLimited);
  const t = b.id_entreprise;
  const [sub, p] = await Promise.all([getSubscription(t), getProduitEcom(t, b.id_produit)]);
  if (!p || p.etat !== 'ACTIVE' || !isValid(sub)) throw notFound(ECOM_MSG.vitrineUnavailable);
  // The buyer's phone by the rule (shared/phone.ts), read in the seller's country; kept in E.164.
  const telephone = phoneOrRefuse(b.telephone, await businessCountry(t));
  // The order cannot ask for more than the stock of the linked product (a seller cannot promise what it does not hold). Stock is still
  // taken at delivery (docs/decisions.md, "Online shop"): this caps what one buyer may ask.
  const produit = await getProduit(t, p.id_produit);
  if (!produit) throw notFound(ECOM_MSG.vitrineUnavailable);
  if (b.quantite > produit.quantite) throw badRequest(ECOM_MSG.stockVitrine(produit.quantite, p.nom_produit));
  // The server prices: the published unit price, never a figure from the buyer.
  const total = Math.round(p.prix_unitaire * b.quantite);
  if (!withinMontant(total)) throw badRequest(LIMIT_MSG.total);
  for (const rule of SELLER_ORDER_LIMITS) await enforceRateLimit(rule, `ent-${t}`, ECOM_MSG.sellerOrdersLimited);
  const id = await nextTenantId(t, 'COMMANDE_ECOM');
  const c: CommandeEcom = {
    id,
    numero_commande: `EC${String(id).padStart(6, '0')}`,
    info_client: JSON.stringify({ prenom: b.prenom, nom: b.nom, telephone, adresse: b.adresse }),
    id_produit_ecom: p.id,
    id_produit: p.id_produit,
    nom_produit: p.nom_produit,
    quantite: b.quantite,
    prix_unitaire: p.prix_unitaire,
    montant_total: total,
    etat: 'PENDING',
    etat_paiement: 'PENDING',
    etat_livraison: 'PENDING',
    created_at: nowIso(),
  };
  await transactOrRefuse([newCommandePut(t, c)]);
  return { numero_commande: c.numero_commande, montant_total: total, message: ECOM_MSG.orderPlaced };
}
