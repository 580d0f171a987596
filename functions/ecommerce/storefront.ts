// The public storefront: the marketplace (products of sellers whose subscription is in force, in
// fair pages: marche.ts), a seller's page, and an order placed by a buyer (rate-limited per buyer and per seller).
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
  readVendeurs,
  readVitrine,
  type ProduitEcomItem,
} from './repository';
import type { Entreprise } from '../lib/repo/entreprises';
import { todayFor } from '../../shared/dates';
import { dayNumber, marchePage, marchePages } from './marche';
import { businessPhoneCountry, type PhoneCountry } from '../../shared/phone';
import { businessCountry, phoneOrRefuse } from '../lib/phone';

/**
 * At most this many products of one seller on a marketplace page (functions/ecommerce/marche.ts):
 * one seller cannot fill the page; each seller's own page shows all of theirs.
 */
export const VITRINE_PER_SELLER = 4;

interface SellerInfo {
  nom: string;
  /** The country its phone numbers are read in (shared/phone.ts). */
  pays_tel: PhoneCountry | null;
}

const sellerInfo = (ent: Entreprise): SellerInfo => ({ nom: ent.nom, pays_tel: businessPhoneCountry(ent.pays, ent.telephone) });

/** The seller's name and phone country when it may sell (a valid subscription), else null; one read per business per request. */
function sellerNames() {
  const sellers = new Map<number, Promise<SellerInfo | null>>();
  return (t: number): Promise<SellerInfo | null> => {
    let seller = sellers.get(t);
    if (!seller) {
      seller = Promise.all([getSubscription(t), getEntreprise(t)]).then(([sub, ent]) => (isValid(sub) && ent ? sellerInfo(ent) : null));
      sellers.set(t, seller);
    }
    return seller;
  };
}

/**
 * The storefront's view of products of sellers already known to be in force, with the stock of
 * each linked product (one BatchGet per seller): the storefront caps an order at it.
 */
async function asVitrine(items: ProduitEcomItem[], info: Map<number, SellerInfo>): Promise<ProduitVitrine[]> {
  const stock = new Map<string, number>();
  await Promise.all(
    [...new Set(items.map((p) => p.tenantId))].map(async (t) => {
      const produits = await getProduits(
        t,
        items.filter((p) => p.tenantId === t).map((p) => p.id_produit),
      );
      for (const [id, p] of produits) stock.set(`${t}#${id}`, p.quantite);
    }),
  );
  return items.map((p) => ({
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

/** Keeps the products whose business has a valid subscription (one read per business). */
async function withValidSeller(items: ProduitEcomItem[], nameOf = sellerNames()): Promise<ProduitVitrine[]> {
  const info = new Map<number, SellerInfo>();
  await Promise.all(
    [...new Set(items.map((p) => p.tenantId))].map(async (t) => {
      const seller = await nameOf(t);
      if (seller) info.set(t, seller);
    }),
  );
  return asVitrine(
    items.filter((p) => info.has(p.tenantId)),
    info,
  );
}

/**
 * A page of the marketplace. Whether a seller is in force is read at every request, from the
 * subscription itself (one BatchGet per 50 sellers of the search, never one request per product):
 * a subscription lapses by the passing of its end date, with no write a listing change could ride
 * on, so a seller leaves the marketplace the moment it lapses or is suspended and comes back the
 * moment a payment or the operator puts it back in force (docs/decisions/0307-marketplace-sellers-in-force.md).
 */
export async function listProduitsVitrine(ctx: PublicRouteContext<unknown, unknown>): Promise<ProduitVitrine[]> {
  const q = ctx.query as z.output<typeof vitrineQuerySchema>;
  const products = await readVitrine({ ville: q.ville || undefined, type: q.type });
  const vendeurs = await readVendeurs([...new Set(products.map((p) => p.tenantId))]);
  const info = new Map<number, SellerInfo>();
  for (const [t, v] of vendeurs) if (isValid(v.sub) && v.entreprise) info.set(t, sellerInfo(v.entreprise));
  const pages = marchePages(
    products.filter((p) => info.has(p.tenantId)),
    { day: dayNumber(todayFor()), limit: q.limite ?? VITRINE_PAGE, perSeller: VITRINE_PER_SELLER },
  );
  let after: { tenantId: number; id: number } | undefined;
  if (q.apres) {
    const [tenantId, id] = q.apres.split('.').map(Number);
    after = { tenantId, id };
  }
  const found = marchePage(pages, after);
  if (!found) throw badRequest(ECOM_MSG.vitrinePageInvalide);
  const page = await asVitrine(found.page, info);
  if (found.suite && page.length) page[page.length - 1].suite = true;
  return page;
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
