// Customer orders (spec part 2 §7): lines priced from the product's prix_vente, a deposit ≤ total,
// a delivery date from today to a year ahead, lines editable until delivery; delivering takes the
// stock, writes the order's sales-ledger lines (its takings) and puts the unpaid balance
// on the client's creance, in one transaction.
import {
  dateLivraisonBornes,
  etatPaiementOf,
  formatNumeroCommande,
  type addCommandeSchema,
  type addProduitToCommandeSchema,
  type Commande,
  type CommandeLigne,
  type deleteProduitFromCommandeSchema,
  type toDeliverSchema,
} from '@shared/schemas/commandes';
import type { Client } from '@shared/schemas/clients';
import { normalizeSearch } from '@shared/search';
import type { Produit } from '@shared/schemas/produits';
import { withinMontant, type z } from '@shared/schemas/common';
import { LIMIT_MSG } from '@shared/messages/limits';
import { SHOP_MSG } from '@shared/messages/shop';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { formatJour, todayFor } from '@shared/dates';
import { type AppError, badRequest, notFound, refused } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { idClaims, nextTenantId } from '../lib/repo/counters';
import { clientSummary, creanceAdd, creanceAddRefusal, getClient, listClients } from '../clients/public';
import { getProduit, getProduits, listProduits, stockTake } from '../produits/public';
import { nowIso } from '../lib/store';
import { refuseEachWith, refuseWith, staleRead, type StaleRead, type Step, transactOrRefuse, untilWritten as retryLostRaces } from '../lib/refusal';
import { RELEVE_MSG } from '@shared/messages/releve';
import { refCommande } from '@shared/formulas/releve';
import { ventePut } from '../ventes/public';
import { commandeLedgerLines } from '../ventes/public';
import { commandeDeliverUpdate, commandePut, getCommande, listCommandes as readCommandes, resteAPayer, type CommandeRecord } from './repository';

function view(c: CommandeRecord, client: Client | null | undefined): Commande {
  const { version: _v, ...rest } = c;
  return { ...rest, reste_a_payer: resteAPayer(c), client: clientSummary(client) };
}

function ligne(p: Produit, quantite: number): CommandeLigne {
  return { id_produit: p.id, produit: p.nom, quantite, prix_unitaire: p.prix_vente, total: Math.round(p.prix_vente * quantite) };
}

/** The order's amount; every line and the sum stay within MAX_MONTANT, so they stay exact (docs/decisions.md). */
function total(lines: CommandeLigne[]): number {
  let sum = 0;
  for (const l of lines) {
    sum += l.total;
    if (!withinMontant(l.total) || !withinMontant(sum)) throw badRequest(LIMIT_MSG.total);
  }
  return sum;
}
/** Before delivery only the deposit has been received (repayments are allocated to delivered orders). */
const etatPaiement = (montant: number, accompte: number) => etatPaiementOf(montant, accompte);

/**
 * A delivery date is from today to a year ahead (a date in the past or years away is a typo) when an order is created and whenever
 * an edit changes its day; an edit keeping its day is not refused because that day has passed.
 */
function checkDateLivraison(date: string, previous: CommandeRecord | null): void {
  const day = date.slice(0, 10);
  if (previous && previous.date_livraison.slice(0, 10) === day) return;
  const { min, max } = dateLivraisonBornes(todayFor());
  if (day < min) throw badRequest(SHOP_MSG.dateLivraisonPassee);
  if (day > max) throw badRequest(SHOP_MSG.dateLivraisonTropLoin(formatJour(max)));
}

async function loadPending(tenantId: number, id: number): Promise<CommandeRecord> {
  const c = await getCommande(tenantId, id);
  if (!c) throw notFound(SHOP_MSG.commandeNotFound);
  if (c.etat_livraison !== 'PENDING') throw badRequest(SHOP_MSG.commandeDelivered);
  return c;
}

const changed = () => refused(409, SHOP_MSG.commandeChanged);

/**
 * A line added or removed, or the delivery, that lost a race to another change of the order runs
 * again on the order as it now is (lib/refusal `untilWritten`): nothing forbade it, and answering
 * 409 made the seller do it again by hand. Five lost races in a row ask to try again. The whole
 * order's form (addCommande with an id) is not run again: it was filled on what the seller saw, and
 * writing it over another change would lose that change (409 at once).
 */
const untilWritten = <T>(attempt: () => Promise<T>) => retryLostRaces(attempt, 5, changed);

/**
 * Writes an edited order; a lost optimistic lock is re-checked so a delivered order answers its own
 * message, else `lost` (a lost race to run again, or the whole form's 409).
 */
