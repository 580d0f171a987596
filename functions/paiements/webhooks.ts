// The providers' webhooks: public rows of the route table with the raw body (the signature covers
// the exact bytes). Order of checks: rate limit per IP → authenticity (401, nothing written) →
// shape (400) → our payment (404, nothing written) → de-duplication on the provider's event id
// (a redelivery or a replay answers 200 and does nothing) → wake the waiting flow. The webhook
// never grants anything itself: the flow re-reads the status from the provider's API.
import type { PaymentService } from '@shared/paiements';
import { PAIEMENT_MSG } from '@shared/messages/paiements';
import { AppError, notFound } from '../lib/errors';
import type { PublicRouteContext } from '../lib/http';
import { enforceRateLimit } from '../lib/rate-limit';
import { paymentsConfig } from './config';
import { providerFor } from './providers';
import { WebhookRejected, type WebhookEvent } from './providers/types';
import { claimEvent, executionName, getPayment, parseReference, recordCallback } from './repository';
import { paymentSecrets } from './secrets';
import { keepFlowWaiting, resumeFlow, startPaymentFlow } from './sfn';

/** Per source IP and provider: far above a provider's real rate, far below a flood. */
const limitOf = (service: PaymentService) => ({ name: `webhook-${service}`, limit: 300, windowSeconds: 60 });

async function receive(service: PaymentService, ctx: PublicRouteContext) {
  await enforceRateLimit(limitOf(service), ctx.sourceIp || 'unknown');
  let event: WebhookEvent;
  try {
    event = providerFor(service).verifyWebhook({ headers: ctx.headers, query: ctx.query, rawBody: ctx.rawBody }, await paymentSecrets(), new Date());
  } catch (err) {
    if (!(err instanceof WebhookRejected)) throw err;
    if (err.status === 401) throw new AppError(401, err.message === 'stale signature' ? PAIEMENT_MSG.staleSignature : PAIEMENT_MSG.badSignature);
    throw new AppError(400, PAIEMENT_MSG.badWebhook);
  }
  return handleEvent(service, event);
}

async function handleEvent(service: PaymentService, event: WebhookEvent) {
  const ref = parseReference(event.reference);
  const payment = ref ? await getPayment(ref.tenantId, ref.id) : null;
  if (!ref || !payment || payment.service !== service || (event.providerRef && payment.providerRef && event.providerRef !== payment.providerRef)) {
    throw notFound(PAIEMENT_MSG.paymentNotFound);
  }
  // The same event delivered again (the providers retry; an attacker may replay): nothing more.
  if (!(await claimEvent(service, event.eventId, ref))) return { code: 200, received: true, duplicate: true };

  if (payment.status !== 'PENDING') {
    // Paid after we gave up waiting (EXPIRED/FAILED): a reconciliation run confirms and grants it.
    if (event.claimed === 'SUCCESS' && payment.status !== 'SUCCESS') {
      await startPaymentFlow(executionName(ref.tenantId, ref.id, '-late'), {
        tenantId: ref.tenantId,
        paymentId: ref.id,
        initialStatus: 'SUCCESS',
        poll: { count: 0 },
        timing: paymentsConfig().timing,
      });
    }
    return { code: 200, received: true };
  }
  if (event.claimed === 'PENDING') {
    // A progress event: the flow keeps waiting for the final one.
    if (payment.taskToken) await keepFlowWaiting(payment.taskToken);
    return { code: 200, received: true };
  }
  // Final event: noted on the payment (the flow reads it if it starts waiting after this), and
  // the waiting flow, if any, goes on to confirm with the status API.
  const item = await recordCallback(ref.tenantId, ref.id);
  if (item.taskToken) await resumeFlow(item.taskToken, { claimed: event.claimed, eventId: event.eventId });
  return { code: 200, received: true };
}

export const waveWebhook = (ctx: PublicRouteContext) => receive('wave', ctx);
export const orangeMoneyWebhook = (ctx: PublicRouteContext) => receive('orange_money', ctx);
