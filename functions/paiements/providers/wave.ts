// Wave Checkout (Sénégal, Côte d'Ivoire), as documented (Checkout API, webhooks) and completed from
// integration code (design/payments.md). Every assumption about Wave lives in this file:
// - POST /v1/checkout/sessions {amount (text), currency XOF, success_url, error_url,
//   client_reference, restrict_payer_mobile} → {id: cos-…, wave_launch_url, checkout_status,
//   payment_status, when_expires}; GET /v1/checkout/sessions/:id; POST …/:id/expire;
//   `Authorization: Bearer <API key>`; `Idempotency-Key` so a retried create makes one session.
// - payment_status succeeded → SUCCESS; cancelled, or checkout_status expired → FAILED; else PENDING.
//   A cancelled attempt ends ours: the flow expires the session so it cannot be paid afterwards.
// - Webhooks: body = Event {id, type, data: session}; header `Wave-Signature: t=<unix>,v1=<hex>[,v1=…]`,
//   v1 = HMAC-SHA256(webhook secret, t + raw body) — Wave's documentation concatenates without a
//   separator (some code adds "."; the sandbox follows the documentation). 5-minute window.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentSecrets } from '../secrets';
import { PAIEMENT_MSG } from '@shared/messages/paiements';
import {
  providerFetch,
  WebhookRejected,
  type InitiateInput,
  type InitiateResult,
  type PaymentProvider,
  type StatusResult,
  type WebhookEvent,
  type WebhookRequest,
} from './types';

/** Accepted age (and clock skew ahead) of a signature's timestamp. */
export const WAVE_SIGNATURE_TOLERANCE_SECONDS = 300;

interface Session {
  id?: string;
  wave_launch_url?: string;
  checkout_status?: string;
  payment_status?: string;
  client_reference?: string;
  last_payment_error?: { code?: string; message?: string } | null;
}

function statusOf(s: Session): StatusResult {
  if (s.payment_status === 'succeeded') return { status: 'SUCCESS', reason: null };
  if (s.payment_status === 'cancelled') return { status: 'FAILED', reason: PAIEMENT_MSG.waveRefus(s.last_payment_error?.message) };
  if (s.checkout_status === 'expired') return { status: 'FAILED', reason: PAIEMENT_MSG.waveExpiree };
  return { status: 'PENDING', reason: null };
}

export function waveSignature(secret: string, timestamp: string, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(timestamp).update(rawBody).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export class WaveProvider implements PaymentProvider {
  readonly service = 'wave' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  private headers(s: PaymentSecrets, extra: Record<string, string> = {}): Record<string, string> {
    return { authorization: `Bearer ${s.wave.apiKey}`, 'content-type': 'application/json', ...extra };
  }

  async initiate(input: InitiateInput, s: PaymentSecrets): Promise<InitiateResult> {
    const { status, body } = await providerFetch(
      'Wave',
      `${this.baseUrl}/v1/checkout/sessions`,
      {
        method: 'POST',
        headers: this.headers(s, { 'idempotency-key': input.reference }),
        body: JSON.stringify({
          amount: String(input.amount),
          currency: 'XOF',
          success_url: input.successUrl,
          error_url: input.errorUrl,
          client_reference: input.reference,
          restrict_payer_mobile: `+${input.msisdn}`,
        }),
      },
      this.timeoutMs,
    );
    if (status !== 200 && status !== 201) {
      return { status: 'FAILED', reason: PAIEMENT_MSG.waveSessionRefusee(body?.message ?? body?.code ?? `HTTP ${status}`) };
    }
    const session = body as Session;
    if (!session?.id || !session.wave_launch_url) return { status: 'FAILED', reason: PAIEMENT_MSG.waveIncomplet };
    return { status: 'PENDING', providerRef: session.id, paymentLink: session.wave_launch_url };
  }

  async status(ref: string, s: PaymentSecrets): Promise<StatusResult> {
    const { status, body } = await providerFetch(
      'Wave',
      `${this.baseUrl}/v1/checkout/sessions/${encodeURIComponent(ref)}`,
      { method: 'GET', headers: this.headers(s) },
      this.timeoutMs,
    );
    if (status === 404) return { status: 'FAILED', reason: PAIEMENT_MSG.waveIntrouvable };
    if (status !== 200) return { status: 'PENDING', reason: null };
    return statusOf(body as Session);
  }

  async close(ref: string, s: PaymentSecrets): Promise<StatusResult> {
    const { status } = await providerFetch(
      'Wave',
      `${this.baseUrl}/v1/checkout/sessions/${encodeURIComponent(ref)}/expire`,
      { method: 'POST', headers: this.headers(s) },
      this.timeoutMs,
    );
    // 200: expired now. Anything else (already complete, already expired): the session says which.
    if (status === 200) return { status: 'FAILED', reason: null };
    return this.status(ref, s);
  }

  verifyWebhook(req: WebhookRequest, s: PaymentSecrets, now: Date): WebhookEvent {
    const header = req.headers['wave-signature'];
    if (!header) throw new WebhookRejected(401, 'missing Wave-Signature');
    let timestamp: string | undefined;
    const signatures: string[] = [];
    for (const part of header.split(',')) {
      const [k, v] = part.trim().split('=', 2);
      if (k === 't') timestamp = v;
      else if (k === 'v1' && v) signatures.push(v);
    }
    if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) throw new WebhookRejected(401, 'malformed Wave-Signature');
    const expected = waveSignature(s.wave.webhookSecret, timestamp, req.rawBody);
    if (!signatures.some((sig) => /^[0-9a-f]+$/i.test(sig) && sameHex(sig.toLowerCase(), expected))) throw new WebhookRejected(401, 'bad signature');
    // Checked after the signature, so a forged timestamp cannot tell anything about the secret.
    if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WAVE_SIGNATURE_TOLERANCE_SECONDS) throw new WebhookRejected(401, 'stale signature');
    let event: { id?: unknown; type?: unknown; data?: Session };
    try {
      event = JSON.parse(req.rawBody.toString('utf8'));
    } catch {
      throw new WebhookRejected(400, 'body is not JSON');
    }
    if (!event || typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data || typeof event.data !== 'object') {
      throw new WebhookRejected(400, 'not a Wave event');
    }
    const claimed = event.type === 'checkout.session.completed' ? 'SUCCESS' : event.type === 'checkout.session.payment_failed' ? 'FAILED' : 'PENDING';
    return {
      eventId: event.id,
      reference: typeof event.data.client_reference === 'string' ? event.data.client_reference : null,
      providerRef: typeof event.data.id === 'string' ? event.data.id : null,
      claimed,
    };
  }
}
