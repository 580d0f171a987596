// The payment flow's Task states (shared/paiement-flow.ts), one action each. In AWS this is the
// payment-flow Lambda invoked by Step Functions (`lambda:invoke`, payload = the state's
// Parameters.Payload); locally the same function is called in-process by the local runner.
import { formatDate, formatFcfa } from '@shared/format';
import { receiptMail } from '@shared/messages/paiements';
import type { PaymentFlowAction } from '@shared/paiement-flow';
import { SERVICES } from '@shared/paiements';
import { planFor } from '@shared/plans';
import { sendMail } from '../lib/mail';
import { countMetric } from '../lib/metrics';
import { providerFor } from './providers';
import type { StatusResult } from './providers/types';
import { activatePayment, closePayment, getPayment, getReceipt, markReceiptMailed, storeTaskToken, type ActivationResult } from './repository';
import { paymentSecrets } from './secrets';
import { resumeFlow } from './sfn';
import { PAIEMENT_MSG } from '@shared/messages/paiements';

export interface FlowTask {
  action: PaymentFlowAction;
  tenantId: number;
  paymentId: number;
  taskToken?: string;
  outcome?: 'FAILED' | 'EXPIRED';
  reason?: string | null;
}

/** Waits for the webhook: stores the token; a webhook that came first completes the wait at once. */
async function awaitCallback(task: FlowTask): Promise<Record<string, never>> {
  const token = task.taskToken!;
  const item = await storeTaskToken(task.tenantId, task.paymentId, token);
  // No longer PENDING (closed meanwhile), or the provider already called: go and confirm now.
  if (!item || item.callbackAt) await resumeFlow(token, { claimed: 'UNKNOWN' });
  return {};
}

async function checkStatus(task: FlowTask): Promise<StatusResult> {
  const p = await getPayment(task.tenantId, task.paymentId);
  if (!p) return { status: 'FAILED', reason: PAIEMENT_MSG.raisonIntrouvable };
  if (p.status === 'SUCCESS') return { status: 'SUCCESS', reason: null };
  if (!p.providerRef) return { status: 'FAILED', reason: PAIEMENT_MSG.raisonInconnuFournisseur };
  return providerFor(p.service).status(p.providerRef, await paymentSecrets());
}

/** Ends a payment that was not paid: closed at the provider, then FAILED or EXPIRED here. */
async function close(task: FlowTask): Promise<{ status: string }> {
  const p = await getPayment(task.tenantId, task.paymentId);
  if (!p) return { status: 'FAILED' };
  if (p.status === 'SUCCESS') return { status: 'SUCCESS' };
  const outcome = task.outcome ?? 'FAILED';
  let reason = task.reason ?? null;
  if (p.providerRef) {
    const closed = await providerFor(p.service).close(p.providerRef, await paymentSecrets());
    if (closed.status === 'SUCCESS') return { status: 'SUCCESS' };
    reason ??= closed.reason;
  }
  const closedNow = await closePayment(
    task.tenantId,
    task.paymentId,
    outcome,
    reason ?? (outcome === 'EXPIRED' ? PAIEMENT_MSG.raisonExpire : PAIEMENT_MSG.raisonRefuse),
  );
  // Counted once: a retried task finds the payment already closed.
  if (closedNow) countMetric(outcome === 'EXPIRED' ? 'PaymentsExpired' : 'PaymentsFailed', { provider: p.service });
  return { status: outcome };
}

async function activate(task: FlowTask): Promise<{ result: ActivationResult }> {
  const result = await activatePayment(task.tenantId, task.paymentId);
  if (result === 'activated') {
    const p = await getPayment(task.tenantId, task.paymentId);
    countMetric('PaymentsConfirmed', { provider: p?.service ?? 'unknown' });
  }
  return { result };
}

/** Mails the receipt once; a retried task after a sent mail finds it marked and stops. */
async function mailReceipt(task: FlowTask): Promise<{ mailed: boolean }> {
  const r = await getReceipt(task.tenantId, task.paymentId);
  if (!r || r.mailedAt) return { mailed: false };
  const mail = receiptMail({
    entreprise: r.entreprise,
    recu: r.recu,
    plan: planFor(r.plan).nom,
    nbMois: r.nbMois,
    montant: formatFcfa(r.montant),
    service: SERVICES[r.service].nom,
    numero: r.numero,
    debut: formatDate(r.periodeDebut),
    fin: formatDate(r.periodeFin),
    reference: r.reference,
  });
  await sendMail({ to: r.email, ...mail });
  return { mailed: await markReceiptMailed(task.tenantId, task.paymentId) };
}

const ACTIONS: Record<PaymentFlowAction, (task: FlowTask) => Promise<unknown>> = { awaitCallback, checkStatus, close, activate, mailReceipt };

/** One Task state of the payment flow. */
export async function runFlowTask(task: FlowTask): Promise<unknown> {
  const fn = ACTIONS[task.action];
  if (!fn || !Number.isInteger(task.tenantId) || !Number.isInteger(task.paymentId)) throw new Error(`Unknown payment flow task ${JSON.stringify(task.action)}`);
  return fn(task);
}
