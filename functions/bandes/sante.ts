// A batch's health plan, as the batch's creation and POST api/sante/bande/plan both
// give it: the plan must be the business's (a built-in one or its own) and of the batch's type;
// its steps take their ids in one block, only once every check passed, claimed in the write's
// own transaction (a refused request takes no id), and become the calendar's items
// (./repository/sante.ts).
import type { PlanSante } from '@shared/sante/plans-defaut';
import { SANTE_MSG } from '@shared/messages/sante';
import { badRequest, notFound } from '../lib/errors';
import type { idClaims } from '../lib/repo/counters';
import { ETAPE_COUNTER, etapesACreer, etapesDuPlan, planSante, type EtapeStockee } from './repository/sante';

/** The plan `id` for a batch of `type`: 404 when the business has no such plan, 400 for the other type. */
export async function planPourBande(t: number, id: number, type: string): Promise<PlanSante> {
  const plan = await planSante(t, id);
  if (!plan) throw notFound(SANTE_MSG.planNotFound);
  if (plan.type !== type) throw badRequest(SANTE_MSG.planTypeBande(plan.type, type));
  return plan;
}

/**
 * The dated steps `plan` gives the batch (`skip`: plan steps already answered by a step kept,
 * not made again), numbered from a block of the step counter claimed in `claims` (the caller's
 * transaction carries the claim).
 */
export async function nouvellesEtapes(
  claims: ReturnType<typeof idClaims>,
  plan: PlanSante,
  bande: { id: number; date_demarage: string; age_demarrage?: number | null },
  skip: (e: PlanSante['etapes'][number]) => boolean = () => false,
): Promise<EtapeStockee[]> {
  const kept = { ...plan, etapes: plan.etapes.filter((e) => !skip(e)) };
  const n = etapesACreer(kept, bande);
  if (!n) return [];
  let next = await claims.take(ETAPE_COUNTER, n);
  return etapesDuPlan(kept, bande, () => next++);
}