async function save(tenantId: number, next: CommandeRecord, expected: number | null, lost: () => AppError | StaleRead): Promise<void> {
  await transactOrRefuse([refuseWith(() => (expected === null ? changed() : changedRefusal(tenantId, next.id, lost)), commandePut(tenantId, next, expected))]);
}

/** An order that moved since it was read: delivered meanwhile (its own message), else `lost`. */
async function changedRefusal(tenantId: number, id: number, lost: () => AppError | StaleRead = staleRead): Promise<AppError | StaleRead> {
  const now = await getCommande(tenantId, id);
  if (now && now.etat_livraison !== 'PENDING') return badRequest(SHOP_MSG.commandeDelivered);
  return lost();
}

export async function addCommande(ctx: RouteContext<z.output<typeof addCommandeSchema>>): Promise<Commande> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const previous = b.id ? await loadPending(t, b.id) : null;
  checkDateLivraison(b.date_livraison, previous);
  const client = await getClient(t, b.id_client);
  if (!client) throw notFound(SHOP_MSG.clientNotFound);
  const produits = await getProduits(
    t,
    b.produits.map((l) => l.id_produit),
  );
  // The same product twice: the last quantity replaces the earlier one (spec part 2 §5).
  const quantities = new Map<number, number>();
  for (const l of b.produits) {
    if (!produits.has(l.id_produit)) throw notFound(SHOP_MSG.produitNotFound);
    quantities.delete(l.id_produit);
    quantities.set(l.id_produit, l.quantite);
  }
  const lines = [...quantities].map(([id, q]) => ligne(produits.get(id)!, q));
  const montant = total(lines);
  if (b.accompte > montant) throw badRequest(SHOP_MSG.commandeAccompteTooHigh);
  const id = previous?.id ?? (await nextTenantId(t, 'COMMANDE'));
  const next: CommandeRecord = {
    id,
    numero_commande: previous?.numero_commande ?? formatNumeroCommande(id),
    id_client: client.id,
    produits: lines,
    montant_total: montant,
    accompte: b.accompte,
    etat_paiement: etatPaiement(montant, b.accompte),
    etat_livraison: 'PENDING',
    date_livraison: b.date_livraison,
    created_at: previous?.created_at ?? nowIso(),
    delivered_at: null,
    montant_regle: 0,
    reglements: [],
    version: (previous?.version ?? -1) + 1,
  };
  // The whole form, filled on what the seller saw: a lost race is its 409, never run again.
  await save(t, next, previous ? previous.version : null, changed);
  return view(next, client);
}

export async function listCommandes(ctx: RouteContext): Promise<Commande[]> {
  const t = ctx.auth.tenantId;
  const [commandes, clients] = await Promise.all([readCommandes(t), listClients(t)]);
  const byId = new Map(clients.map((c) => [c.id, c]));
  return commandes.map((c) => view(c, byId.get(c.id_client)));
}

/** By order number (CMD-000123); a bare number is the order id. */
async function getCommandeByNumero(tenantId: number, numero: string): Promise<CommandeRecord> {
  const m = /^(?:CMD-)?(\d+)$/i.exec(numero);
  const c = m ? await getCommande(tenantId, Number(m[1])) : null;
  if (!c) throw notFound(SHOP_MSG.commandeNotFound);
  return c;
}

export async function getCommandeRoute(ctx: RouteContext<unknown, { id: string }>): Promise<Commande> {
  const c = await getCommandeByNumero(ctx.auth.tenantId, ctx.params.id);
  return view(c, await getClient(ctx.auth.tenantId, c.id_client));
}
export { getCommandeRoute as getCommande };

type LineRef = { id_produit?: number | null; nom?: string | null };

function lineIndex(lines: CommandeLigne[], ref: LineRef): number {
  if (ref.id_produit) return lines.findIndex((l) => l.id_produit === ref.id_produit);
  const name = normalizeSearch(ref.nom);
  return lines.findIndex((l) => normalizeSearch(l.produit) === name);
}

async function findProduit(tenantId: number, ref: LineRef): Promise<Produit> {
  if (ref.id_produit) {
    const p = await getProduit(tenantId, ref.id_produit);
    if (!p) throw notFound(SHOP_MSG.produitNotFound);
    return p;
  }
  const name = normalizeSearch(ref.nom);
  const p = (await listProduits(tenantId)).find((x) => normalizeSearch(x.nom) === name);
  if (!p) throw notFound(SHOP_MSG.produitNotFound);
  return p;
}

async function withLines(c: CommandeRecord, lines: CommandeLigne[], tenantId: number): Promise<Commande> {
  if (!lines.length) throw badRequest(SHOP_MSG.commandeLastLine);
  const montant = total(lines);
  if (c.accompte > montant) throw badRequest(SHOP_MSG.commandeAccompteTooHigh);
  const next: CommandeRecord = { ...c, produits: lines, montant_total: montant, etat_paiement: etatPaiement(montant, c.accompte), version: c.version + 1 };
  await save(tenantId, next, c.version, staleRead);
  return view(next, await getClient(tenantId, c.id_client));
}

