// Online products, their photos, online orders (spec part 2 §7) and the public storefront.
// Publishing counts against the plan (db1 5, pro 10, ent unlimited); an online order takes its
// product's stock when it is delivered (docs/decisions.md, "Online shop").
import type { z } from '../../shared/schemas/common';
import { MAX_MONTANT, withinMontant } from '../../shared/schemas/common';
import { LIMIT_MSG } from '../../shared/messages/limits';
import {
  type addToEcomSchema,
  type CommandeEcom,
  type commandeVitrineSchema,
  type CommandeVitrineResult,
  type ProduitEcom,
  type ProduitVitrine,
  type publierEcomSchema,
  type updateCommandeEcomSchema,
  type VitrineEntreprise,
  type vitrineQuerySchema,
} from '../../shared/schemas/ecommerce';
import { ECOM_MSG } from '../../shared/messages/ecommerce';
import { SHOP_MSG } from '../../shared/messages/shop';
import { ARCHIVE_MSG } from '../../shared/messages/archives';
import { effectivePlan } from '../../shared/plans';
import { VITRINE_PAGE } from '../../shared/ecommerce';
import { AppError, badRequest, notFound, refused } from '../lib/errors';
import type { PublicRouteContext, RouteContext } from '../lib/http';
import { nextTenantId } from '../lib/repo/counters';
import { getSubscription, isValid } from '../lib/repo/subscriptions';
import { enforceRateLimit } from '../lib/rate-limit';
import { nowIso } from '../lib/store';
import { refuseEachWith, refuseWith, transactOrRefuse } from '../lib/refusal';
import { getProduit, getProduits, stockTake } from '../produits/repository';
import { ventePut } from '../ventes/repository';
import { ecomLedgerLine } from '../ventes/ledger';
import { imageBelongsTo, processImage, readImageField, storeImage } from './images';
import {
  activeCount,
  commandeCancelUpdate,
  commandeEditUpdate,
  commandeStateUpdate,
  getCommande,
  getEntreprise,
  getProduitEcom,
  listCommandes,
  listProduitsEcom as readProduitsEcom,
  newCommandePut,
  produitEcomPut,
  publishItems,
  queryVitrinePage,
  saveAndPublishItems,
  vitrineCursor,
  unpublishItems,
  type ProduitEcomItem,
} from './repository';
import { businessPhoneCountry, type PhoneCountry } from '../../shared/phone';
import { businessCountry, phoneOrRefuse } from '../lib/phone';

const strip = ({ tenantId: _t, ...p }: ProduitEcomItem): ProduitEcom => p;

// ── online products ──

export async function saveEcomImage(ctx: RouteContext): Promise<{ img: string; largeur: number; hauteur: number; octets: number; octets_origine: number }> {
  const bytes = await readImageField(ctx.rawBody, ctx.headers['content-type']);
  const img = await processImage(bytes);
  const path = await storeImage(ctx.auth.tenantId, img);
  return { img: path, largeur: img.width, hauteur: img.height, octets: img.full.length, octets_origine: bytes.length };
}

export async function addToEcom(ctx: RouteContext<z.output<typeof addToEcomSchema>>): Promise<ProduitEcom> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const produit = await getProduit(t, b.id_produit);
  if (!produit) throw notFound(SHOP_MSG.produitNotFound);
  const existing = b.id ? await getProduitEcom(t, b.id) : null;
  if (b.id && !existing) throw notFound(ECOM_MSG.produitEcomNotFound);
  // An archived product gets no new online product (buyers would order what the shop no longer lists) and is not published.
  if (produit.archive && (!existing || b.publier)) throw badRequest(ARCHIVE_MSG.produitArchive);
  // Publishing in the same step (one step from the product list): refused before writing when the plan's limit is reached.
  const publish = b.publier && existing?.etat !== 'ACTIVE';
  const max = publish ? effectivePlan(await getSubscription(t)).maxOnlineProducts : null;
  if (publish && max !== null && (await activeCount(t)) >= max) throw refused(422, ECOM_MSG.publishLimit(max));
  if (!existing && b.images.length === 0) throw badRequest(ECOM_MSG.imageRequired);
  const images = [...new Set(b.images)];
  const owned = await Promise.all(images.map((img) => imageBelongsTo(t, img)));
  if (owned.includes(false)) throw notFound(ECOM_MSG.imageUnknown);
  const id = existing?.id ?? (await nextTenantId(t, 'PRODUIT_ECOM'));
  const p: ProduitEcom = {
    id,
    id_produit: produit.id,
    code_produit: existing?.code_produit ?? `PEL-${String(id).padStart(4, '0')}`,
    type_produit: b.type_produit,
    nom_produit: b.produit,
    prix_unitaire: b.prix_unitaire,
    description: b.description,
    ville: b.ville,
    adresse: b.adresse,
    images: images.length ? images : (existing?.images ?? []),
    etat: existing?.etat ?? 'INACTIVE',
    currency: 'XOF',
    pays: b.pays,
    code_pays: b.code_pays,
    created_at: existing?.created_at ?? nowIso(),
  };
  if (publish) {
    const items = saveAndPublishItems(t, p, !existing, max);
    await transactOrRefuse([refuseWith(refused(422, ECOM_MSG.publishLimit(max ?? 0)), items.place), refuseWith(produitChanged(), items.produit)]);
    return { ...p, etat: 'ACTIVE' };
  }
  await transactOrRefuse([refuseWith(produitChanged(), produitEcomPut(t, p, !existing))]);
  return p;
}

