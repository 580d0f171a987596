// Online products, their photos, online orders (spec part 2 §7) and the public storefront.
// Publishing counts against the plan (db1 5, pro 10, ent unlimited); an online order takes its
// product's stock when it is delivered (docs/decisions.md, "Online shop").
import type { z } from '@shared/schemas/common';
import { type addToEcomSchema, type ProduitEcom, type publierEcomSchema } from '@shared/schemas/ecommerce';
import { ECOM_MSG } from '@shared/messages/ecommerce';
import { SHOP_MSG } from '@shared/messages/shop';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { effectivePlan } from '@shared/plans';
import { badRequest, businessConflict, concurrentChange, notFound, refused } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { idClaims } from '../lib/repo/counters';
import { getSubscription } from '../lib/repo/subscriptions';
import { nowIso } from '../lib/store';
import { refuseEachWith, refuseWith, staleRead, transactOrRefuse, untilWritten } from '../lib/refusal';
import { getProduit, produitPublishGuard } from '../produits/public';
import { imageBelongsTo, processImage, readImageField, storeImage } from './images';
import {
  activeCount,
  getProduitEcom,
  listProduitsEcom as readProduitsEcom,
  produitEcomPut,
  publishItems,
  saveAndPublishItems,
  unpublishItems,
  villesRevUpdate,
  indexVille,
  offreEntreeSteps,
  offreSortieStep,
  type ProduitEcomItem,
} from './repository';

const strip = ({ tenantId: _t, ...p }: ProduitEcomItem): ProduitEcom => p;

// ── online products ──

export async function saveEcomImage(ctx: RouteContext): Promise<{ img: string; largeur: number; hauteur: number; octets: number; octets_origine: number }> {
  const bytes = await readImageField(ctx.rawBody, ctx.headers['content-type']);
  const img = await processImage(bytes);
  const path = await storeImage(ctx.auth.tenantId, img);
  return { img: path, largeur: img.width, hauteur: img.height, octets: img.full.length, octets_origine: bytes.length };
}

export async function addProduitEcom(ctx: RouteContext<z.output<typeof addToEcomSchema>>): Promise<ProduitEcom> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const produit = await getProduit(t, b.id_produit);
  if (!produit) throw notFound(SHOP_MSG.produitNotFound);
  const existing = b.id ? await getProduitEcom(t, b.id) : null;
  if (b.id && !existing) throw notFound(ECOM_MSG.produitEcomNotFound);
  // An archived product gets no new online product (buyers would order what the shop no longer
  // lists), is not published, and no published online product is moved onto it.
  if (produit.archive && (!existing || b.publier || existing.etat === 'ACTIVE')) throw badRequest(ARCHIVE_MSG.produitArchive);
  // Publishing in the same step (one step from the product list): refused before writing when the plan's limit is reached.
  const publish = b.publier && existing?.etat !== 'ACTIVE';
  const max = publish ? effectivePlan(await getSubscription(t)).maxOnlineProducts : null;
  if (publish && max !== null && (await activeCount(t)) >= max) throw refused(422, ECOM_MSG.publishLimit(max));
  if (!existing && b.images.length === 0) throw badRequest(ECOM_MSG.imageRequired);
  const images = [...new Set(b.images)];
  const owned = await Promise.all(images.map((img) => imageBelongsTo(t, img)));
  if (owned.includes(false)) throw notFound(ECOM_MSG.imageUnknown);
  // A new online product claims its id in the transaction that publishes it: refused for the
  // plan's last place or its product archived meanwhile, it takes none; another writer claiming
  // the next id first makes it claim again.
  const at = nowIso();
  return untilWritten(
    async () => {
      const claims = idClaims(t);
      const id = existing?.id ?? (await claims.take('PRODUIT_ECOM'));
      // The claim first: a lost claim is what a refusal of the online product's Put (same id) means.
      const claimed = refuseEachWith(staleRead, claims.items);
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
        created_at: existing?.created_at ?? at,
      };
      // Live after this write: its product must still not be archived when it lands (one conditional
      // state with the archive, functions/produits/repository.ts produitPublishGuard).
      const live = refuseWith(archivedMeanwhile(t, produit.id), produitPublishGuard(t, produit.id));
      // On the storefront after this write: its town index lists it, with the seller's subscription
      // as now read (vitrine-index.ts; a subscription changed meanwhile makes this attempt again).
      const listed = publish || p.etat === 'ACTIVE';
      const index = listed ? await offreEntreeSteps(t, p, await getSubscription(t, true)) : [];
      if (publish) {
        const items = saveAndPublishItems(t, p, !existing, max);
        await transactOrRefuse([
          ...claimed,
          refuseWith(refused(422, ECOM_MSG.publishLimit(max ?? 0)), items.place),
          refuseWith(produitChanged(), items.produit),
          live,
          ...index,
        ]);
        return { ...p, etat: 'ACTIVE' };
      }
      // A published product moved to another town leaves the old town's index (and the seller's towns change).
      const moved = existing && p.etat === 'ACTIVE' && indexVille(existing.ville) !== indexVille(p.ville);
      await transactOrRefuse([
        ...claimed,
        refuseWith(produitChanged(), produitEcomPut(t, p, !existing, existing && p.etat === 'ACTIVE' ? existing.ville : undefined)),
        ...(p.etat === 'ACTIVE' ? [live] : []),
        ...index,
        ...(moved ? [await offreSortieStep(t, existing), villesRevUpdate(t)] : []),
      ]);
      return p;
    },
    30,
    concurrentChange,
  );
}

