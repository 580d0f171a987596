// Repayments (spec part 2 §7): record (amount ≤ creance, atomically), list, cancel, client search.
// A repayment pays the client's delivered orders with an unpaid balance first, oldest delivery
// first: the allocation is stored on the repayment (`affectations`) and on each order
// (`montant_regle`, `reglements`, `etat_paiement`) in the repayment's own transaction, and taken
// back in the cancel's.
import type { Client } from '@shared/schemas/clients';
import { clientMatches } from '@shared/schemas/clients';
import { etatPaiementOf } from '@shared/schemas/commandes';
import {
  MAX_AFFECTATIONS,
  type Affectation,
  type searchClientSchema,
  type Versement,
  type VersementResult,
  type versementSchema,
} from '@shared/schemas/versements';
import { createdAtFrom } from '@shared/schemas/saisi-le';
import { withinMontant, type z } from '@shared/schemas/common';
import { LIMIT_MSG } from '@shared/messages/limits';
import { SHOP_MSG } from '@shared/messages/shop';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { badRequest, concurrentChange, notFound } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { idClaims } from '../lib/repo/counters';
import { creanceAdd, creanceAddRefusal, creanceTake, getClient, listClients, mouvementsCreance, mouvementsCreanceParClient } from '../clients/public';
import { commandesDues, getCommande, reglementUpdate, resteAPayer, type CommandeRecord } from '../commandes/public';
import { nowIso, type TxItem } from '../lib/store';
import { refuseEachWith, refuseWith, staleRead, transactOrRefuse, untilWritten } from '../lib/refusal';
import { RELEVE_MSG } from '@shared/messages/releve';
import { refVersement, soldeApres, type MouvementCreance } from '@shared/formulas/releve';
import { getVersement, listVersements as readVersements, newVersementPut, versementCancelUpdate, type VersementRecord } from './repository';

/**
 * Re-reads after an order changed under us (another repayment or cancel of the same client), or
 * after another repayment of the business claimed the next id first.
 */
const ATTEMPTS = 30;

/** A repayment as the screens and its receipt show it; `journal` is its client's creance journal (the balance after it). */
function view(v: VersementRecord, c: Client | null | undefined, journal: readonly MouvementCreance[]): Versement {
  return {
    id: v.id,
    id_client: v.id_client,
    client: c ? { id: c.id, prenom: c.prenom, nom: c.nom, numero_compte: c.numero_compte, telephone: c.telephone } : null,
    montant: v.montant,
    etat: v.etat,
    created_at: v.created_at,
    date: v.created_at.slice(0, 10),
    affectations: v.affectations,
    solde_apres: soldeApres(journal, refVersement(v.id)),
  };
}

/** Allocates `montant` to the orders due, oldest delivery first, at most MAX_AFFECTATIONS of them. */
function allocate(montant: number, dues: CommandeRecord[]): { c: CommandeRecord; montant: number }[] {
  const out: { c: CommandeRecord; montant: number }[] = [];
  let left = montant;
  for (const c of dues) {
    if (left <= 0 || out.length >= MAX_AFFECTATIONS) break;
    const m = Math.min(left, resteAPayer(c));
    out.push({ c, montant: m });
    left -= m;
  }
  return out;
}

function paid(c: CommandeRecord, montantRegle: number, reglements: CommandeRecord['reglements']) {
  return { montant_regle: montantRegle, reglements, etat_paiement: etatPaiementOf(c.montant_total, c.accompte + montantRegle) };
}

