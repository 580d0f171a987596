// The one transaction that grants a confirmed payment, and the revenue of the months it adds to
// (`OPS#REVENUS / MOIS#<yyyy-mm>`).
import { planFor } from '@shared/plans';
import { tableName } from '../../lib/ddb';
import { getSubscription, subscriptionChange, type Subscription } from '../../lib/repo/subscriptions';
import { toStored } from '../../lib/repo/stored-names';
import { queryAll } from '../../lib/store';
import { mayRefuse, refuseWith, staleRead, transactIfAllowed, untilWritten } from '../../lib/refusal';
import { extendPeriod } from '../period';
import { vendeurIndexSteps } from '../../ecommerce/public';
import { key, month, receiptNumber } from './keys';
import { getPayment } from './payments';
import type { ReceiptItem } from './receipts';

export type ActivationResult = 'activated' | 'already' | 'not-found';

/** Readings of the subscription before the activation gives up for this run of the task. */
const ACTIVATION_ATTEMPTS = 10;
/** The flow's task fails and Step Functions runs it again (its Retry): the payment stays confirmed, not yet granted. */
const subscriptionBusy = () => new Error(`activation: the subscription changed at each of ${ACTIVATION_ATTEMPTS} readings`);

/**
 * Grants a confirmed payment, exactly once, in ONE transaction: the payment becomes SUCCESS (only
 * from a non-SUCCESS state), the subscription gets its new period (only if unchanged since read),
 * the receipt is written, and the month's revenue grows. A concurrent change of the subscription
 * (another payment, the operator) cancels it: it is re-read and recomputed, so no month is lost.
 */
export async function activatePayment(tenantId: number, id: number, now = () => new Date()): Promise<ActivationResult> {
  return untilWritten(
    async () => {
      const payment = await getPayment(tenantId, id);
      if (!payment) return 'not-found';
      if (payment.status === 'SUCCESS') return 'already';
      const sub = await getSubscription(tenantId, true);
      const at = now();
      const plan = planFor(payment.plan);
      const period = extendPeriod(sub, plan, payment.nbMois, at);
      const next: Subscription = { plan: plan.code, validUntil: period.fin.toISOString(), trial: false, origine: 'paiement', suspendu: sub?.suspendu === true };
      const recu = receiptNumber(tenantId, id);
      const receipt: ReceiptItem = {
        recu,
        paymentId: id,
        montant: payment.montant,
        plan: payment.plan,
        nbMois: payment.nbMois,
        service: payment.service,
        numero: payment.numero,
        reference: payment.reference,
        periodeDebut: period.debut.toISOString(),
        periodeFin: period.fin.toISOString(),
        createdAt: at.toISOString(),
        email: payment.email,
        entreprise: payment.entreprise,
      };
      // The subscription moved since it was read (another payment, the operator): recompute.
      const change = subscriptionChange(tenantId, sub, next);
      // The seller's entry in the marketplace's town indexes follows, or the whole is read again.
      const vitrine = await vendeurIndexSteps(tenantId, next);
      // The payment already SUCCESS, or its receipt written: granted once already.
      const written = await transactIfAllowed([
        mayRefuse({
          Update: {
            TableName: tableName(),
            Key: key.payment(tenantId, id),
            UpdateExpression:
              'SET #s = :ok, periode_debut = :d, periode_fin = :f, recu = :recu, updated_at = :now REMOVE task_token, taskToken, reason, periodeDebut, periodeFin, updatedAt',
            ConditionExpression: 'attribute_exists(PK) AND #s <> :ok',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':ok': 'SUCCESS', ':d': receipt.periodeDebut, ':f': receipt.periodeFin, ':recu': recu, ':now': at.toISOString() },
          },
        }),
        refuseWith(staleRead(), change),
        ...vitrine.steps,
        mayRefuse({
          Put: {
            TableName: tableName(),
            Item: { ...key.receipt(tenantId, id), entity: 'RECU', ...toStored(receipt) },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        }),
        {
          Update: {
            TableName: tableName(),
            Key: key.revenue(month(at.toISOString())),
            UpdateExpression: 'ADD montant :m, paiements :one SET entity = :type',
            ExpressionAttributeValues: { ':m': payment.montant, ':one': 1, ':type': 'REVENU' },
          },
        },
      ]);
      if (!written) return 'already';
      await vitrine.apres();
      return 'activated';
    },
    ACTIVATION_ATTEMPTS,
    subscriptionBusy,
  );
}

/** Revenue of the months in [from, to] (yyyy-mm), one Query. */
export async function revenueMonths(from: string, to: string): Promise<{ mois: string; montant: number; paiements: number }[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':pk': 'OPS#REVENUS', ':a': `MOIS#${from}`, ':b': `MOIS#${to}` },
    ConsistentRead: true,
  });
  return items.map((i) => ({ mois: String(i.SK).slice(5), montant: Number(i.montant ?? 0), paiements: Number(i.paiements ?? 0) }));
}