// The seller's form was filled on what changed since: its answer, never run again by the claims' retry.
const produitChanged = () => businessConflict(ECOM_MSG.produitChanged);

/**
 * Why a publication's or unpublication's product condition failed: already in the state asked (or
 * gone), a 400 `message`; else it was moved to another town since read, and the storefront entries
 * must be those of its new town: an unexpected race, answered as a concurrent change (409).
 */
const publishedOrMoved = (t: number, id: number, message: string, done: (e: ProduitEcomItem) => boolean) => async () => {
  const now = await getProduitEcom(t, id);
  return !now || done(now) ? badRequest(message) : concurrentChange();
};

/** Why a publication's product guard failed: archived since it was read (400), or gone (404). */
const archivedMeanwhile = (t: number, id: number) => async () =>
  (await getProduit(t, id)) ? badRequest(ARCHIVE_MSG.produitArchive) : notFound(SHOP_MSG.produitNotFound);

export async function listProduitsEcom(ctx: RouteContext): Promise<ProduitEcom[]> {
  return (await readProduitsEcom(ctx.auth.tenantId)).map(strip);
}

export async function publishProduitEcom(ctx: RouteContext<z.output<typeof publierEcomSchema>>): Promise<ProduitEcom> {
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
  // Its town index lists it with the seller's subscription as read: a subscription changed
  // meanwhile, or the product edited (moved) since read, makes it read and try again.
  await untilWritten(
    async () =>
      transactOrRefuse([
        refuseWith(refused(422, ECOM_MSG.publishLimit(max ?? 0)), items.place),
        refuseWith(
          publishedOrMoved(t, p.id, ECOM_MSG.alreadyPublished, (e) => e.etat === 'ACTIVE'),
          items.produit,
        ),
        // Archived since the read above: not published (one conditional state with the archive).
        refuseWith(archivedMeanwhile(t, p.id_produit), produitPublishGuard(t, p.id_produit)),
        ...(await offreEntreeSteps(t, p, await getSubscription(t, true))),
      ]),
    10,
    concurrentChange,
  );
  return { ...strip(p), etat: 'ACTIVE' };
}

/**
 * Takes a product off the storefront (it stays in the list, INACTIVE, and may be published
 * again): the seller's way out of the marketplace without deleting anything.
 */
export async function unpublishProduitEcom(ctx: RouteContext<z.output<typeof publierEcomSchema>>): Promise<ProduitEcom> {
  const t = ctx.auth.tenantId;
  const p = await getProduitEcom(t, ctx.body.id);
  if (!p) throw notFound(ECOM_MSG.produitEcomNotFound);
  if (p.etat !== 'ACTIVE') throw badRequest(ECOM_MSG.notPublished);
  const items = unpublishItems(t, p.id, p.ville);
  // Its town index no longer lists it (the seller's entry read, written back unless it changed meanwhile).
  await untilWritten(
    async () =>
      transactOrRefuse([
        refuseWith(
          publishedOrMoved(t, p.id, ECOM_MSG.notPublished, (e) => e.etat !== 'ACTIVE'),
          items.produit,
        ),
        refuseWith(badRequest(ECOM_MSG.notPublished), items.count),
        await offreSortieStep(t, p),
      ]),
    10,
    concurrentChange,
  );
  return { ...strip(p), etat: 'INACTIVE' };
}

// Online orders and the storefront live beside this module; the handler sees every route here.
export * from './orders';
export * from './storefront';
