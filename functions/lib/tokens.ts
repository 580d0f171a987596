// Session tokens: HS256 JWTs (RFC 7519) signed and checked with node:crypto's HMAC. jose did the
// same through WebCrypto, whose first use in a process and jose's own code cost every cold start
// CPU for a format this small (docs/decisions/0285-cold-start-plumbing.md). The secret comes from
// the environment locally and from Secrets Manager in AWS (fetched once per container).
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { config } from './config';
import { unauthorized } from './errors';
import { secretString } from './secrets';
import { recordAwsCall } from './aws-calls';
import type { Role } from '@shared/rights';

const ISSUER = 'ganaar';
// The one header this server writes; a token is checked against its own header's `alg`, never
// trusting it to choose the algorithm.
const HEADER_B64 = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const B64URL = /^[A-Za-z0-9_-]*$/;

let secretPromise: Promise<Uint8Array> | undefined;

export function jwtSecret(): Promise<Uint8Array> {
  // Locally the secret is a plain variable; the IAM contract still sees the read it stands for.
  if (config().jwtSecret) recordAwsCall({ service: 'secretsmanager', action: 'GetSecretValue', resource: 'env:JWT_SECRET_ARN' });
  secretPromise ??= (async () => {
    const cfg = config();
    if (cfg.jwtSecret) return new TextEncoder().encode(cfg.jwtSecret);
    return new TextEncoder().encode(await secretString(cfg.jwtSecretArn!));
  })();
  secretPromise.catch(() => (secretPromise = undefined));
  return secretPromise;
}

/** The raw secret as text, used as a pepper for one-time codes. */
export async function secretText(): Promise<string> {
  return new TextDecoder().decode(await jwtSecret());
}

export interface TokenClaims {
  userId: number;
  tenantId: number;
  role: Role;
  jti: string;
  /** Expiry, seconds since epoch. */
  exp: number;
  /** The user's tokenVersion when the session began (claim `tv`): a password change or reset ends older sessions. */
  tokenVersion: number;
}

export async function signToken(user: {
  userId: number;
  tenantId: number;
  role: Role;
  tokenVersion?: number;
}): Promise<{ token: string; claims: TokenClaims }> {
  const jti = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const exp = now + config().tokenTtlHours * 3600;
  const tokenVersion = user.tokenVersion ?? 0;
  const payload = { ent: user.tenantId, role: user.role, tv: tokenVersion, sub: String(user.userId), iss: ISSUER, iat: now, exp, jti };
  const body = `${HEADER_B64}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  const token = `${body}.${hmac(await jwtSecret(), body).toString('base64url')}`;
  return { token, claims: { userId: user.userId, tenantId: user.tenantId, role: user.role, jti, exp, tokenVersion } };
}

function hmac(secret: Uint8Array, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

function decodeJson(part: string): Record<string, unknown> | null {
  if (!B64URL.test(part)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Verifies signature (HS256 only: `alg: none` and others are refused), issuer and expiry, as jose's
 * jwtVerify did: a header naming critical extensions we do not know is refused, `nbf` and `iat`
 * when present must be numbers and `nbf` not in the future.
 */
export async function verifyToken(token: string): Promise<TokenClaims> {
  const parts = token.split('.');
  if (parts.length !== 3 || !B64URL.test(parts[2])) throw unauthorized();
  const header = decodeJson(parts[0]);
  if (!header || header.alg !== 'HS256' || header.crit !== undefined || header.b64 !== undefined) throw unauthorized();
  const given = Buffer.from(parts[2], 'base64url');
  const expected = hmac(await jwtSecret(), `${parts[0]}.${parts[1]}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized();
  const payload = decodeJson(parts[1]);
  if (!payload) throw unauthorized();
  const now = Math.floor(Date.now() / 1000);
  if (payload.iss !== ISSUER || typeof payload.exp !== 'number' || !Number.isFinite(payload.exp) || payload.exp <= now) throw unauthorized();
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) throw unauthorized();
  if (payload.iat !== undefined && typeof payload.iat !== 'number') throw unauthorized();
  const userId = Number(payload.sub);
  const tenantId = Number(payload.ent);
  if (typeof payload.sub !== 'string' || !Number.isInteger(userId) || !Number.isInteger(tenantId) || typeof payload.jti !== 'string') throw unauthorized();
  // Sessions issued before token versions existed carry none: version 0, like their users.
  const tokenVersion = payload.tv === undefined ? 0 : Number(payload.tv);
  if (!Number.isSafeInteger(tokenVersion)) throw unauthorized();
  return { userId, tenantId, role: payload.role as Role, jti: payload.jti, exp: payload.exp, tokenVersion };
}
