// The public storefront: the marketplace (products of sellers whose subscription is in force, in
// fair pages: marche.ts) and a seller's page (a buyer's order: vitrine-commande.ts).
import type { z } from '@shared/schemas/common';
import { type ProduitVitrine, type VitrineEntreprise, type vitrineQuerySchema } from '@shared/schemas/ecommerce';
import { ECOM_MSG } from '@shared/messages/ecommerce';
import { VITRINE_PAGE } from '@shared/ecommerce';
import { badRequest, notFound } from '../lib/errors';
import type { PublicRouteContext } from '../lib/http';
import { getSubscription, isValid } from '../lib/repo/subscriptions';
import { getProduitsDe } from '../produits/public';
import { getEntreprise, listProduitsEcom as readProduitsEcom, readVendeurs, readVitrine, type ProduitEcomItem } from './repository';
import type { Entreprise } from '../lib/repo/entreprises';
import { todayFor } from '@shared/dates';
import { dayNumber, marchePage, marchePages } from './marche';
import { businessPhoneCountry, type PhoneCountry } from '@shared/phone';

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
 * each linked product (100 products of any sellers per BatchGet): the storefront caps an order at it.
 */
async function asVitrine(items: ProduitEcomItem[], info: Map<number, SellerInfo>): Promise<ProduitVitrine[]> {
  const stock = await getProduitsDe(items.map((p) => ({ tenantId: p.tenantId, id: p.id_produit })));
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
    disponible: stock.get(`${p.tenantId}#${p.id_produit}`)?.quantite ?? 0,
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
