// Products and restocks (spec part 2 §7). Stock moves only through restocks, sales and order
// deliveries; a new product's initial quantity is recorded as its first restock.
import type { Produit, Reappro, ReapproResult, ajustementSchema, produitSchema, reapproSchema } from '@shared/schemas/produits';
import { MAX_STOCK, type z } from '@shared/schemas/common';
import { LIMIT_MSG } from '@shared/messages/limits';
import { SHOP_MSG } from '@shared/messages/shop';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { withArchives, type archiverSchema } from '@shared/schemas/archives';
import { listProduitsEcom } from '../ecommerce/public';
import { badRequest, notFound, refused } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { idClaims, nextTenantId } from '../lib/repo/counters';
import { nowIso, type TxItem } from '../lib/store';
import { refuseEachWith, refuseWith, staleRead, transactOrRefuse, untilWritten } from '../lib/refusal';
import { BANDE_MSG } from '@shared/messages/bandes';
import {
  ajustementItems,
  getProduit,
  getReappro,
  listProduits as readProduits,
  listReappros as readReappros,
  newProduitPut,
  newReapproPut,
  getProduitPubRev,
  produitArchiveUpdate,
  produitDetailsUpdate,
  reapproCancelUpdate,
  stockAdd,
  stockAddRefusal,
  stockTake,
} from './repository';

/** The products; archived ones only with `?archives=1` (the product screen's filter), never in a picker. */
export async function listProduits(ctx: RouteContext): Promise<Produit[]> {
  const all = await readProduits(ctx.auth.tenantId);
  return withArchives(ctx.query) ? all : all.filter((p) => !p.archive);
}

/**
 * POST api/produit/archiver {id, archive}: a product made by mistake leaves the lists and pickers
 * (its stock, sales and restocks stay, and count in every total), or comes back. Idempotent. A
 * product still on the storefront is refused: buyers could order what the shop no longer lists.
 */
export async function archiveProduit(ctx: RouteContext<z.output<typeof archiverSchema>>): Promise<Produit> {
  const t = ctx.auth.tenantId;
  const { id, archive } = ctx.body;
  // The online products are read after the product's publication revision: a publication landing
  // in between moved it, the archive's condition fails, and it reads again (and refuses).
  return untilWritten(
    async () => {
      const read = await getProduitPubRev(t, id);
      if (!read) throw notFound(SHOP_MSG.produitNotFound);
      if (!!read.produit.archive === archive) return read.produit;
      if (archive && (await listProduitsEcom(t)).some((e) => e.id_produit === id && e.etat === 'ACTIVE')) throw badRequest(ARCHIVE_MSG.produitEnLigne);
      await transactOrRefuse([refuseWith(staleRead, produitArchiveUpdate(t, id, archive, nowIso(), read.pubRev))]);
      return (await getProduit(t, id))!;
    },
    5,
    () => refused(409, SHOP_MSG.archiveBusy),
  );
}

export async function saveProduit(ctx: RouteContext<z.output<typeof produitSchema>>): Promise<Produit> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const details = { nom: b.nom, description: b.description ?? null, prix_cession: b.prix_cession, prix_vente: b.prix_vente };
  if (b.id) {
    const existing = await getProduit(t, b.id);
    if (!existing) throw notFound(SHOP_MSG.produitNotFound);
    // Eggs per unit: a number sets it, null clears it, absent (an older client) keeps it.
    // The restock lines already written keep their units: changing it moves no stock.
    await transactOrRefuse([refuseWith(notFound(SHOP_MSG.produitNotFound), produitDetailsUpdate(t, { id: b.id, ...details }, b.oeufs_par_unite))]);
    return (await getProduit(t, b.id)) ?? { ...existing, ...details };
  }
  const id = await nextTenantId(t, 'PRODUIT');
  const at = nowIso();
  const produit: Produit = { id, ...details, quantite: b.quantite, created_at: at, ...(b.oeufs_par_unite ? { oeufs_par_unite: b.oeufs_par_unite } : {}) };
  const items: TxItem[] = [newProduitPut(t, produit)];
  if (b.quantite > 0) {
    const reapproId = await nextTenantId(t, 'REAPPRO');
    items.push(newReapproPut(t, { id: reapproId, id_produit: id, produit: { id, nom: produit.nom }, quantite: b.quantite, etat: 'VALID', created_at: at }));
  }
  await transactOrRefuse(items);
  return produit;
}

/** Claims of a restock's id lost to other writers of the restock counter before its 409 (each loss is another write landing). */
const CLAIM_ATTEMPTS = 30;