export async function addVersement(ctx: RouteContext<z.output<typeof versementSchema>>): Promise<VersementResult> {
  const t = ctx.auth.tenantId;
  const montant = ctx.body.montant;
  const client = await getClient(t, ctx.body.id_client);
  if (!client) throw notFound(SHOP_MSG.clientNotFound);
  if (montant > client.creance) throw badRequest(SHOP_MSG.montantTooHigh);
  // A repayment typed offline keeps the time it was typed (saisi_le), within 31 days: its day is the day it was paid.
  const createdAt = createdAtFrom(ctx.body.saisi_le);
  // An order moved or another repayment claimed the next id: allocate and claim again on what is
  // now. The id is claimed in the repayment's transaction: refused by the debt's condition (a
  // racing repayment took it first), the repayment takes none.
  return untilWritten(
    async () => {
      const claims = idClaims(t);
      const id = await claims.take('VERSEMENT');
      const parts = allocate(montant, await commandesDues(t, client.id));
      const affectations: Affectation[] = parts.map((p) => ({ id_commande: p.c.id, numero_commande: p.c.numero_commande, montant: p.montant }));
      const v: VersementRecord = { id, id_client: client.id, montant, etat: 'VALID', created_at: createdAt, affectations };
      // Dated the day it was paid (saisi_le offline): the statement's line, written with the debt.
      const [counter, journal] = creanceTake(t, client.id, {
        type: 'versement',
        date: createdAt.slice(0, 10),
        at: createdAt,
        montant,
        ref: refVersement(id),
        libelle: RELEVE_MSG.libelleVersement(id),
      });
      // At most 1 + 1 + 2 + MAX_AFFECTATIONS (90) = 94 items of the 100 a transaction takes.
      // The claim first: a lost claim is what a refusal of the repayment's Put (same id) means.
      await transactOrRefuse([
        ...refuseEachWith(staleRead, claims.items),
        newVersementPut(t, v),
        // The creance condition (≥ montant) is what holds under concurrency; the check above only spares a write.
        refuseWith(badRequest(SHOP_MSG.montantTooHigh), counter),
        journal,
        ...refuseEachWith(
          staleRead(),
          parts.map((p) =>
            reglementUpdate(
              t,
              p.c,
              paid(p.c, p.c.montant_regle + p.montant, [...p.c.reglements, { id_versement: id, montant: p.montant, created_at: createdAt }]),
            ),
          ),
        ),
      ]);
      const [after, mouvements] = await Promise.all([getClient(t, client.id), mouvementsCreance(t, client.id)]);
      return { versement: view(v, after, mouvements), client: after! };
    },
    ATTEMPTS,
    concurrentChange,
  );
}

export async function listVersements(ctx: RouteContext): Promise<Versement[]> {
  const t = ctx.auth.tenantId;
  const [versements, clients] = await Promise.all([readVersements(t), listClients(t)]);
  const byId = new Map(clients.map((c) => [c.id, c]));
  // One Query of the business's journal for every receipt's balance, none when there is no repayment.
  const journal = versements.length ? await mouvementsCreanceParClient(t) : new Map<number, MouvementCreance[]>();
  return versements.map((v) => view(v, byId.get(v.id_client), journal.get(v.id_client) ?? []));
}

/** Cancelling gives the amount back to the creance and takes each allocation back from its order. */
export async function cancelVersement(ctx: RouteContext<unknown, { id: number }>): Promise<VersementResult> {
  const t = ctx.auth.tenantId;
  const v = await getVersement(t, ctx.params.id);
  if (!v) throw notFound(SHOP_MSG.versementNotFound);
  if (v.etat !== 'VALID') throw badRequest(SHOP_MSG.versementAlreadyCanceled);
  const before = await getClient(t, v.id_client);
  if (before && !withinMontant(before.creance + v.montant)) throw badRequest(LIMIT_MSG.creance);
  if (before?.archive) throw badRequest(ARCHIVE_MSG.clientArchive);
  // An order moved (a repayment of the same client): read the orders again.
  await untilWritten(
    async () => {
      const orders = await Promise.all(v.affectations.map((a) => getCommande(t, a.id_commande)));
      const reglements: TxItem[] = [];
      v.affectations.forEach((a, k) => {
        const c = orders[k];
        if (!c) return;
        const kept = c.reglements.filter((r) => r.id_versement !== v.id);
        reglements.push(reglementUpdate(t, c, paid(c, Math.max(0, c.montant_regle - a.montant), kept)));
      });
      const at = nowIso();
      const [counter, journal] = creanceAdd(t, v.id_client, {
        type: 'annulation_versement',
        date: at.slice(0, 10),
        at,
        montant: v.montant,
        ref: refVersement(v.id),
        libelle: RELEVE_MSG.libelleAnnulationVersement(v.id),
      });
      await transactOrRefuse([
        refuseWith(badRequest(SHOP_MSG.versementAlreadyCanceled), versementCancelUpdate(t, v.id, at)),
        refuseWith(() => creanceAddRefusal(t, v.id_client, SHOP_MSG.clientNotFound), counter),
        journal,
        ...refuseEachWith(staleRead(), reglements),
      ]);
    },
    ATTEMPTS,
    concurrentChange,
  );
  const [client, journal] = await Promise.all([getClient(t, v.id_client), mouvementsCreance(t, v.id_client)]);
  return { versement: view({ ...v, etat: 'CANCELED' }, client, journal), client: client! };
}

/**
 * One Query of the business's clients, filtered in memory (no Scan; see docs/data-model.md). An
 * archived client owes nothing and is not offered.
 */
export async function searchClient(ctx: RouteContext<z.output<typeof searchClientSchema>>): Promise<Client[]> {
  const clients = await listClients(ctx.auth.tenantId);
  return clients.filter((c) => !c.archive && clientMatches(c, ctx.body.username));
}
