// The public storefront: the marketplace (products of sellers whose subscription is in force, in
// fair pages: marche.ts) and a seller's page (a buyer's order: vitrine-commande.ts).
import type { z } from '@shared/schemas/common';
import { type ProduitVitrine, type VitrineEntreprise, type vitrineQuerySchema } from '@shared/schemas/ecommerce';
import { ECOM_MSG } from '@shared/messages/ecommerce';
import { VITRINE_PAGE } from '@shared/ecommerce';
import { badRequest, notFound } from '../lib/errors';
import type { PublicRouteContext } from '../lib/http';
import { getSubscription, isValid } from '../lib/repo/subscriptions';
import { getProduitsDe, produitDeKey } from '../produits/public';
import { getEntreprise, listProduitsEcom as readProduitsEcom, readIndex, readOffresPage, type ProduitEcomItem } from './repository';
import type { Entreprise } from '../lib/repo/entreprises';
import { todayFor } from '@shared/dates';
import { dayNumber, marchePageOf } from './marche';
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

/** A product's card on the storefront: its seller's name and phone country, and its linked product's stock. */
const carte = (p: ProduitEcomItem, seller: SellerInfo, disponible: number): ProduitVitrine => ({
  id: p.id,
  id_entreprise: p.tenantId,
  entreprise: seller.nom,
  pays_tel: seller.pays_tel,
  type_produit: p.type_produit,
  nom_produit: p.nom_produit,
  prix_unitaire: p.prix_unitaire,
  description: p.description,
  ville: p.ville,
  images: p.images,
  disponible,
});

/**
 * A page of the marketplace, cut from the town's index (one GetItem; the search without a town:
 * the 104 indexes in 2 BatchGets), whatever the number of sellers and offers of the town
 * (docs/decisions/0405-marketplace-town-index.md). Whether a seller is in force is decided at every
 * request from the end date and suspension the index holds: a subscription lapses by the passing of
 * its end date, with no write, so a seller leaves the marketplace the moment it lapses; a suspension,
 * a reactivation or a payment writes the index in its own transaction
 * (docs/decisions/0307-marketplace-sellers-in-force.md). Then the page's offers, their sellers'
 * names and their stock: BatchGets of the page's keys only.
 */
export async function listProduitsVitrine(ctx: PublicRouteContext<unknown, unknown>): Promise<ProduitVitrine[]> {
  const q = ctx.query as z.output<typeof vitrineQuerySchema>;
  const offres = await readIndex({ ville: q.ville || undefined, type: q.type });
  let after: { tenantId: number; id: number } | undefined;
  if (q.apres) {
    const [tenantId, id] = q.apres.split('.').map(Number);
    after = { tenantId, id };
  }
  const found = marchePageOf(offres, { day: dayNumber(todayFor()), limit: q.limite ?? VITRINE_PAGE, perSeller: VITRINE_PER_SELLER }, after);
  if (!found) throw badRequest(ECOM_MSG.vitrinePageInvalide);
  // The stock is read with the offers (the index knows each offer's product): two reads side by side.
  const [{ offres: items, profils }, stock] = await Promise.all([
    readOffresPage(found.page),
    getProduitsDe(found.page.map((p) => ({ tenantId: p.tenantId, id: p.id_produit }))),
  ]);
  const page: ProduitVitrine[] = [];
  for (const o of found.page) {
    const p = items.get(`${o.tenantId}.${o.id}`);
    const ent = profils.get(o.tenantId);
    // The index and the offer change in one transaction: an offer absent or unpublished here would
    // be a lost write of ours; it is left out rather than shown unpublished.
    if (!p || p.etat !== 'ACTIVE' || !ent) continue;
    page.push(carte(p, sellerInfo(ent), stock.get(produitDeKey(p.tenantId, p.id_produit))?.quantite ?? 0));
  }
  if (found.suite && page.length) page[page.length - 1].suite = true;
  return page;
}

export async function getEntrepriseVitrine(ctx: PublicRouteContext<unknown, { id: number }>): Promise<VitrineEntreprise> {
  const t = ctx.params.id;
  const [sub, ent] = await Promise.all([getSubscription(t), getEntreprise(t)]);
  if (!ent || !isValid(sub)) throw notFound(ECOM_MSG.vendeurNotFound);
  // The seller in force was just read: its cards need only its products' stock (100 a BatchGet).
  const produits = (await readProduitsEcom(t)).filter((p) => p.etat === 'ACTIVE');
  const stock = await getProduitsDe(produits.map((p) => ({ tenantId: t, id: p.id_produit })));
  const seller = sellerInfo(ent);
  return { id: t, nom: ent.nom, produits: produits.map((p) => carte(p, seller, stock.get(produitDeKey(t, p.id_produit))?.quantite ?? 0)) };
}
