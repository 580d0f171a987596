// The stuck-payment watch (an EventBridge schedule invoking the payment-flow Lambda with
// `{ "action": "watchStuckPayments" }` in AWS, a timer of the local stack): a payment
// still PENDING longer than its flow can last — the webhook wait, every poll, and a margin — means
// the flow is gone (its execution failed, or never started). Each run counts them in the metric
// PaymentsPendingTooLong (0 included, so the alarm sees the watch is alive) and logs each one by
// ids, for the runbook (docs/operations.md, "Stuck payment").
import { countMetric } from '../lib/metrics';
import { log } from '../lib/log';
import { paymentsConfig } from './config';
import { pendingCreatedBetween } from './repository';

/** Beyond the flow's own longest path, before a pending payment counts as stuck. */
export const STUCK_MARGIN_SECONDS = 900;
/** How far back the watch looks: a payment stuck longer was reported by earlier runs. */
export const WATCH_LOOKBACK_HOURS = 48;

/** Seconds a payment may stay PENDING while its flow still runs. */
function flowMaxSeconds(): number {
  const t = paymentsConfig().timing;
  return t.callbackSeconds + t.maxPolls * t.pollSeconds + STUCK_MARGIN_SECONDS;
}

export async function watchStuckPayments(now = new Date()): Promise<{ stuck: number }> {
  const before = new Date(now.getTime() - flowMaxSeconds() * 1000).toISOString();
  const since = new Date(now.getTime() - WATCH_LOOKBACK_HOURS * 3600_000).toISOString();
  const stuck = await pendingCreatedBetween(since, before);
  for (const p of stuck) log.warn('payment pending too long', { tenantId: p.tenantId, paymentId: p.id, provider: p.service, createdAt: p.createdAt });
  countMetric('PaymentsPendingTooLong', stuck.length);
  return { stuck: stuck.length };
}