export async function addProduitToCommande(ctx: RouteContext<z.output<typeof addProduitToCommandeSchema>>): Promise<Commande> {
  const t = ctx.auth.tenantId;
  return untilWritten(async () => {
    const c = await loadPending(t, ctx.body.id_commande);
    const p = await findProduit(t, ctx.body);
    const lines = [...c.produits];
    const i = lines.findIndex((l) => l.id_produit === p.id);
    // Adding a product already in the order replaces its quantity (spec part 2 §5), at today's price.
    if (i >= 0) lines[i] = ligne(p, ctx.body.quantite);
    else lines.push(ligne(p, ctx.body.quantite));
    return withLines(c, lines, t);
  });
}

export async function deleteProduitFromCommande(ctx: RouteContext<z.output<typeof deleteProduitFromCommandeSchema>>): Promise<Commande> {
  const t = ctx.auth.tenantId;
  return untilWritten(async () => {
    const c = await loadPending(t, ctx.body.id_commande);
    const i = lineIndex(c.produits, ctx.body);
    if (i < 0) throw badRequest(SHOP_MSG.commandeLineMissing);
    return withLines(
      c,
      c.produits.filter((_, j) => j !== i),
      t,
    );
  });
}

/** The balance left at delivery onto the client's debt, dated the delivery: the counter and its statement line. */
function debtOfDelivery(t: number, c: CommandeRecord, balance: number, at: string): Step[] {
  const [counter, journal] = creanceAdd(t, c.id_client, {
    type: 'livraison_commande',
    date: at.slice(0, 10),
    at,
    montant: balance,
    ref: refCommande(c.id),
    libelle: RELEVE_MSG.libelleLivraison(c.numero_commande),
  });
  return [refuseWith(() => creanceAddRefusal(t, c.id_client, SHOP_MSG.clientNotFound), counter), journal];
}

/**
 * Livré: the stock leaves, the order becomes takings (one sales-ledger line per order line, dated
 * today, not cancellable from the history) and its unpaid balance goes onto the client's creance —
 * one transaction of at most 1 + 2 × 40 + 2 = 83 items (MAX_COMMANDE_LINES; the debt is its counter and its journal line).
 */
export async function deliverCommande(ctx: RouteContext<z.output<typeof toDeliverSchema>>): Promise<Commande> {
  const t = ctx.auth.tenantId;
  return untilWritten(async () => {
    const c = await loadPending(t, ctx.body.id_commande);
    const balance = c.montant_total - c.accompte;
    const client = await getClient(t, c.id_client);
    if (balance > 0 && client && !withinMontant(client.creance + balance)) throw badRequest(LIMIT_MSG.creance);
    if (balance > 0 && client?.archive) throw badRequest(ARCHIVE_MSG.clientArchive);
    // Friendly early answer, before any id is drawn for the ledger lines (a refusal writes nothing);
    // the transaction's stock condition is what holds under concurrency.
    const stock = await getProduits(
      t,
      c.produits.map((l) => l.id_produit),
    );
    for (const l of c.produits) {
      const p = stock.get(l.id_produit);
      if (!p) throw notFound(SHOP_MSG.produitNotFound);
      if (p.quantite < l.quantite) throw badRequest(SHOP_MSG.stockInsufficient(p.quantite, p.nom));
    }
    const at = nowIso();
    // The ledger lines' ids are claimed in the delivery's transaction: a refused delivery takes none.
    const claims = idClaims(t);
    const ledger = await commandeLedgerLines(ctx.auth, c, client, at, claims);
    const stockShort = (idProduit: number) => async () => {
      const p = await getProduit(t, idProduit);
      return p ? badRequest(SHOP_MSG.stockInsufficient(p.quantite, p.nom)) : notFound(SHOP_MSG.produitNotFound);
    };
    await transactOrRefuse([
      // The claims first: a lost claim is what a refusal of a ledger line's Put (same id) means.
      ...refuseEachWith(staleRead, claims.items),
      refuseWith(() => changedRefusal(t, c.id), commandeDeliverUpdate(t, c.id, c.version, at)),
      ...c.produits.map((l) => refuseWith(stockShort(l.id_produit), stockTake(t, l.id_produit, l.quantite))),
      ...ledger.map((l) => ventePut(t, l)),
      ...(balance > 0 ? debtOfDelivery(t, c, balance, at) : []),
    ]);
    const next: CommandeRecord = { ...c, etat_livraison: 'DELIVERED', delivered_at: at, version: c.version + 1 };
    return view(next, await getClient(t, c.id_client));
  });
}
