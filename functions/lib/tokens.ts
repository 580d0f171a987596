// Session tokens: HS256 JWTs signed with jose. The secret comes from the environment locally
// and from Secrets Manager in AWS (fetched once per container).
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomUUID } from 'node:crypto';
import { config } from './config';
import { unauthorized } from './errors';
import { secretString } from './secrets';
import { recordAwsCall } from './aws-calls';
import type { Role } from '../../shared/rights';

const ISSUER = 'ganaar';

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
  const token = await new SignJWT({ ent: user.tenantId, role: user.role, tv: tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(await jwtSecret());
  return { token, claims: { userId: user.userId, tenantId: user.tenantId, role: user.role, jti, exp, tokenVersion } };
}

/** Verifies signature (HS256 only: `alg: none` and others are refused), issuer and expiry. */
export async function verifyToken(token: string): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, await jwtSecret(), { algorithms: ['HS256'], issuer: ISSUER });
    const userId = Number(payload.sub);
    const tenantId = Number(payload.ent);
    if (!Number.isInteger(userId) || !Number.isInteger(tenantId) || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') {
      throw unauthorized();
    }
    // Sessions issued before token versions existed carry none: version 0, like their users.
    const tokenVersion = payload.tv === undefined ? 0 : Number(payload.tv);
    if (!Number.isSafeInteger(tokenVersion)) throw unauthorized();
    return { userId, tenantId, role: payload.role as Role, jti: payload.jti, exp: payload.exp, tokenVersion };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError || (err as Error)?.name === 'AppError') throw unauthorized();
    throw err;
  }
}
