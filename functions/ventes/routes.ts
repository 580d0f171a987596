// Shop sales (spec part 2 §7): record a sale (stock, creance and batch revenue in one transaction),
// the sales history of a period with its turnover, and the cancellation of a line.
import {
  chiffreAffaire,
  type annulerVenteSchema,
  type VenteHistoryResponse,
  type venteHistorySchema,
  type VenteLigne,
  type VenteResult,
  type venteSchema,
} from '../../shared/schemas/ventes';
import { priceLine } from '../../shared/pricing';
import type { Boutique } from '../../shared/schemas/boutiques';
import type { Client } from '../../shared/schemas/clients';
import { withinMontant, type z } from '../../shared/schemas/common';
import { LIMIT_MSG } from '../../shared/messages/limits';
import { SHOP_MSG } from '../../shared/messages/shop';
import { BANDE_MSG } from '../../shared/messages/bandes';
import { ARCHIVE_MSG } from '../../shared/messages/archives';
import { badRequest, notFound } from '../lib/errors';
import type { AuthContext, RouteContext } from '../lib/http';
import { nextTenantId } from '../lib/repo/counters';
import { creanceAdd, creanceAddRefusal, creanceTake, getClient } from '../clients/repository';
import { createdAtFrom } from '../../shared/schemas/saisi-le';
import { getProduit, getProduits, stockAdd, stockAddRefusal, stockTake } from '../produits/repository';
import { getBoutique, listBoutiques } from '../boutiques/repository';
import { getBande, getEntry, shopSaleCancelItems, shopSaleEntryItems, type Guard } from '../bandes/repository';
import { RACE_LOST, shopSaleGuard, untilWritten } from '../bandes/limits';
import { failedConditionIndex, nowIso, transact, type TxItem } from '../lib/store';
import { getVente, venteCancelUpdate, ventePut, ventesBetween, type VenteRecord } from './repository';

const BANDE_CLOSED_CANCEL = 'La bande de cette vente est clôturée : la vente ne peut plus être annulée.';

/** A vendeur sells in the shop assigned to them; anyone else (or a vendeur without one) in the business's first shop. */
async function sellerBoutique(auth: AuthContext): Promise<Boutique> {
  const assigned = auth.role === 'vendeur' ? auth.user.idBoutique : null;
  if (assigned) {
    const b = await getBoutique(auth.tenantId, assigned);
    if (!b) throw badRequest(SHOP_MSG.boutiqueMissing);
    return b;
  }
  const first = (await listBoutiques(auth.tenantId))[0];
  if (!first) throw badRequest(SHOP_MSG.boutiqueMissing);
  return first;
}

/** The shop a vendeur is limited to in the history and cancellations (null = every shop of the business). */
function shopScope(auth: AuthContext): number | null {
  return auth.role === 'vendeur' && auth.user.idBoutique ? Number(auth.user.idBoutique) : null;
}

function view(v: VenteRecord, boutiques: Map<number, Boutique>): VenteLigne {
  const { id_boutique, bande_entry_id: _b, created_by: _c, ...rest } = v;
  return { ...rest, date: v.created_at.slice(0, 10), boutique: { id: id_boutique, nom: boutiques.get(id_boutique)?.nom ?? '' } };
}

