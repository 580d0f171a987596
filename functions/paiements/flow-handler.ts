// Lambda entry of the payment flow's Task states (Step Functions `lambda:invoke`): the event is
// the state's Payload (shared/paiement-flow.ts), the answer its result. Each task runs in the
// correlation id of the API call that started the payment and logs one line.
import { config } from '../lib/config';
import { errorFields, log } from '../lib/log';
import { runWithContext } from '../lib/request-context';
import { paymentsConfig } from './config';
import { PAYMENT_FLOW_FUNCTION } from './constants';
import { runFlowTask, type FlowTask } from './flow';
import { watchStuckPayments } from './watch';

/** The scheduled event of the stuck-payment watch (infra/cdk/constructs/monitoring.ts). */
export const WATCH_ACTION = 'watchStuckPayments';

config(); // cold start: fail loudly on missing configuration
paymentsConfig();

export const handler = (event: FlowTask & { correlationId?: string }, context?: { awsRequestId?: string }) => {
  if ((event?.action as string) === WATCH_ACTION) {
    const id = context?.awsRequestId ?? `watch-${Date.now()}`;
    return runWithContext({ domain: PAYMENT_FLOW_FUNCTION, requestId: id, correlationId: id }, () => watchStuckPayments());
  }
  const requestId = context?.awsRequestId ?? `task-${event.tenantId}-${event.paymentId}-${event.action}`;
  const correlationId = typeof event.correlationId === 'string' && event.correlationId ? event.correlationId : requestId;
  return runWithContext({ domain: PAYMENT_FLOW_FUNCTION, requestId, correlationId, tenantId: event.tenantId }, async () => {
    const started = performance.now();
    const fields = { action: event.action, paymentId: event.paymentId };
    try {
      const out = await runFlowTask(event);
      log.info('flow task', { ...fields, durationMs: Math.round(performance.now() - started) });
      return out;
    } catch (err) {
      // Step Functions retries or catches it (shared/paiement-flow.ts); the line says why.
      log.error('flow task failed', { ...fields, durationMs: Math.round(performance.now() - started), error: errorFields(err) });
      throw err;
    }
  });
};
