// A business's own health plans (SANTE#PLAN#<id> on the business's partition; the built-in ones
// are code, shared/sante/plans-defaut.ts). A plan is written whole: its steps are a list.
import type { PlanSante } from '@shared/sante/plans-defaut';
import { SANTE_MSG } from '@shared/messages/sante';
import { tableName } from '../../lib/ddb';
import { notFound } from '../../lib/errors';
import { refuseWith, transactOrRefuse } from '../../lib/refusal';
import { queryPrefix, type TxItem } from '../../lib/store';
import { toPlanSante } from '../../bandes/public';
import { k } from './keys';

export async function ownPlans(t: number): Promise<PlanSante[]> {
  return (await queryPrefix(t, k.planPrefix)).map((i) => toPlanSante(i));
}

/**
 * Writes a plan: a new one (`create`: its id must be free) or an edit of one that exists (another
 * business's id is not on this business's partition: 404). Batches keep the steps they were given
 * (their calendar is a copy), so an edit never rewrites a step already done or skipped. A
 * transaction of one item, so that a write sent with an Idempotency-Key (the outbox) commits with
 * the key's record: ten sends of one key at once make one plan.
 */
export async function putPlan(t: number, plan: Omit<PlanSante, 'defaut'>, create: boolean): Promise<void> {
  const item: TxItem = {
    Put: {
      TableName: tableName(),
      Item: {
        ...k.plan(t, plan.id),
        entity: 'SANTE_PLAN',
        id: plan.id,
        nom: plan.nom,
        type: plan.type,
        etapes: plan.etapes,
        updated_at: new Date().toISOString(),
      },
      ConditionExpression: create ? 'attribute_not_exists(PK)' : 'attribute_exists(PK)',
    },
  };
  await transactOrRefuse([create ? item : refuseWith(notFound(SANTE_MSG.planNotFound), item)]);
}
