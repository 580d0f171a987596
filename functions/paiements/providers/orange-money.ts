// Orange Money Sénégal (Sonatel). No official page was found; several integration projects agree on
// what this file assumes (design/payments.md), and every such assumption lives here:
// - OAuth2 client credentials: POST /oauth/token (form) → {access_token, expires_in}.
// - One-step merchant payment: POST /api/eWallet/v1/payments/onestep
//   {customer:{idType:MSISDN, id, otp}, partner:{idType:CODE, id}, amount:{value, unit:XOF}, reference}
//   → {transactionId, status, description}. A 4xx (wrong or expired code, no funds) is a refusal.
// - Status: GET /api/eWallet/v1/transactions/{transactionId}/status → {status}: SUCCESS; FAILED,
//   CANCELLED, REJECTED, EXPIRED → FAILED; INITIATED, PRE_INITIATED, PENDING, ACCEPTED → PENDING.
// - Callback: registered once per merchant (POST /api/notification/v1/merchantcallback
//   {apiKey, code, name, callbackUrl}); payload {reference, transactionId, status, type, …}. No
//   signature scheme is documented, so (docs/decisions.md) the callback URL we register carries our
//   secret `callbackKey` as `?cle=`, compared in constant time, and a callback is never believed:
//   it only wakes the flow, which re-reads the status from the API before granting anything.
import { timingSafeEqual } from 'node:crypto';
import type { PaymentSecrets } from '../secrets';
import { PAIEMENT_MSG } from '@shared/messages/paiements';
import {
  providerFetch,
  ProviderUnavailable,
  WebhookRejected,
  type InitiateInput,
  type InitiateResult,
  type PaymentProvider,
  type ProviderStatus,
  type StatusResult,
  type WebhookEvent,
  type WebhookRequest,
} from './types';

export const OM_CALLBACK_PATH = '/api/paiement/webhook/orange-money';

function omStatus(raw: unknown): ProviderStatus {
  switch (String(raw ?? '').toUpperCase()) {
    case 'SUCCESS':
      return 'SUCCESS';
    case 'FAILED':
    case 'CANCELLED':
    case 'REJECTED':
    case 'EXPIRED':
      return 'FAILED';
    default:
      return 'PENDING';
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class OrangeMoneyProvider implements PaymentProvider {
  readonly service = 'orange_money' as const;
  private token: { value: string; until: number } | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  private async accessToken(s: PaymentSecrets, fresh = false): Promise<string> {
    if (!fresh && this.token && this.token.until > Date.now()) return this.token.value;
    const { status, body } = await providerFetch(
      'Orange Money',
      `${this.baseUrl}/oauth/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: s.orangeMoney.clientId,
          client_secret: s.orangeMoney.clientSecret,
        }).toString(),
      },
      this.timeoutMs,
    );
    // Our own credentials refused: nothing a retry would fix, but nothing the payer did either.
    if (status !== 200 || typeof body?.access_token !== 'string') throw new ProviderUnavailable(`Orange Money: token refused (HTTP ${status})`);
    const ttl = Number(body.expires_in) > 0 ? Number(body.expires_in) : 300;
    this.token = { value: body.access_token, until: Date.now() + (ttl - 30) * 1000 };
    return this.token.value;
  }

  /** A call with our bearer token; a 401 (token revoked early) gets one fresh token and one retry. */
  private async call(s: PaymentSecrets, path: string, init: RequestInit): Promise<{ status: number; body: any }> {
    for (const fresh of [false, true]) {
      const token = await this.accessToken(s, fresh);
      const res = await providerFetch(
        'Orange Money',
        `${this.baseUrl}${path}`,
        { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } },
        this.timeoutMs,
      );
      if (res.status !== 401 || fresh) return res;
    }
    throw new ProviderUnavailable('Orange Money: unreachable');
  }

  async initiate(input: InitiateInput, s: PaymentSecrets): Promise<InitiateResult> {
    const { status, body } = await this.call(s, '/api/eWallet/v1/payments/onestep', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customer: { idType: 'MSISDN', id: input.msisdn, otp: input.otp ?? '' },
        partner: { idType: 'CODE', id: s.orangeMoney.merchantCode },
        amount: { value: input.amount, unit: 'XOF' },
        reference: input.reference,
      }),
    });
    if (status >= 400) {
      return { status: 'FAILED', reason: PAIEMENT_MSG.orangeRefus(body?.detail ?? body?.description ?? body?.message ?? `HTTP ${status}`) };
    }
    if (typeof body?.transactionId !== 'string') return { status: 'FAILED', reason: PAIEMENT_MSG.orangeIncomplet };
    const st = omStatus(body.status);
    return {
      status: st,
      providerRef: body.transactionId,
      reason: st === 'FAILED' ? PAIEMENT_MSG.orangeRefus(body.description ?? body.status) : undefined,
    };
  }

  async status(ref: string, s: PaymentSecrets): Promise<StatusResult> {
    const { status, body } = await this.call(s, `/api/eWallet/v1/transactions/${encodeURIComponent(ref)}/status`, { method: 'GET' });
    if (status === 404) return { status: 'FAILED', reason: PAIEMENT_MSG.orangeIntrouvable };
    if (status !== 200) return { status: 'PENDING', reason: null };
    const st = omStatus(body?.status);
    return { status: st, reason: st === 'FAILED' ? `Orange Money : ${String(body?.status).toLowerCase()}` : null };
  }

  /** A one-step payment cannot be withdrawn: its final status is the answer. */
  async close(ref: string, s: PaymentSecrets): Promise<StatusResult> {
    return this.status(ref, s);
  }

  verifyWebhook(req: WebhookRequest, s: PaymentSecrets): WebhookEvent {
    const key = req.query.cle;
    if (!key || !sameText(key, s.orangeMoney.callbackKey)) throw new WebhookRejected(401, 'bad callback key');
    let body: { reference?: unknown; transactionId?: unknown; status?: unknown };
    try {
      body = JSON.parse(req.rawBody.toString('utf8'));
    } catch {
      throw new WebhookRejected(400, 'body is not JSON');
    }
    if (!body || typeof body.transactionId !== 'string' || typeof body.reference !== 'string') throw new WebhookRejected(400, 'not an Orange Money callback');
    const claimed = omStatus(body.status);
    return { eventId: `${body.transactionId}:${claimed}`, reference: body.reference, providerRef: body.transactionId, claimed };
  }

  /** Registers our callback URL with Orange Money (once per environment: docs/deploy.md). */
  async registerCallback(publicUrl: string, s: PaymentSecrets, name = 'Ganaar'): Promise<void> {
    const callbackUrl = `${publicUrl}${OM_CALLBACK_PATH}?cle=${encodeURIComponent(s.orangeMoney.callbackKey)}`;
    const { status, body } = await this.call(s, '/api/notification/v1/merchantcallback', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: s.orangeMoney.callbackKey, code: s.orangeMoney.merchantCode, name, callbackUrl }),
    });
    if (status >= 400) throw new Error(`Orange Money refused the callback registration: HTTP ${status} ${JSON.stringify(body)}`);
  }
}