export async function addVente(ctx: RouteContext<z.output<typeof venteSchema>>): Promise<VenteResult> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const boutique = await sellerBoutique(ctx.auth);
  let client: Client | null = null;
  if (b.id_client) {
    client = await getClient(t, b.id_client);
    if (!client) throw notFound(SHOP_MSG.clientNotFound);
  }
  const bande = b.id_bande ? await getBande(t, b.id_bande) : null;
  if (b.id_bande) {
    if (!bande) throw notFound(BANDE_MSG.bandeNotFound);
    if (bande.statut !== 'ACTIVE') throw badRequest(BANDE_MSG.closed);
    if (bande.archive) throw badRequest(ARCHIVE_MSG.bandeArchivee);
  }
  const produits = await getProduits(t, b.produits.map((l) => l.id_produit));

  // Lines of the same product with the same discount are one line (spec: adding an already-listed product increases its quantity).
  const merged: typeof b.produits = [];
  for (const l of b.produits) {
    const same = merged.find((m) => m.id_produit === l.id_produit && m.type_remise === l.type_remise && m.valeur_remise === l.valeur_remise);
    if (same) same.quantite += l.quantite;
    else merged.push({ ...l });
  }
  const perProduit = new Map<number, number>();
  const priced = merged.map((l) => {
    const p = produits.get(l.id_produit);
    if (!p) throw notFound(SHOP_MSG.produitNotFound);
    const price = priceLine(p.prix_vente, l.quantite, l.type_remise, l.valeur_remise);
    if (!price.ok) throw badRequest(price.message);
    if (!withinMontant(price.total)) throw badRequest(LIMIT_MSG.total);
    perProduit.set(p.id, (perProduit.get(p.id) ?? 0) + l.quantite);
    return { l, p, price };
  });
  // Friendly early answer; the transaction's stock condition is what holds under concurrency.
  for (const [id, q] of perProduit) {
    const p = produits.get(id)!;
    if (q > p.quantite) throw badRequest(SHOP_MSG.stockInsufficient(p.quantite, p.nom));
  }
  // A batch's limits (issue 17: a broiler batch sells whole birds, never more than are alive), checked before any id is taken.
  // A sale typed offline keeps the time it was typed (issue 17, saisi_le), within 31 days: the batch is checked on that day.
  const at = createdAtFrom(b.saisi_le);
  const unitsOfBatch = b.produits.reduce((s, l) => s + l.quantite, 0);
  if (b.id_bande) await shopSaleGuard(t, b.id_bande, unitsOfBatch, at.slice(0, 10));

  const firstId = await nextTenantId(t, 'VENTE_BOUTIQUE', priced.length);
  const firstEntry = b.id_bande ? await nextTenantId(t, 'VENTE', priced.length) : null; // the batches domain's sale ids
  const lines: VenteRecord[] = priced.map(({ l, p, price }, i) => ({
    id: firstId + i,
    id_transaction: firstId,
    id_boutique: boutique.id,
    id_produit: p.id,
    produit: p.nom,
    prix_vente: p.prix_vente,
    prix_unitaire: price.prix_unitaire,
    quantite: l.quantite,
    total: price.total,
    type_remise: l.type_remise,
    valeur_remise: l.valeur_remise > 0 ? l.valeur_remise : 0,
    type: b.type,
    etat: 'VALID',
    id_client: client?.id ?? null,
    client: client ? { id: client.id, prenom: client.prenom, nom: client.nom } : null,
    id_bande: b.id_bande,
    bande_entry_id: firstEntry === null ? null : firstEntry + i,
    created_at: at,
    created_by: ctx.auth.userId,
    source: 'BOUTIQUE',
  }));
  const total = lines.reduce((s, l) => s + l.total, 0);
  // Totals stay exact integers (docs/decisions.md): the sale, the creance it adds, the batch revenue.
  if (!withinMontant(total)) throw badRequest(LIMIT_MSG.total);
  if (b.type === 'EMPRUNT' && client && !withinMontant(client.creance + total)) throw badRequest(LIMIT_MSG.creance);
  if (b.type === 'EMPRUNT' && client?.archive && total > 0) throw badRequest(ARCHIVE_MSG.clientArchive);
  if (bande && b.type !== 'DON' && !withinMontant(bande.chiffre_affaire + total)) throw badRequest(LIMIT_MSG.batchTotal);

  const stockIds = [...perProduit.keys()];
  const items: TxItem[] = [...lines.map((l) => ventePut(t, l)), ...stockIds.map((id) => stockTake(t, id, perProduit.get(id)!))];
  const clientIndex = items.length;
  if (b.type === 'EMPRUNT' && client && total > 0) items.push(creanceAdd(t, client.id, total));
  const bandeIndex = items.length;
  let batchEntries: Parameters<typeof shopSaleEntryItems>[2] = [];
  if (b.id_bande) {
    // A gift leaves the batch without revenue: its batch entry has price 0.
    const entries = lines.map((l) => {
      const prix = l.type === 'DON' ? 0 : l.prix_unitaire;
      const prixTotal = l.type === 'DON' ? 0 : l.total;
      return {
        id: l.bande_entry_id!,
        id_vente: l.bande_entry_id!,
        id_bande: b.id_bande!,
        prix_unitaire: prix,
        quantite: l.quantite,
        prix_total: prixTotal,
        etat: 'ACTIVE',
        id_vente_boutique: l.id,
        created_at: at,
      };
    });
    batchEntries = entries;
  }

  // With a batch, its entries ride in the sale's transaction under the batch's guard, checked
  // again on every attempt: a write to the batch landing first makes the sale read, check and retry.
  await untilWritten(async () => {
    const guard: Guard | undefined = b.id_bande ? await shopSaleGuard(t, b.id_bande, unitsOfBatch, at.slice(0, 10)) : undefined;
    try {
      await transact(b.id_bande ? [...items, ...shopSaleEntryItems(t, b.id_bande, batchEntries, guard)] : items);
      return true;
    } catch (err) {
      const i = failedConditionIndex(err);
      if (i >= lines.length && i < clientIndex) {
        const p = await getProduit(t, stockIds[i - lines.length]);
        if (!p) throw notFound(SHOP_MSG.produitNotFound);
        throw badRequest(SHOP_MSG.stockInsufficient(p.quantite, p.nom));
      }
      if (i >= clientIndex && i < bandeIndex) throw await creanceAddRefusal(t, client!.id, SHOP_MSG.clientNotFound);
      if (i >= bandeIndex) return RACE_LOST;
      throw err;
    }
  });
  const boutiques = new Map([[boutique.id, boutique]]);
  return {
    id_transaction: firstId,
    ventes: lines.map((l) => view(l, boutiques)),
    total,
    client: b.type === 'EMPRUNT' && client ? await getClient(t, client.id) : null,
  };
}