const produitChanged = () => refused(409, 'Ce produit a changé entre-temps, veuillez réessayer.');

export async function listProduitsEcom(ctx: RouteContext): Promise<ProduitEcom[]> {
  return (await readProduitsEcom(ctx.auth.tenantId)).map(strip);
}

export async function publierEcom(ctx: RouteContext<z.output<typeof publierEcomSchema>>): Promise<ProduitEcom> {
  const t = ctx.auth.tenantId;
  const p = await getProduitEcom(t, ctx.body.id);
  if (!p) throw notFound(ECOM_MSG.produitEcomNotFound);
  if (p.etat === 'ACTIVE') throw badRequest(ECOM_MSG.alreadyPublished);
  if ((await getProduit(t, p.id_produit))?.archive) throw badRequest(ARCHIVE_MSG.produitArchive);
  const max = effectivePlan(await getSubscription(t)).maxOnlineProducts;
  // Refused before writing, so a refused request writes nothing; the counter's condition is what
  // holds when two publications race for the last place.
  if (max !== null && (await activeCount(t)) >= max) throw refused(422, ECOM_MSG.publishLimit(max));
  const items = publishItems(t, p, max);
  await transactOrRefuse([refuseWith(refused(422, ECOM_MSG.publishLimit(max ?? 0)), items.place), refuseWith(badRequest(ECOM_MSG.alreadyPublished), items.produit)]);
  return { ...strip(p), etat: 'ACTIVE' };
}

/**
 * Takes a product off the storefront (it stays in the list, INACTIVE, and may be published
 * again): the seller's way out of the marketplace without deleting anything.
 */
export async function depublierEcom(ctx: RouteContext<z.output<typeof publierEcomSchema>>): Promise<ProduitEcom> {
  const t = ctx.auth.tenantId;
  const p = await getProduitEcom(t, ctx.body.id);
  if (!p) throw notFound(ECOM_MSG.produitEcomNotFound);
  if (p.etat !== 'ACTIVE') throw badRequest(ECOM_MSG.notPublished);
  const items = unpublishItems(t, p.id);
  await transactOrRefuse(refuseEachWith(badRequest(ECOM_MSG.notPublished), [items.produit, items.count]));
  return { ...strip(p), etat: 'INACTIVE' };
}

// ── online orders ──

export async function listCommandesEcom(ctx: RouteContext): Promise<CommandeEcom[]> {
  return listCommandes(ctx.auth.tenantId);
}

async function commandeOr404(t: number, id: number): Promise<CommandeEcom> {
  const c = await getCommande(t, id);
  if (!c) throw notFound(ECOM_MSG.commandeNotFound);
  return c;
}

/** Answers the refusal that matches the order's state as read again (after a failed condition). */
async function stateRefusal(t: number, id: number, action: 'cancel' | 'edit' | 'pay' | 'deliver'): Promise<AppError> {
  const c = await commandeOr404(t, id);
  if (c.etat === 'CANCELED') return badRequest(action === 'cancel' ? ECOM_MSG.alreadyCanceled : ECOM_MSG.canceledNoAction);
  if (action === 'cancel') return badRequest(ECOM_MSG.notCancelable);
  if (action === 'edit') return badRequest(ECOM_MSG.notEditable);
  if (action === 'pay' && c.etat_paiement === 'PAYED') return badRequest(ECOM_MSG.alreadyPayed);
  if (action === 'deliver' && c.etat_livraison === 'DELIVERED') return badRequest(ECOM_MSG.alreadyDelivered);
  return refused(409, 'Cette commande a changé entre-temps, veuillez réessayer.');
}

