// The one interface every mobile-money provider sits behind. Each provider is one file
// (wave.ts, orange-money.ts) holding everything we assume about its API, so a correction found in a
// provider's sandbox touches one file. Statuses are reduced to ours: PENDING, SUCCESS, FAILED.
import type { PaymentCountry, PaymentService } from '@shared/paiements';
import { PROVIDER_UNAVAILABLE } from '@shared/paiement-flow';
import type { PaymentSecrets } from '../secrets';

export type ProviderStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

export interface InitiateInput {
  /** Our reference (GNR-<tenant>-<payment>), sent to the provider and echoed in its webhooks. */
  reference: string;
  amount: number;
  pays: PaymentCountry;
  /** International number without "+" (221771234567). */
  msisdn: string;
  otp?: string;
  /** Wave sends the payer back to one of these. */
  successUrl: string;
  errorUrl: string;
}

export interface InitiateResult {
  status: ProviderStatus;
  /** The provider's id of the payment (Wave: cos-…; Orange Money: transactionId). */
  providerRef?: string;
  /** Wave: where the payer validates (wave_launch_url). */
  paymentLink?: string;
  /** Why it failed, in French, for the history. */
  reason?: string;
}

export interface StatusResult {
  status: ProviderStatus;
  reason: string | null;
}

export interface WebhookRequest {
  headers: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  rawBody: Buffer;
}

/** A webhook the provider really sent (authenticity checked), reduced to what we act on. */
export interface WebhookEvent {
  /** De-duplication key: the same event delivered twice has the same id. */
  eventId: string;
  /** Our reference, when the provider echoes it. */
  reference: string | null;
  providerRef: string | null;
  /** What the event claims; never granted on its word (the flow re-reads the status). */
  claimed: ProviderStatus;
}

export interface PaymentProvider {
  readonly service: PaymentService;
  initiate(input: InitiateInput, secrets: PaymentSecrets): Promise<InitiateResult>;
  /** The provider's current status of a payment (its status API): the only source of truth. */
  status(providerRef: string, secrets: PaymentSecrets): Promise<StatusResult>;
  /** Stops a payment that could still be paid; answers SUCCESS when it was paid meanwhile. */
  close(providerRef: string, secrets: PaymentSecrets): Promise<StatusResult>;
  /** Authenticates a webhook on its exact bytes; throws WebhookRejected otherwise. */
  verifyWebhook(req: WebhookRequest, secrets: PaymentSecrets, now: Date): WebhookEvent;
}

/** The provider could not be reached or answered 5xx/429: retried by the flow, never a refusal. */
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = PROVIDER_UNAVAILABLE;
  }
}

/** A webhook we refuse: 401 (not authentic: bad, missing or stale signature) or 400 (malformed). */
export class WebhookRejected extends Error {
  constructor(
    readonly status: 400 | 401,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookRejected';
  }
}

/** fetch with a timeout; network failures and 5xx/429 become ProviderUnavailable. */
export async function providerFetch(provider: string, url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; body: any }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new ProviderUnavailable(
      `${provider}: ${(err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable'} (${init.method ?? 'GET'} ${new URL(url).pathname})`,
    );
  }
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { raw: text.slice(0, 200) };
  }
  if (res.status >= 500 || res.status === 429) {
    throw new ProviderUnavailable(`${provider}: HTTP ${res.status} (${init.method ?? 'GET'} ${new URL(url).pathname})`);
  }
  return { status: res.status, body };
}
