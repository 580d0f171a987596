// Configuration, read and checked once at cold start: a missing variable fails loudly here,
// not deep inside a request.
import { scryptCost } from './password';

export interface Config {
  tableName: string;
  region: string;
  /** Local stack only: DynamoDB Local's URL. */
  dynamoEndpoint?: string;
  /** Local: the secret itself. AWS: the Secrets Manager ARN holding it. */
  jwtSecret?: string;
  jwtSecretArn?: string;
  tokenTtlHours: number;
  trialDays: number;
  /** Days after the end of a subscription during which its business may still write. */
  graceDays: number;
  /** Local: mail is written to this folder. AWS: sent with SES from mailFrom. */
  mailOutboxDir?: string;
  mailFrom?: string;
  /** Cookies get `Secure` unless the stack runs on plain http (local). */
  secureCookies: boolean;
  /**
   * The secret CloudFront adds to every origin request (functions/lib/client-ip.ts): locally the
   * value itself, in AWS the Secrets Manager ARN. Without either, the client IP is API Gateway's
   * source address and no forwarded address is ever trusted.
   */
  originSecret?: string;
  originSecretArn?: string;
  /** The private images bucket (product photos); checked where used (functions/lib/s3.ts). */
  imagesBucket?: string;
  /** Local stack only: s3rver's URL. */
  s3Endpoint?: string;
  /**
   * Web Push (functions/notifications): the VAPID keys {publicKey, privateKey, subject}
   * as JSON locally, or the Secrets Manager ARN holding that JSON in AWS; checked by pushConfig().
   */
  vapidKeys?: string;
  vapidSecretArn?: string;
  /**
   * Local stack only: the push-service stand-in's origin (http://127.0.0.1:<port>), the one push
   * address accepted there; unset in AWS, where only the known push services' https hosts are.
   */
  pushLocalOrigin?: string;
  /**
   * The key signing shared links (functions/partage/token.ts): locally the value itself, in AWS
   * the Secrets Manager ARN. Only the partage Lambda has it (functions/partage/config.ts checks it).
   */
  shareSecret?: string;
  shareSecretArn?: string;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Configuration: ${name} must be a positive integer, got "${raw}"`);
  return n;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const missing: string[] = [];
  const need = (name: string) => {
    const v = env[name];
    if (!v) missing.push(name);
    return v ?? '';
  };
  const cfg: Config = {
    tableName: need('TABLE_NAME'),
    region: env.AWS_REGION || 'eu-west-1',
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    jwtSecretArn: env.JWT_SECRET_ARN || undefined,
    tokenTtlHours: int(env, 'TOKEN_TTL_HOURS', 72),
    trialDays: int(env, 'TRIAL_DAYS', 30),
    graceDays: int(env, 'GRACE_DAYS', 7),
    mailOutboxDir: env.MAIL_OUTBOX_DIR || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    secureCookies: env.INSECURE_COOKIES !== '1',
    originSecret: env.ORIGIN_SECRET || undefined,
    originSecretArn: env.ORIGIN_SECRET_ARN || undefined,
    imagesBucket: env.IMAGES_BUCKET || undefined,
    s3Endpoint: env.S3_ENDPOINT || undefined,
    vapidKeys: env.VAPID_KEYS || undefined,
    vapidSecretArn: env.VAPID_SECRET_ARN || undefined,
    pushLocalOrigin: env.PUSH_LOCAL_ORIGIN || undefined,
    shareSecret: env.SHARE_SECRET || undefined,
    shareSecretArn: env.SHARE_SECRET_ARN || undefined,
  };
  if (!cfg.jwtSecret && !cfg.jwtSecretArn) missing.push('JWT_SECRET or JWT_SECRET_ARN');
  if (!cfg.mailOutboxDir && !cfg.mailFrom) missing.push('MAIL_OUTBOX_DIR or MAIL_FROM');
  if (missing.length) throw new Error(`Configuration: missing ${missing.join(', ')}`);
  scryptCost(env); // throws on a cost out of range, here at cold start rather than at a first sign-up
  if (cfg.jwtSecret && cfg.jwtSecret.length < 32) throw new Error('Configuration: JWT_SECRET must hold at least 32 characters');
  if (cfg.originSecret && cfg.originSecret.length < 32) throw new Error('Configuration: ORIGIN_SECRET must hold at least 32 characters');
  if (cfg.shareSecret && cfg.shareSecret.length < 32) throw new Error('Configuration: SHARE_SECRET must hold at least 32 characters');
  return cfg;
}

/**
 * The notifications Lambda's own settings, checked at its cold start (the other Lambdas never read
 * them): the VAPID keys' source, and the stand-in's origin when there is one (an http origin of the
 * loopback only: a local address must never become a target of the server's POSTs in AWS).
 */
export function pushConfig(cfg: Config = config()): { vapidKeys?: string; vapidSecretArn?: string; pushLocalOrigin?: string } {
  if (!cfg.vapidKeys && !cfg.vapidSecretArn) throw new Error('Configuration: missing VAPID_KEYS or VAPID_SECRET_ARN');
  if (cfg.pushLocalOrigin && !/^http:\/\/127\.0\.0\.1:\d{1,5}$/.test(cfg.pushLocalOrigin))
    throw new Error(`Configuration: PUSH_LOCAL_ORIGIN must be http://127.0.0.1:<port>, got "${cfg.pushLocalOrigin}"`);
  if (cfg.pushLocalOrigin && !cfg.dynamoEndpoint) throw new Error('Configuration: PUSH_LOCAL_ORIGIN is for the local stack only');
  return { vapidKeys: cfg.vapidKeys, vapidSecretArn: cfg.vapidSecretArn, pushLocalOrigin: cfg.pushLocalOrigin };
}

let cached: Config | undefined;
/** The process-wide configuration (read on first use, i.e. at cold start). */
export function config(): Config {
  cached ??= readConfig();
  return cached;
}

/** Tests and the local stack change the environment between runs. */
export function resetConfigForTests(): void {
  cached = undefined;
}
