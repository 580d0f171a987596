// An order placed on the storefront by a buyer without an account. Limited per buyer, never per
// seller alone (docs/decisions/0313): a seller-wide cap let one address that sent 30 fake orders
// make every real buyer of that seller wait an hour. The limits (sliding windows,
// functions/lib/window-count.ts):
//   - per address (client IP): 5 a minute and 30 an hour, whatever the seller;
//   - per address and seller: 10 a day, so one connection cannot fill one seller's order list;
//   - per buyer's number (E.164) and seller: 10 an hour and 30 a day. Per seller because a number
//     is typed, not proven: an attacker typing a real buyer's number could otherwise spend that
//     buyer's budget at every seller at once.
// A number the seller blocked is refused. An order takes no stock: stock is taken when the seller
// marks it delivered (orders.ts), so fake orders hold nothing.
import type { z } from '@shared/schemas/common';
import { withinMontant } from '@shared/schemas/common';
import { LIMIT_MSG } from '@shared/messages/limits';
import { type CommandeEcom, type commandeVitrineSchema, type CommandeVitrineResult } from '@shared/schemas/ecommerce';
import { ECOM_MSG } from '@shared/messages/ecommerce';
import { badRequest, notFound, refused } from '../lib/errors';
import type { PublicRouteContext } from '../lib/http';
import { nextTenantId } from '../lib/repo/counters';
import { getSubscription, isValid } from '../lib/repo/subscriptions';
import { enforceRateLimit, type RateLimit } from '../lib/rate-limit';
import { nowIso } from '../lib/store';
import { transactOrRefuse } from '../lib/refusal';
import { businessCountry, phoneOrRefuse } from '../lib/phone';
import { getProduit } from '../produits/public';
import { getProduitEcom, newCommandePut } from './repository';
import { isNumeroBloque } from './repository/numeros-bloques';

/** Per client address: a few orders a minute and a few dozen an hour are plenty for a buyer. */
export const ORDER_LIMIT_PER_ADDRESS: RateLimit = { name: 'vitrine-commande-ip', limit: 5, windowSeconds: 60, also: [{ limit: 30, windowSeconds: 3600 }] };
/** Per buyer's number and seller: one order per product, so a buyer filling a basket stays far below. */
export const ORDER_LIMIT_PER_PHONE: RateLimit = {
  name: 'vitrine-commande-tel-vendeur',
  limit: 10,
  windowSeconds: 3600,
  also: [{ limit: 30, windowSeconds: 86_400 }],
};
/** Per address and seller: far above a real buyer's orders to one farm in a day. */
export const ORDER_LIMIT_PER_ADDRESS_AND_SELLER: RateLimit = { name: 'vitrine-commande-ip-vendeur', limit: 10, windowSeconds: 86_400 };

export async function createCommandeVitrine(ctx: PublicRouteContext<z.output<typeof commandeVitrineSchema>>): Promise<CommandeVitrineResult> {
  const b = ctx.body;
  // Counted before anything is read: a flood from one address costs one request per order.
  await enforceRateLimit(ORDER_LIMIT_PER_ADDRESS, ctx.sourceIp, ECOM_MSG.orderRateLimited);
  const t = b.id_entreprise;
  const [sub, p, country] = await Promise.all([getSubscription(t), getProduitEcom(t, b.id_produit), businessCountry(t)]);
  if (!p || p.etat !== 'ACTIVE' || !isValid(sub)) throw notFound(ECOM_MSG.vitrineUnavailable);
  // The buyer's phone by the rule (shared/phone.ts), read in the seller's country; kept in E.164.
  const telephone = phoneOrRefuse(b.telephone, country);
  const [produit, bloque] = await Promise.all([getProduit(t, p.id_produit), isNumeroBloque(t, telephone)]);
  if (!produit) throw notFound(ECOM_MSG.vitrineUnavailable);
  if (bloque) throw refused(403, ECOM_MSG.numeroBloqueVitrine);
  // The order cannot ask for more than the stock of the linked product (a seller cannot promise
  // what it does not hold); stock is taken at delivery (docs/decisions.md, "Online shop").
  if (b.quantite > produit.quantite) throw badRequest(ECOM_MSG.stockVitrine(produit.quantite, p.nom_produit));
  // The server prices: the published unit price, never a figure from the buyer.
  const total = Math.round(p.prix_unitaire * b.quantite);
  if (!withinMontant(total)) throw badRequest(LIMIT_MSG.total);
  // Counted only for an order that would be accepted, before its number is taken.
  await enforceRateLimit(ORDER_LIMIT_PER_ADDRESS_AND_SELLER, `${t}#${ctx.sourceIp}`, ECOM_MSG.sellerFromAddressLimited);
  await enforceRateLimit(ORDER_LIMIT_PER_PHONE, `${t}#${telephone}`, ECOM_MSG.phoneRateLimited);
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