export async function cancelCommandeEcom(ctx: RouteContext<unknown, { id: number }>): Promise<CommandeEcom> {
  const t = ctx.auth.tenantId;
  const c = await commandeOr404(t, ctx.params.id);
  if (c.etat !== 'PENDING') throw await stateRefusal(t, c.id, 'cancel');
  await transactOrRefuse([refuseWith(() => stateRefusal(t, c.id, 'cancel'), commandeCancelUpdate(t, c.id))]);
  return { ...c, etat: 'CANCELED' };
}

export async function updateCommandeEcom(ctx: RouteContext<z.output<typeof updateCommandeEcomSchema>>): Promise<CommandeEcom> {
  const t = ctx.auth.tenantId;
  const c = await commandeOr404(t, ctx.body.id_commande);
  if (c.etat !== 'PENDING') throw await stateRefusal(t, c.id, 'edit');
  const total = Math.round(ctx.body.quantite * ctx.body.prix_unitaire);
  if (!withinMontant(total) || total > MAX_MONTANT) throw badRequest(LIMIT_MSG.total);
  await transactOrRefuse([refuseWith(() => stateRefusal(t, c.id, 'edit'), commandeEditUpdate(t, c.id, ctx.body.quantite, ctx.body.prix_unitaire, total))]);
  return { ...c, quantite: ctx.body.quantite, prix_unitaire: ctx.body.prix_unitaire, montant_total: total };
}

/**
 * An online order becomes takings once (one revenue truth), the first time it is marked paid or delivered:
 * that transaction also writes its sales-ledger line. The order's state condition (as read) lets
 * only one of two concurrent actions write it; afterwards the order can no longer be cancelled.
 */
async function ledgerItems(ctx: RouteContext, c: CommandeEcom, at: string) {
  if (c.etat_paiement === 'PAYED' || c.etat_livraison === 'DELIVERED') return [];
  return [ventePut(ctx.auth.tenantId, await ecomLedgerLine(ctx.auth, c, at))];
}

export async function payerCommandeEcom(ctx: RouteContext<unknown, { id: number }>): Promise<CommandeEcom> {
  const t = ctx.auth.tenantId;
  const c = await commandeOr404(t, ctx.params.id);
  if (c.etat === 'CANCELED' || c.etat_paiement === 'PAYED') throw await stateRefusal(t, c.id, 'pay');
  const next = { etat_paiement: 'PAYED' as const, etat_livraison: c.etat_livraison };
  await transactOrRefuse([refuseWith(() => stateRefusal(t, c.id, 'pay'), commandeStateUpdate(t, c, next)), ...(await ledgerItems(ctx, c, nowIso()))]);
  return (await getCommande(t, c.id))!;
}

/** Delivery takes the stock of the linked product, in the same transaction, never below zero. */
export async function livrerCommandeEcom(ctx: RouteContext<unknown, { id: number }>): Promise<CommandeEcom> {
  const t = ctx.auth.tenantId;
  const c = await commandeOr404(t, ctx.params.id);
  if (c.etat === 'CANCELED' || c.etat_livraison === 'DELIVERED') throw await stateRefusal(t, c.id, 'deliver');
  const produit = await getProduit(t, c.id_produit);
  if (!produit) throw notFound(SHOP_MSG.produitNotFound);
  if (produit.quantite < c.quantite) throw badRequest(SHOP_MSG.stockInsufficient(produit.quantite, produit.nom));
  const next = { etat_paiement: c.etat_paiement, etat_livraison: 'DELIVERED' as const };
  const stockShort = async () => {
    const p = await getProduit(t, c.id_produit);
    return badRequest(SHOP_MSG.stockInsufficient(p?.quantite ?? 0, p?.nom ?? produit.nom));
  };
  await transactOrRefuse([
    refuseWith(() => stateRefusal(t, c.id, 'deliver'), commandeStateUpdate(t, c, next)),
    refuseWith(stockShort, stockTake(t, produit.id, c.quantite)),
    ...(await ledgerItems(ctx, c, nowIso())),
  ]);
  return (await getCommande(t, c.id))!;
}

// ── public storefront ──

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
      const produits = await getProduits(t, items.filter((p) => p.tenantId === t).map((p) => p.id_produit));
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

export async function vitrineProduits(ctx: PublicRouteContext<unknown, unknown>): Promise<ProduitVitrine[]> {
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

export async function vitrineEntreprise(ctx: PublicRouteContext<unknown, { id: number }>): Promise<VitrineEntreprise> {
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

export async function commandeVitrine(ctx: PublicRouteContext<z.output<typeof commandeVitrineSchema>>): Promise<CommandeVitrineResult> {
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
