// The API Gateway authorizer of every route: a request reaches a handler only when it carries
// CloudFront's origin secret (x-ganaar-origin-verify, infra/cdk/constructs/web-distribution.ts),
// so calling the execute-api address directly skips neither the edge's firewall nor its per-client
// limits. API Gateway refuses a request without the header itself (401, no invocation), and caches
// this answer per header value (infra/cdk/constructs/http-api.ts): one call per hour and value.
// It reads no other configuration than the secret's ARN, so it cannot fail at cold start for a
// variable the domain Lambdas need and it does not.
import { timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ORIGIN_VERIFY_HEADER } from '../lib/origin-headers';
import { SDK_LOGGER } from '../lib/sdk-logger';

/** The part of API Gateway's REQUEST authorizer event (payload 2.0) this reads. */
export interface OriginAuthorizerEvent {
  headers?: Record<string, string | undefined>;
}

/** Where the secret comes from: Secrets Manager in AWS, injected by the unit tests. */
export type SecretSource = () => Promise<string>;

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The decision: authorized only with the secret. After a rotation CloudFront sends the new value,
 * so a value that does not match reads the secret again, at most once a minute per container (a
 * flood of wrong values cannot make it hammer Secrets Manager).
 */
export function originAuthorizer(read: SecretSource, now: () => number = Date.now) {
  let secret: Promise<string> | null = null;
  let readAt = 0;
  const current = () => {
    if (!secret) {
      readAt = now();
      secret = read();
      secret.catch(() => (secret = null));
    }
    return secret;
  };
  return async (event: OriginAuthorizerEvent): Promise<{ isAuthorized: boolean }> => {
    const proof = event.headers?.[ORIGIN_VERIFY_HEADER];
    if (!proof) return { isAuthorized: false };
    if (sameSecret(proof, await current())) return { isAuthorized: true };
    if (now() - readAt < 60_000) return { isAuthorized: false };
    secret = null;
    return { isAuthorized: sameSecret(proof, await current()) };
  };
}

async function fromSecretsManager(): Promise<string> {
  const arn = process.env.ORIGIN_SECRET_ARN;
  if (!arn) throw new Error('Configuration: missing ORIGIN_SECRET_ARN');
  const out = await new SecretsManagerClient({ region: process.env.AWS_REGION, logger: SDK_LOGGER }).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!out.SecretString || out.SecretString.length < 32) throw new Error(`Secret ${arn} is missing or too short`);
  return out.SecretString;
}

// Checked at cold start: a function deployed without its secret fails loudly, not per request.
if (process.env.AWS_LAMBDA_FUNCTION_NAME && !process.env.ORIGIN_SECRET_ARN) throw new Error('Configuration: missing ORIGIN_SECRET_ARN');

export const handler = originAuthorizer(fromSecretsManager);