export async function venteHistory(ctx: RouteContext<z.output<typeof venteHistorySchema>>): Promise<VenteHistoryResponse> {
  const t = ctx.auth.tenantId;
  const { debut, fin } = ctx.body;
  if (debut.slice(0, 10) > fin.slice(0, 10)) throw badRequest(SHOP_MSG.datesOrder);
  const scope = shopScope(ctx.auth);
  const [records, boutiques] = await Promise.all([ventesBetween(t, debut, fin), listBoutiques(t)]);
  const byId = new Map(boutiques.map((b) => [b.id, b]));
  const ventes = records.filter((r) => scope === null || r.id_boutique === scope).map((r) => view(r, byId));
  return { ventes, chiffre_affaire: chiffreAffaire(ventes) };
}

/**
 * Cancels one line of a shop sale: the stock comes back, the line leaves the turnover, an
 * EMPRUNT's amount comes off the client's creance and a batch sale recorded with it is cancelled
 * too — all in one transaction. The creance is never floored (issue 17, debt invariant): when the
 * client has already repaid part of it, the cancel is refused until the repayment is cancelled.
 * Lines written by an order's delivery or payment belong to that order and are refused here.
 */
export async function annulerVente(ctx: RouteContext<z.output<typeof annulerVenteSchema>>): Promise<VenteLigne> {
  const t = ctx.auth.tenantId;
  const v = await getVente(t, ctx.body.id_vente);
  const scope = shopScope(ctx.auth);
  if (!v || (scope !== null && v.id_boutique !== scope)) throw notFound(SHOP_MSG.venteNotFound);
  if (v.source === 'COMMANDE') throw badRequest(SHOP_MSG.venteDeCommande(v.numero_commande ?? ''));
  if (v.source === 'ECOMMERCE') throw badRequest(SHOP_MSG.venteDeCommandeEnLigne(v.numero_commande ?? ''));
  if (v.etat !== 'VALID') throw badRequest(SHOP_MSG.venteAlreadyDeleted);

  let bandeItems: TxItem[] = [];
  if (v.id_bande && v.bande_entry_id) {
    const entry = await getEntry(t, v.id_bande, 'VTE', v.bande_entry_id);
    // Already cancelled from the batch screen: nothing left to take out of the batch.
    if (entry && entry.etat !== 'DELETED') {
      bandeItems = shopSaleCancelItems(t, v.id_bande, { id: v.bande_entry_id, quantite: Number(entry.quantite), prix_total: Number(entry.prix_total) });
    }
  }

  const items: TxItem[] = [venteCancelUpdate(t, v.id, nowIso()), stockAdd(t, v.id_produit, v.quantite)];
  const clientIndex = v.type === 'EMPRUNT' && v.id_client ? items.length : -1;
  // The condition creance ≥ total is what holds against a concurrent repayment.
  if (clientIndex >= 0) items.push(creanceTake(t, v.id_client!, v.total));
  const bandeIndex = items.length;
  items.push(...bandeItems);
  try {
    await transact(items);
  } catch (err) {
    const i = failedConditionIndex(err);
    if (i === 0) throw badRequest(SHOP_MSG.venteAlreadyDeleted);
    if (i === 1) throw await stockAddRefusal(t, v.id_produit);
    if (i === clientIndex) {
      if (!(await getClient(t, v.id_client!))) throw notFound(SHOP_MSG.clientNotFound);
      throw badRequest(SHOP_MSG.venteRembourseeAnnulation);
    }
    if (i >= bandeIndex && bandeItems.length) throw badRequest((await getBande(t, v.id_bande!))?.archive ? ARCHIVE_MSG.bandeArchivee : BANDE_CLOSED_CANCEL);
    throw err;
  }
  const boutique = await getBoutique(t, v.id_boutique);
  return view({ ...v, etat: 'DELETED' }, new Map(boutique ? [[boutique.id, boutique]] : []));
}
