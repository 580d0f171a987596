// Configuration of the payments Lambdas (the HTTP one and the payment flow's tasks), read and
// checked once at cold start like functions/lib/config.ts. The product knows each provider only by
// its base URL: the real API in AWS, the local sandbox on a laptop (infra/local/payments.ts).
import type { PaymentFlowTiming } from '@shared/paiement-flow';

export interface PaymentsConfig {
  /** Standard state machine running each payment (shared/paiement-flow.ts). */
  stateMachineArn: string;
  /** Local stack only: the local Step Functions endpoint. */
  sfnEndpoint?: string;
  waveApiUrl: string;
  orangeMoneyApiUrl: string;
  /** AWS: Secrets Manager secret holding the providers' credentials (JSON). */
  secretsArn?: string;
  /** Local: the same JSON in a file under DATA_DIR. */
  secretsFile?: string;
  /** Where users open Ganaar: Wave sends the payer back there; Orange Money calls our webhook there. */
  publicUrl: string;
  timing: PaymentFlowTiming;
  /** How long api/initMensualitePaiement waits for an immediate (Orange Money) payment to be granted. */
  syncWaitMs: number;
  /** Per provider HTTP call. */
  providerTimeoutMs: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`Configuration: ${name} must be an integer ≥ ${min}, got "${raw}"`);
  return n;
}

function url(env: NodeJS.ProcessEnv, name: string, fallback?: string): string {
  const raw = env[name] || fallback;
  if (!raw) throw new Error(`Configuration: missing ${name}`);
  try {
    const u = new URL(raw);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error();
  } catch {
    throw new Error(`Configuration: ${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

export function readPaymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const stateMachineArn = env.PAYMENT_STATE_MACHINE_ARN;
  if (!stateMachineArn) throw new Error('Configuration: missing PAYMENT_STATE_MACHINE_ARN');
  if (!env.PAYMENT_SECRETS_ARN && !env.PAYMENT_SECRETS_FILE) throw new Error('Configuration: missing PAYMENT_SECRETS_ARN or PAYMENT_SECRETS_FILE');
  const timing: PaymentFlowTiming = {
    heartbeatSeconds: int(env, 'PAYMENT_HEARTBEAT_SECONDS', 600),
    callbackSeconds: int(env, 'PAYMENT_CALLBACK_SECONDS', 1800),
    pollSeconds: int(env, 'PAYMENT_POLL_SECONDS', 60),
    maxPolls: int(env, 'PAYMENT_MAX_POLLS', 30),
  };
  // Step Functions refuses a heartbeat that is not shorter than the task's timeout.
  if (timing.heartbeatSeconds >= timing.callbackSeconds) {
    throw new Error('Configuration: PAYMENT_HEARTBEAT_SECONDS must be smaller than PAYMENT_CALLBACK_SECONDS');
  }
  return {
    stateMachineArn,
    sfnEndpoint: env.SFN_ENDPOINT || undefined,
    waveApiUrl: url(env, 'WAVE_API_URL', 'https://api.wave.com'),
    orangeMoneyApiUrl: url(env, 'ORANGE_MONEY_API_URL', 'https://api.orange-sonatel.com'),
    secretsArn: env.PAYMENT_SECRETS_ARN || undefined,
    secretsFile: env.PAYMENT_SECRETS_FILE || undefined,
    publicUrl: url(env, 'PUBLIC_URL'),
    timing,
    syncWaitMs: int(env, 'PAYMENT_SYNC_WAIT_MS', 6000, 0),
    providerTimeoutMs: int(env, 'PAYMENT_PROVIDER_TIMEOUT_MS', 8000),
  };
}

let cached: PaymentsConfig | undefined;
export function paymentsConfig(): PaymentsConfig {
  cached ??= readPaymentsConfig();
  return cached;
}
