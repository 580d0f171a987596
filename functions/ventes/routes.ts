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
} from '@shared/schemas/ventes';
import { priceLine } from '@shared/pricing';
import type { Boutique } from '@shared/schemas/boutiques';
import type { Client } from '@shared/schemas/clients';
import { withinMontant, type z } from '@shared/schemas/common';
import { LIMIT_MSG } from '@shared/messages/limits';
import { SHOP_MSG } from '@shared/messages/shop';
import { BANDE_MSG } from '@shared/messages/bandes';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { badRequest, notFound } from '../lib/errors';
import type { AuthContext, RouteContext } from '../lib/http';
import { idClaims } from '../lib/repo/counters';
import { creanceAdd, creanceAddRefusal, creanceTake, getClient } from '../clients/public';
import { createdAtFrom } from '@shared/schemas/saisi-le';
import { getProduit, getProduits, stockAdd, stockAddRefusal, stockTake } from '../produits/public';
import type { Produit } from '@shared/schemas/produits';
import { getBoutique, listBoutiques } from '../boutiques/public';
import { getBande, getEntry, shopSaleCancelItems, shopSaleEntryItems, type BandeItem } from '../bandes/public';
import { shopSaleGuard, untilWritten } from '../bandes/public';
import { nowIso, type TxItem } from '../lib/store';
import { refuseEachWith, refuseWith, staleRead, transactOrRefuse, type Step } from '../lib/refusal';
import { getVente, venteCancelUpdate, ventePut, ventesBetween, type VenteRecord } from './repository';
import { RELEVE_MSG } from '@shared/messages/releve';
import { refVente } from '@shared/formulas/releve';
import { historyWithSoldes, saleWithSoldes } from './soldes';

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

/** The client an EMPRUNT (or any sale) names, when it names one. */
async function saleClient(t: number, id: number | null | undefined): Promise<Client | null> {
  if (!id) return null;
  const client = await getClient(t, id);
  if (!client) throw notFound(SHOP_MSG.clientNotFound);
  return client;
}

/** The batch a sale names, when it names one: it must take entries (active, not archived). */
async function saleBande(t: number, id: number | null | undefined): Promise<BandeItem | null> {
  if (!id) return null;
  const bande = await getBande(t, id);
  if (!bande) throw notFound(BANDE_MSG.bandeNotFound);
  if (bande.statut !== 'ACTIVE') throw badRequest(BANDE_MSG.closed);
  if (bande.archive) throw badRequest(ARCHIVE_MSG.bandeArchivee);
  return bande;
}

type SaleInput = z.output<typeof venteSchema>;
type PricedLine = { l: SaleInput['produits'][number]; p: Produit; price: { prix_unitaire: number; total: number } };

/**
 * The lines priced (discount applied, each line's total within MAX_MONTANT) and the units taken
 * from each product's stock. Lines of the same product with the same discount are one line (spec:
 * adding an already-listed product increases its quantity).
 */
