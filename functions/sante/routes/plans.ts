// Health plans: the two built-in ones (read-only, copied to be edited), then the
// business's own, numbered from PLAN_ID_MIN so they never take a built-in id.
import type { RouteContext } from '../../lib/http';
import { badRequest, notFound } from '../../lib/errors';
import { nextTenantId } from '../../lib/repo/counters';
import { PLAN_ID_MIN, PLANS_DEFAUT, type PlanSante } from '@shared/sante/plans-defaut';
import type { PlanInput } from '@shared/schemas/sante';
import { SANTE_MSG } from '@shared/messages/sante';
import { ownPlans, putPlan } from '../repository/plans';

export async function listPlans(ctx: RouteContext): Promise<PlanSante[]> {
  const own = await ownPlans(ctx.auth.tenantId);
  return [...PLANS_DEFAUT, ...own.sort((a, b) => a.id - b.id)];
}

/**
 * Creates (`id_plan` absent, null, 0 or -1) or edits (the business's own plan) a plan. A built-in
 * id is refused (400: copy it); any other id the business does not hold is 404. Steps are kept in
 * age order; steps of one age keep the order they were sent in (a "move" among them).
 */
export async function savePlan(ctx: RouteContext<PlanInput>): Promise<PlanSante> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const etapes = b.etapes
    .map((e, i) => ({ e, i }))
    .sort((x, y) => x.e.age - y.e.age || x.i - y.i)
    .map(({ e }) => ({ age: e.age, intitule: e.intitule, voie: e.voie, ...(e.note ? { note: e.note } : {}) }));
  const edit = b.id_plan !== undefined && b.id_plan !== null && b.id_plan > 0;
  if (edit && PLANS_DEFAUT.some((p) => p.id === b.id_plan)) throw badRequest(SANTE_MSG.planDefautLectureSeule);
  if (edit && b.id_plan! < PLAN_ID_MIN) throw notFound(SANTE_MSG.planNotFound);
  // The id is taken once the checks passed: a refused request takes none.
  const id = edit ? b.id_plan! : PLAN_ID_MIN + (await nextTenantId(t, 'SANTE_PLAN'));
  const plan = { id, nom: b.nom, type: b.type, etapes };
  await putPlan(t, plan, !edit);
  return { ...plan, defaut: false };
}
