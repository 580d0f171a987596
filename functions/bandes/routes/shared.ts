// What the batch routes share: the money checks made before a write, the batch that must take
// entries, the plan's bird limit, and the GET deletions of an entry.
import { lineTotal } from '@shared/formulas';
import { effectivePlan, nextPlan, type Plan } from '@shared/plans';
import { BANDE_MSG } from '@shared/messages/bandes';
import { SANTE_MSG } from '@shared/messages/sante';
import { withinMontant } from '@shared/schemas/common';
import { LIMIT_MSG } from '@shared/messages/limits';
import { badRequest, notFound, refused } from '../../lib/errors';
import { getSubscription } from '../../lib/repo/subscriptions';
import * as repo from '../repository';
import { ARCHIVE_MSG } from '@shared/messages/archives';

/** A line's total (price × quantity, rounded once) stays within MAX_MONTANT, so every sum of lines stays exact. */
export function checkedLineTotal(prix: number, quantite: number): number {
  const total = lineTotal(prix, quantite);
  if (!withinMontant(total)) throw badRequest(LIMIT_MSG.total);
  return total;
}

/** A batch money total (revenue, expenses) that would pass MAX_MONTANT is refused before the write. */
export function checkBatchTotal(current: number, delta: number): void {
  if (delta > 0 && !withinMontant(current + delta)) throw badRequest(LIMIT_MSG.batchTotal);
}

export async function activeBande(t: number, id: number) {
  const b = await repo.getBande(t, id);
  if (!b) throw notFound(BANDE_MSG.bandeNotFound);
  if (b.statut !== 'ACTIVE') throw badRequest(BANDE_MSG.closed);
  if (b.archive) throw badRequest(ARCHIVE_MSG.bandeArchivee);
  return b;
}

/** The plan in force, whose maxSujets bounds the birds of active batches (null: no limit). */
export async function sujetsPlan(t: number): Promise<Plan> {
  return effectivePlan(await getSubscription(t));
}

/**
 * Refuses `nouveaux` more birds when the active batches already hold `enCours` and the plan's
 * quota would be passed; the refusal says what is left and what the next plan allows (0223). The
 * transaction's condition on the quota item still holds under concurrency: a race lost there
 * answers the spec's shorter message.
 */
export function checkQuota(plan: Plan, enCours: number, nouveaux: number): void {
  const max = plan.maxSujets;
  if (max === null || enCours + nouveaux <= max) return;
  throw refused(422, BANDE_MSG.quotaDetail({ nom: plan.nom, maxSujets: max }, Math.max(0, max - enCours), nextPlan(plan)));
}

/** A GET deletion: the entry leaves its batch's totals; refused on a closed or archived batch. */
export async function cancel(t: number, kind: repo.EntryKind, id: number, totals: (e: Record<string, any>) => repo.Totals) {
  const bandeId = await repo.entryBande(t, kind, id);
  if (bandeId === null) throw notFound(BANDE_MSG.entryNotFound);
  const e = await repo.getEntry(t, bandeId, kind, id);
  if (!e) throw notFound(BANDE_MSG.entryNotFound);
  if (e.etat === 'DELETED') throw badRequest(BANDE_MSG.alreadyCancelled);
  if (e.id_vente_boutique) throw badRequest(BANDE_MSG.shopSale);
  // A health cost's expense moves with its step or treatment (one truth), never on its own.
  if (e.id_etape || e.id_traitement) throw badRequest(SANTE_MSG.depenseSante);
  if (!(await repo.cancelEntry(t, bandeId, kind, id, totals(e)))) {
    const b = await repo.getBande(t, bandeId);
    if (b?.statut !== 'ACTIVE') throw badRequest(BANDE_MSG.closed);
    if (b.archive) throw badRequest(ARCHIVE_MSG.bandeArchivee);
    throw badRequest(BANDE_MSG.alreadyCancelled);
  }
  return { code: 200, id, id_bande: bandeId, etat: 'DELETED' };
}

/**
 * Each batch with the feed it ate from the farm's store: its kg and cost at the store's
 * costs, from one read of the ledger (functions/aliment/public.ts); absent when it ate none.
 */
export function avecAliment(bandes: repo.BandeItem[], aliment: Map<number, { kg: number; cout: number }>): repo.BandeItem[] {
  return bandes.map((b) => {
    const a = aliment.get(b.id);
    return a ? { ...b, aliment_kg: a.kg, cout_aliment: a.cout } : b;
  });
}
