// Passwords arrive as the client's SHA-256 hex; we store only a salted scrypt of that value.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHmac } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;

// N=2^14, r=8: ~40 ms on a Lambda core; slow enough to hurt offline guessing, cheap enough for login.
const LOG2N = 14;
const R = 8;
const P = 1;
const KEYLEN = 32;

/**
 * The cost new hashes get: 2^14, or PASSWORD_SCRYPT_LOG2N. Only the local test stack lowers it
 * (the test suite hashes ~1 000 passwords, a minute of CPU at 2^14): below 14 is refused unless
 * DYNAMODB_ENDPOINT names a local DynamoDB, which a deployed Lambda never has. Verifying always
 * uses the cost stored with the hash. Read at each hash, so the test stack can restore the
 * production cost for the login-timing test (infra/local/password-cost.ts).
 */
export function scryptCost(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PASSWORD_SCRYPT_LOG2N;
  if (raw === undefined || raw === '') return 2 ** LOG2N;
  const log2n = Number(raw);
  const floor = env.DYNAMODB_ENDPOINT ? 10 : LOG2N;
  if (!Number.isInteger(log2n) || log2n < floor || log2n > 20) {
    throw new Error(`Configuration: PASSWORD_SCRYPT_LOG2N must be an integer from ${floor} to 20, got "${raw}"`);
  }
  return 2 ** log2n;
}

export function hashPassword(clientHash: string): Promise<string> {
  return hashAt(clientHash, scryptCost());
}

async function hashAt(clientHash: string, N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(clientHash, salt, KEYLEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(clientHash: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(clientHash, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A verifier for addresses that have no account: login checks the password against it, so an
 * unknown address costs the same scrypt time as a wrong password (no account enumeration by
 * timing). Computed once per container and cost, at the first unknown address.
 */
const dummies = new Map<number, Promise<string>>();
export function dummyPasswordHash(): Promise<string> {
  const N = scryptCost();
  let dummy = dummies.get(N);
  if (!dummy) dummies.set(N, (dummy = hashAt(randomBytes(32).toString('hex'), N)));
  return dummy;
}

/** One-time codes are 4 digits: a keyed hash (pepper = server secret) keeps them useless if the table leaks. */
export function hashCode(code: string, pepper: string): string {
  return createHmac('sha256', pepper).update(code).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
