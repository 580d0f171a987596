// Subscription check: 200 while a subscription or trial is valid, 424 otherwise (spec part 1 §7),
// expired or suspended alike. The business's screens call it on every visit, so it is also where
// the operator's "last activity" of a business is recorded (at most one write an hour).
import { MSG } from '@shared/messages/acces';
import { PAIEMENT_MSG } from '@shared/messages/paiements';
import { effectivePlan } from '@shared/plans';
import { refused } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { OPERATOR_TENANT_ID } from '../lib/repo/keys';
import { getSubscription, isValid, touchLastSeen } from '../lib/repo/subscriptions';

export async function checkPlan(ctx: RouteContext) {
  const sub = await getSubscription(ctx.auth.tenantId);
  if (sub && ctx.auth.tenantId !== OPERATOR_TENANT_ID) await touchLastSeen(ctx.auth.tenantId, sub);
  // A suspended business is told so, not asked to pay: paying would not lift the operator's suspension.
  if (!isValid(sub)) throw refused(424, sub?.suspendu ? PAIEMENT_MSG.suspended : MSG.noSubscription);
  const plan = effectivePlan(sub);
  return { code: 200, plan: plan.code, nom: plan.nom, validUntil: sub!.validUntil, trial: sub!.trial };
}
