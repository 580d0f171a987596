// Subscription check: 200 while a subscription or trial is valid, 424 otherwise (spec part 1 §7).
import { MSG } from '../../shared/messages';
import { effectivePlan } from '../../shared/plans';
import { refused } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { getSubscription, isValid } from '../lib/repo/subscriptions';

export async function checkPlan(ctx: RouteContext) {
  const sub = await getSubscription(ctx.auth.tenantId);
  if (!isValid(sub)) throw refused(424, MSG.noSubscription);
  const plan = effectivePlan(sub);
  return { code: 200, plan: plan.code, nom: plan.nom, validUntil: sub!.validUntil, trial: sub!.trial };
}
