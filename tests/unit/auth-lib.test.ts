// Unit tests of the auth building blocks: schemas, password hashing, tokens, configuration.
import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, base64url } from 'jose';
import { signupSchema, loginSchema, resetPasswordSchema } from '@shared/schemas/acces';
import { hashPassword, verifyPassword, hashCode, sameHash, scryptCost } from '../../functions/lib/password';
import { readConfig, resetConfigForTests } from '../../functions/lib/config';
import { signToken, verifyToken } from '../../functions/lib/tokens';
import { hasRight, parseDroitHeader } from '@shared/rights';
import { effectivePlan, planFor, PLANS } from '@shared/plans';

const SHA = 'a'.repeat(64);
const SECRET = 'unit-test-secret-unit-test-secret-0123456789';

beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME: 'unit', JWT_SECRET: SECRET, MAIL_OUTBOX_DIR: '/tmp/ganaar-unit-outbox' });
  resetConfigForTests();
});

describe('schemas (French messages)', () => {
  const valid = { prenom: 'Awa', nom: 'Diop', email: 'Awa@Ex.SN ', password: SHA, telephone: '771234567', pays: 'Senegal', entreprise: 'Ferme' };

  it('accepts a valid sign-up, normalises the e-mail and stores the phone in E.164', () => {
    const r = signupSchema.parse(valid);
    expect(r.email).toBe('awa@ex.sn');
    expect(r.telephone).toBe('+221771234567');
  });

  it('refuses a phone with letters, in French', () => {
    const r = signupSchema.safeParse({ ...valid, telephone: '77a' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe("Numéro de téléphone invalide : des chiffres, et + ou 00 devant l'indicatif.");
  });

  it('reads the phone in the chosen country (the spec\'s "0, or 1-9 then digits" refused Ivorian numbers)', () => {
    expect(signupSchema.parse({ ...valid, pays: "Cote d'Ivoire", telephone: '0707070707' }).telephone).toBe('+2250707070707');
    const r = signupSchema.safeParse({ ...valid, telephone: '0' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({
      path: ['telephone'],
      message: 'Numéro de téléphone invalide pour le Sénégal : 9 chiffres, par ex. 77 123 45 67.',
    });
  });

  it('refuses a clear-text password: the client must send a SHA-256 hex', () => {
    const r = loginSchema.safeParse({ username: 'a@b.sn', password: 'secret' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toMatch(/SHA-256/);
  });

  it('refuses a code that is not exactly 4 digits', () => {
    for (const code of ['123', '12345', 'abcd', '12 3']) {
      expect(resetPasswordSchema.safeParse({ email: 'a@b.sn', code, password: SHA }).success).toBe(false);
    }
    expect(resetPasswordSchema.safeParse({ email: 'a@b.sn', code: '0042', password: SHA }).success).toBe(true);
  });

  it('gives French messages for wrong types (zod locale)', () => {
    const r = signupSchema.safeParse({ ...valid, entreprise: 12 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe('Entreprise requise');
    const r2 = loginSchema.safeParse({ username: ['x'], password: SHA });
    expect(r2.error!.issues[0].message).toMatch(/Email requis|invalide/);
  });
});

describe('password hashing', () => {
  it('stores a salted scrypt, never the value, and verifies it', async () => {
    const h = await hashPassword(SHA);
    expect(h).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(h).not.toContain(SHA);
    expect(await verifyPassword(SHA, h)).toBe(true);
    expect(await verifyPassword('b'.repeat(64), h)).toBe(false);
  });

  it('costs 2^14 unless the local test stack lowers it; a lower cost is refused outside a local DynamoDB, at cold start', () => {
    expect(scryptCost({})).toBe(16384);
    expect(scryptCost({ PASSWORD_SCRYPT_LOG2N: '15' })).toBe(32768);
    expect(() => scryptCost({ PASSWORD_SCRYPT_LOG2N: '10' })).toThrow(/PASSWORD_SCRYPT_LOG2N must be an integer from 14 to 20/);
    const local = { DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' };
    expect(scryptCost({ ...local, PASSWORD_SCRYPT_LOG2N: '10' })).toBe(1024);
    for (const bad of ['9', '21', '12.5', 'dix']) expect(() => scryptCost({ ...local, PASSWORD_SCRYPT_LOG2N: bad })).toThrow(/PASSWORD_SCRYPT_LOG2N/);
    const lambda = { TABLE_NAME: 't', JWT_SECRET: 'x'.repeat(32), MAIL_FROM: 'no-reply@ganaar.sn' };
    expect(() => readConfig({ ...lambda, PASSWORD_SCRYPT_LOG2N: '10' })).toThrow(/PASSWORD_SCRYPT_LOG2N/);
    expect(readConfig(lambda).tableName).toBe('t');
  });

  it('verifies a hash at the cost stored with it, whatever the cost of new hashes', async () => {
    const saved = process.env.PASSWORD_SCRYPT_LOG2N;
    const savedEndpoint = process.env.DYNAMODB_ENDPOINT;
    Object.assign(process.env, { PASSWORD_SCRYPT_LOG2N: '10', DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' });
    try {
      const cheap = await hashPassword(SHA);
      expect(cheap).toMatch(/^scrypt\$1024\$/);
      delete process.env.PASSWORD_SCRYPT_LOG2N;
      expect(await verifyPassword(SHA, cheap)).toBe(true);
      expect(await verifyPassword('b'.repeat(64), cheap)).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.PASSWORD_SCRYPT_LOG2N;
      else process.env.PASSWORD_SCRYPT_LOG2N = saved;
      if (savedEndpoint === undefined) delete process.env.DYNAMODB_ENDPOINT;
      else process.env.DYNAMODB_ENDPOINT = savedEndpoint;
    }
  });

  it('salts: the same password hashes differently twice', async () => {
    expect(await hashPassword(SHA)).not.toBe(await hashPassword(SHA));
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword(SHA, 'plain')).toBe(false);
  });

  it('one-time code hashes depend on the pepper and compare in constant time', () => {
    const a = hashCode('1234', 'pepper-1');
    expect(a).not.toBe(hashCode('1234', 'pepper-2'));
    expect(sameHash(a, hashCode('1234', 'pepper-1'))).toBe(true);
    expect(sameHash(a, hashCode('1235', 'pepper-1'))).toBe(false);
  });
});

describe('tokens', () => {
  it('signs and verifies a session token', async () => {
    const { token, claims } = await signToken({ userId: 7, tenantId: 3, role: 'admin' });
    const v = await verifyToken(token);
    expect(v).toMatchObject({ userId: 7, tenantId: 3, role: 'admin', jti: claims.jti });
  });

  it('refuses a tampered payload', async () => {
    const { token } = await signToken({ userId: 7, tenantId: 3, role: 'admin' });
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(new TextDecoder().decode(base64url.decode(p)));
    payload.ent = 4;
    const forged = `${h}.${base64url.encode(JSON.stringify(payload))}.${s}`;
    await expect(verifyToken(forged)).rejects.toMatchObject({ status: 401 });
  });

  it('refuses alg none', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const payload = base64url.encode(JSON.stringify({ sub: '1', ent: 1, role: 'admin', jti: 'x', iss: 'ganaar', exp: Math.floor(Date.now() / 1000) + 60 }));
    await expect(verifyToken(`${header}.${payload}.`)).rejects.toMatchObject({ status: 401 });
  });

  it('refuses an expired token and one signed with another secret', async () => {
    const key = new TextEncoder().encode(SECRET);
    const expired = await new SignJWT({ ent: 1, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('ganaar')
      .setJti('j')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    await expect(verifyToken(expired)).rejects.toMatchObject({ status: 401 });
    const other = await new SignJWT({ ent: 1, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('ganaar')
      .setJti('j')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-0123456789'));
    await expect(verifyToken(other)).rejects.toMatchObject({ status: 401 });
  });
});

describe('configuration at cold start', () => {
  it('names every missing variable', () => {
    expect(() => readConfig({})).toThrow(/TABLE_NAME.*JWT_SECRET or JWT_SECRET_ARN.*MAIL_OUTBOX_DIR or MAIL_FROM/);
  });
  it('refuses a short secret and a bad number', () => {
    expect(() => readConfig({ TABLE_NAME: 't', JWT_SECRET: 'short', MAIL_FROM: 'x@y.sn' })).toThrow(/at least 32/);
    expect(() => readConfig({ TABLE_NAME: 't', JWT_SECRET: SECRET, MAIL_FROM: 'x@y.sn', TRIAL_DAYS: 'abc' })).toThrow(/TRIAL_DAYS/);
  });
  it('reads AWS-style configuration', () => {
    const c = readConfig({ TABLE_NAME: 't', JWT_SECRET_ARN: 'arn:aws:secretsmanager:x', MAIL_FROM: 'x@y.sn', TRIAL_DAYS: '14' });
    expect(c).toMatchObject({ tableName: 't', trialDays: 14, secureCookies: true, dynamoEndpoint: undefined });
  });
});

describe('rights and plans', () => {
  it('admin holds every right; others only what is granted as r', () => {
    expect(hasRight('admin', {}, 'bandav')).toBe(true);
    expect(hasRight('vendeur', { ventav: 'r' }, 'ventav')).toBe(true);
    expect(hasRight('vendeur', { ventav: '' }, 'ventav')).toBe(false);
    expect(hasRight('production', {}, 'bandav')).toBe(false);
  });
  it('parses the droit header', () => {
    expect(parseDroitHeader('bandav:r')).toBe('bandav');
    expect(parseDroitHeader('bandav')).toBeNull();
    expect(parseDroitHeader('nope:r')).toBeNull();
    expect(parseDroitHeader(undefined)).toBeNull();
  });
  it('unknown plan falls back to pro; an expired subscription gives Démarrage limits', () => {
    expect(planFor('zzz')).toBe(PLANS.pro);
    expect(effectivePlan({ plan: 'ent', validUntil: '2000-01-01T00:00:00Z' })).toBe(PLANS.db1);
    expect(effectivePlan({ plan: 'ent', validUntil: '2999-01-01T00:00:00Z' })).toBe(PLANS.ent);
  });
});
