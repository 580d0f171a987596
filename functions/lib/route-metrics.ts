// The metrics a request's route and answer say on their own, counted in one place after each
// request (functions/lib/http/) rather than inside each domain's code: a sign-up that answered
// 200 is a sign-up, a login that answered 401 a refused login, 429 a locked one, a webhook
// refused with 401/400/404/429 a refused webhook by reason. Metrics that need what only the
// domain knows (a payment's provider and outcome) are counted by that domain
// (functions/paiements/).
import { countMetric } from './metrics';

const WEBHOOK_REASON: Record<number, string> = { 400: 'malformed', 401: 'signature', 404: 'unknown-payment', 429: 'rate-limited' };
const WEBHOOK_PROVIDER: Record<string, string> = {
  'POST /api/paiement/webhook/wave': 'wave',
  'POST /api/paiement/webhook/orange-money': 'orange_money',
};

/** `replayed`: an outbox resend answered from the first answer (functions/lib/idempotency.ts) is not a second sale. */
export function recordRouteMetrics(domain: string, routeKey: string | undefined, status: number, replayed = false): void {
  if (status >= 500) countMetric('Responses5xx', { domain });
  else if (status >= 400) countMetric('Responses4xx', { domain });
  const key = routeKey ?? '';
  const provider = WEBHOOK_PROVIDER[key];
  if (provider && status >= 400 && status < 500) countMetric('WebhooksRefused', { provider, reason: WEBHOOK_REASON[status] ?? `http-${status}` });
  if (replayed || (status !== 200 && key !== 'POST /api/login')) return;
  switch (key) {
    case 'POST /api/inscription':
      countMetric('SignUps');
      break;
    case 'POST /api/login':
      if (status === 401) countMetric('LoginsRefused');
      else if (status === 429) countMetric('LoginsLocked');
      break;
    case 'POST /api/vente':
      countMetric('SalesRecorded');
      break;
    case 'POST /api/commande/addCommande':
      countMetric('OrdersRecorded', { channel: 'boutique' });
      break;
    case 'POST /api/vitrine/commande':
      countMetric('OrdersRecorded', { channel: 'vitrine' });
      break;
  }
}