export async function addReappro(ctx: RouteContext<z.output<typeof reapproSchema>>): Promise<ReapproResult> {
  const t = ctx.auth.tenantId;
  const produit = await getProduit(t, ctx.body.id_produit);
  if (!produit) throw notFound(SHOP_MSG.produitNotFound);
  if (produit.quantite + ctx.body.quantite > MAX_STOCK) throw badRequest(LIMIT_MSG.stock(produit.nom));
  const at = nowIso();
  // The id is claimed in the restock's transaction: refused by the stock's condition, the restock
  // takes none; another writer's claim landing first makes it claim again.
  const reappro = await untilWritten(
    async () => {
      const claims = idClaims(t);
      const r: Reappro = {
        id: await claims.take('REAPPRO'),
        id_produit: produit.id,
        produit: { id: produit.id, nom: produit.nom },
        quantite: ctx.body.quantite,
        etat: 'VALID',
        created_at: at,
      };
      // The claims first: a lost claim is what a refusal of the line's Put (same id) means.
      await transactOrRefuse([
        ...refuseEachWith(staleRead, claims.items),
        newReapproPut(t, r),
        refuseWith(() => stockAddRefusal(t, produit.id), stockAdd(t, produit.id, r.quantite)),
      ]);
      return r;
    },
    CLAIM_ATTEMPTS,
    () => refused(409, BANDE_MSG.conflict),
  );
  return { reappro, produit: (await getProduit(t, produit.id))! };
}

export async function listReappros(ctx: RouteContext): Promise<Reappro[]> {
  return readReappros(ctx.auth.tenantId);
}

export async function cancelReappro(ctx: RouteContext<unknown, { id: number }>): Promise<ReapproResult> {
  const t = ctx.auth.tenantId;
  const reappro = await getReappro(t, ctx.params.id);
  if (!reappro) throw notFound(SHOP_MSG.reapproNotFound);
  if (reappro.etat === 'AJUSTEMENT') throw badRequest(SHOP_MSG.ajustementNotCancelable);
  // Already cancelled first: a line of production is cancelled with its source, and the answer
  // to a second cancel is that, not to go and cancel the source again.
  if (reappro.etat !== 'VALID') throw badRequest(SHOP_MSG.reapproAlreadyCanceled);
  // (decision 0247): stock the farm produced leaves with its source (the eggs' move, the
  // slaughter), which keeps the flock's egg stock and the batch's birds true to the shop's.
  if (reappro.origine === 'PRODUCTION') throw badRequest(SHOP_MSG.reapproProduction(reappro.source?.type ?? 'oeufs'));
  const at = nowIso();
  const stockGone = async () => {
    const p = await getProduit(t, reappro.id_produit);
    return badRequest(SHOP_MSG.reapproStockGone(p?.quantite ?? 0, reappro.quantite, p?.nom ?? reappro.produit.nom));
  };
  await transactOrRefuse([
    refuseWith(badRequest(SHOP_MSG.reapproAlreadyCanceled), reapproCancelUpdate(t, reappro.id, at)),
    refuseWith(stockGone, stockTake(t, reappro.id_produit, reappro.quantite)),
  ]);
  const produit = (await getProduit(t, reappro.id_produit))!;
  return { reappro: { ...reappro, etat: 'CANCELED' }, produit };
}

/**
 * POST api/produit/ajustement {id_produit, quantite, motif}: an inventory count after a loss, a
 * theft or a miscount. The stock becomes the counted quantity and the difference is recorded as a
 * stock movement in the restock history, in one transaction (never below 0: the count is ≥ 0).
 */
export async function addAjustement(ctx: RouteContext<z.output<typeof ajustementSchema>>): Promise<ReapproResult> {
  const t = ctx.auth.tenantId;
  const { id_produit, quantite: apres, motif } = ctx.body;
  // The stock moved between the reading and the write (a sale, a restock): count against the new
  // value. Past five readings the stock is too busy to count: the farmer counts again.
  return untilWritten(
    async () => {
      const produit = await getProduit(t, id_produit);
      if (!produit) throw notFound(SHOP_MSG.produitNotFound);
      if (produit.quantite === apres) throw badRequest(SHOP_MSG.ajustementSame(apres, produit.nom));
      // Claimed in the count's transaction: a refused count takes no id.
      const claims = idClaims(t);
      const mouvement = {
        id: await claims.take('REAPPRO'),
        id_produit: produit.id,
        produit: { id: produit.id, nom: produit.nom },
        quantite: apres - produit.quantite,
        etat: 'AJUSTEMENT' as const,
        motif,
        avant: produit.quantite,
        apres,
        created_at: nowIso(),
      };
      const { stock, mouvement: put } = ajustementItems(t, mouvement);
      await transactOrRefuse([...refuseEachWith(staleRead, claims.items), refuseWith(staleRead(), stock), put]);
      return { reappro: mouvement, produit: { ...produit, quantite: apres } };
    },
    5,
    () => badRequest(SHOP_MSG.ajustementBusy),
  );
}