async function pricedLines(t: number, input: SaleInput['produits']): Promise<{ priced: PricedLine[]; perProduit: Map<number, number> }> {
  const produits = await getProduits(
    t,
    input.map((l) => l.id_produit),
  );
  const merged: typeof input = [];
  for (const l of input) {
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
  return { priced, perProduit };
}

/**
 * The sales-ledger lines, with their ids (and the batch's sale ids when the sale names a batch),
 * claimed in `claims` for the sale's transaction.
 */
async function ledgerLines(
  ctx: RouteContext<SaleInput>,
  claims: ReturnType<typeof idClaims>,
  boutique: Boutique,
  client: Client | null,
  priced: PricedLine[],
  at: string,
): Promise<VenteRecord[]> {
  const b = ctx.body;
  const firstId = await claims.take('VENTE_BOUTIQUE', priced.length);
  const firstEntry = b.id_bande ? await claims.take('VENTE', priced.length) : null; // the batches domain's sale ids
  return priced.map(({ l, p, price }, i) => ({
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
}

/** Totals stay exact integers (docs/decisions.md): the sale, the creance it adds, the batch revenue. */
function checkTotals(b: SaleInput, client: Client | null, bande: BandeItem | null, total: number): void {
  if (!withinMontant(total)) throw badRequest(LIMIT_MSG.total);
  if (b.type === 'EMPRUNT' && client && !withinMontant(client.creance + total)) throw badRequest(LIMIT_MSG.creance);
  if (b.type === 'EMPRUNT' && client?.archive && total > 0) throw badRequest(ARCHIVE_MSG.clientArchive);
  if (bande && b.type !== 'DON' && !withinMontant(bande.chiffre_affaire + total)) throw badRequest(LIMIT_MSG.batchTotal);
}

/** The batch's sale entries of a shop sale: one per line; a gift leaves the batch without revenue (price 0). */
function batchEntriesOf(lines: VenteRecord[], bandeId: number, at: string) {
  return lines.map((l) => ({
    id: l.bande_entry_id!,
    id_vente: l.bande_entry_id!,
    id_bande: bandeId,
    prix_unitaire: l.type === 'DON' ? 0 : l.prix_unitaire,
    quantite: l.quantite,
    prix_total: l.type === 'DON' ? 0 : l.total,
    etat: 'ACTIVE',
    id_vente_boutique: l.id,
    created_at: at,
  }));
}

/**
 * A shop sale: the ledger lines, the stock taken, an EMPRUNT's amount onto the client's creance
 * and, naming a batch, the batch's sale entries — one transaction. Every refusal is checked before
 * any id is taken, so a refused sale writes nothing; the transaction's conditions hold under
 * concurrency.
 */
export async function addVente(ctx: RouteContext<SaleInput>): Promise<VenteResult> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const boutique = await sellerBoutique(ctx.auth);
  const client = await saleClient(t, b.id_client);
  const bande = await saleBande(t, b.id_bande);
  const { priced, perProduit } = await pricedLines(t, b.produits);
  // An egg product's units came from a flock's egg stock when they were sent to the shop: a sale
  // naming a batch would take its eggs out of the flock a second time (decision 0245).
  const oeufs = b.id_bande ? priced.find((x) => x.p.oeufs_par_unite) : undefined;
  if (oeufs) throw badRequest(OEUFS_MSG.venteBoutiqueProduitOeufs(oeufs.p.nom));
  // A sale typed offline keeps the time it was typed (saisi_le, within 31 days): the batch's
  // limits (a broiler batch sells whole birds, never more than are alive) are checked on that day.
  const at = createdAtFrom(b.saisi_le);
  const unitsOfBatch = b.produits.reduce((s, l) => s + l.quantite, 0);
  if (b.id_bande) await shopSaleGuard(t, b.id_bande, unitsOfBatch, at.slice(0, 10));

  // Ids claimed in the sale's transaction, on every attempt: a sale refused by its conditions (the
  // stock sold meanwhile, the batch moved and now refuses) moves no counter.
  const { lines, total } = await untilWritten(async () => {
    const claims = idClaims(t);
    const lines = await ledgerLines(ctx, claims, boutique, client, priced, at);
    const total = lines.reduce((s, l) => s + l.total, 0);
    checkTotals(b, client, bande, total);
    const stockShort = (id: number) => async () => {
      const p = await getProduit(t, id);
      return p ? badRequest(SHOP_MSG.stockInsufficient(p.quantite, p.nom)) : notFound(SHOP_MSG.produitNotFound);
    };
    // The claims first: a lost claim is what a refusal of a line's Put (same id) means.
    const steps: Step[] = [
      ...refuseEachWith(staleRead, claims.items),
      ...lines.map((l) => ventePut(t, l)),
      ...[...perProduit].map(([id, q]) => refuseWith(stockShort(id), stockTake(t, id, q))),
    ];
    if (b.type === 'EMPRUNT' && client && total > 0) {
      // Dated the sale's day (its typed day offline): the statement's line, written with the debt.
      const [counter, journal] = creanceAdd(t, client.id, {
        type: 'vente_credit',
        date: at.slice(0, 10),
        at,
        montant: total,
        ref: refVente(lines[0].id_transaction),
        libelle: RELEVE_MSG.libelleVente(lines[0].id_transaction),
      });
      steps.push(
        refuseWith(() => creanceAddRefusal(t, client.id, SHOP_MSG.clientNotFound), counter),
        journal,
      );
    }
    // With a batch, its entries ride in the sale's transaction under the batch's guard, checked
    // again on every attempt: a write to the batch landing first makes the sale read, check and retry.
    if (!b.id_bande) await transactOrRefuse(steps);
    else {
      const guard = await shopSaleGuard(t, b.id_bande, unitsOfBatch, at.slice(0, 10));
      await transactOrRefuse([...steps, ...refuseEachWith(staleRead, shopSaleEntryItems(t, b.id_bande, batchEntriesOf(lines, b.id_bande, at), guard))]);
    }
    return { lines, total };
  });
  return {
    id_transaction: lines[0].id_transaction,
    ventes: await saleWithSoldes(
      t,
      client?.id ?? null,
      lines.map((l) => view(l, new Map([[boutique.id, boutique]]))),
    ),
    total,
    client: b.type === 'EMPRUNT' && client ? await getClient(t, client.id) : null,
  };
}

export async function listVentes(ctx: RouteContext<z.output<typeof venteHistorySchema>>): Promise<VenteHistoryResponse> {
  const t = ctx.auth.tenantId;
  const { debut, fin } = ctx.body;
  if (debut.slice(0, 10) > fin.slice(0, 10)) throw badRequest(SHOP_MSG.datesOrder);
  const scope = shopScope(ctx.auth);
  const [records, boutiques] = await Promise.all([ventesBetween(t, debut, fin), listBoutiques(t)]);
  const byId = new Map(boutiques.map((b) => [b.id, b]));
  const ventes = await historyWithSoldes(
    t,
    records.filter((r) => scope === null || r.id_boutique === scope).map((r) => view(r, byId)),
  );
  return { ventes, chiffre_affaire: chiffreAffaire(ventes) };
}

/**
 * Cancels one line of a shop sale: the stock comes back, the line leaves the turnover, an
 * EMPRUNT's amount comes off the client's creance and a batch sale recorded with it is cancelled
 * too — all in one transaction. The creance is never floored (a debt is always the sum of its sales less its repayments): when the
 * client has already repaid part of it, the cancel is refused until the repayment is cancelled.
 * Lines written by an order's delivery or payment belong to that order and are refused here.
 */
export async function cancelVente(ctx: RouteContext<z.output<typeof annulerVenteSchema>>): Promise<VenteLigne> {
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
  const repaid = async () => ((await getClient(t, v.id_client!)) ? badRequest(SHOP_MSG.venteRembourseeAnnulation) : notFound(SHOP_MSG.clientNotFound));
  const bandeClosed = async () => badRequest((await getBande(t, v.id_bande!))?.archive ? ARCHIVE_MSG.bandeArchivee : SHOP_MSG.bandeClosedCancel);
  // Two lines of one sale cancelled in the same millisecond would write the same journal key (its
  // at and ref): the second is a lost race (StaleRead), written again at a later instant.
  await untilWritten(async () => {
    const at = nowIso();
    const debt: Step[] = [];
    if (v.type === 'EMPRUNT' && v.id_client && v.total > 0) {
      const [counter, journal] = creanceTake(t, v.id_client, {
        type: 'annulation_vente',
        date: at.slice(0, 10),
        at,
        montant: v.total,
        ref: refVente(v.id_transaction),
        libelle: RELEVE_MSG.libelleAnnulationVente(v.id_transaction, v.produit),
      });
      // The condition creance ≥ total is what holds against a concurrent repayment.
      debt.push(refuseWith(repaid, counter), refuseWith(staleRead, journal));
    }
    await transactOrRefuse([
      refuseWith(badRequest(SHOP_MSG.venteAlreadyDeleted), venteCancelUpdate(t, v.id, at)),
      refuseWith(() => stockAddRefusal(t, v.id_produit), stockAdd(t, v.id_produit, v.quantite)),
      ...debt,
      ...refuseEachWith(bandeClosed, bandeItems),
    ]);
  });
  const boutique = await getBoutique(t, v.id_boutique);
  return view({ ...v, etat: 'DELETED' }, new Map(boutique ? [[boutique.id, boutique]] : []));
}
