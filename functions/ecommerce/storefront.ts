// The public storefront: the products of sellers whose subscription is valid and a seller's page
// (a buyer's order: vitrine-commande.ts).
import type { z } from '../../shared/schemas/common';
import { type ProduitVitrine, type VitrineEntreprise, type vitrineQuerySchema } from '../../shared/schemas/ecommerce';
import { ECOM_MSG } from '../../shared/messages/ecommerce';
import { VITRINE_PAGE } from '../../shared/ecommerce';
import { badRequest, notFound } from '../lib/errors';
import type { PublicRouteContext } from '../lib/http';
import { getSubscription, isValid } from '../lib/repo/subscriptions';
import { getProduits } from '../produits/public';
import { getEntreprise, listProduitsEcom as readProduitsEcom, queryVitrinePage, vitrineCursor, type ProduitEcomItem } from './repository';
import { businessPhoneCountry, type PhoneCountry } from '../../shared/phone';

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
