// The Lambda plumbing written for cold starts (docs/decisions/0285-cold-start-plumbing.md): the
// HS256 tokens checked with node:crypto read and write the same tokens as jose (sessions issued
// before the change stay valid, and the rules jose enforced still hold), the router finds the rows
// @middy/http-router found, and the cold-start bench judges each domain against the floor of its run.
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, jwtVerify, base64url } from 'jose';
import { resetConfigForTests } from '../../functions/lib/config';
import { signToken, verifyToken } from '../../functions/lib/tokens';
import { createRouter } from '../../functions/lib/http/router';
import type { HttpEvent } from '../../functions/lib/http';
import type { RouteRow } from '@shared/api/route-types';
import { checkLambdaBudgets, type ColdStartResult } from '../bench/lambda';

const SECRET = 'unit-test-secret-unit-test-secret-0123456789';
const key = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);

beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME: 'unit', JWT_SECRET: SECRET, MAIL_OUTBOX_DIR: '/tmp/ganaar-unit-outbox' });
  resetConfigForTests();
});

/** A token signed with the right key whatever its header says (jose will not sign every header). */
const signed = (header: Record<string, unknown>, payload: string) => {
  const body = `${base64url.encode(JSON.stringify(header))}.${payload}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
};

const joseToken = (header: Record<string, unknown>, claims: Record<string, unknown> = {}) =>
  new SignJWT({ ent: 3, role: 'admin', tv: 2, ...claims })
    .setProtectedHeader({ alg: 'HS256', ...header })
    .setSubject('7')
    .setIssuer('ganaar')
    .setJti('j-1')
    .setIssuedAt()
    .setExpirationTime(now() + 600)
    .sign(key);

describe('tokens without jose', () => {
  it('verifies a token jose signed, and jose verifies ours', async () => {
    await expect(verifyToken(await joseToken({ typ: 'JWT' }))).resolves.toEqual({
      userId: 7,
      tenantId: 3,
      role: 'admin',
      jti: 'j-1',
      exp: expect.any(Number),
      tokenVersion: 2,
    });
    const { token, claims } = await signToken({ userId: 9, tenantId: 4, role: 'vendeur', tokenVersion: 1 });
    const { payload, protectedHeader } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: 'ganaar' });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: '9', ent: 4, role: 'vendeur', tv: 1, jti: claims.jti, exp: claims.exp });
  });

  it('refuses what jose refused: other algorithms, unknown critical headers, a future nbf, a foreign issuer, a wrong or truncated signature', async () => {
    const b64 = (v: unknown) => base64url.encode(JSON.stringify(v));
    const payload = b64({ sub: '7', ent: 3, role: 'admin', jti: 'j', iss: 'ganaar', exp: now() + 600 });
    const refused = [
      `${b64({ alg: 'none' })}.${payload}.`,
      `${b64({ alg: 'HS512' })}.${payload}.${'A'.repeat(86)}`,
      signed({ alg: 'HS256', crit: ['x-ganaar'], 'x-ganaar': 1 }, payload),
      await joseToken({}, { nbf: now() + 600 }),
      await new SignJWT({ ent: 3 }).setProtectedHeader({ alg: 'HS256' }).setSubject('7').setIssuer('other').setJti('j').setExpirationTime('1h').sign(key),
      (await joseToken({})).slice(0, -2),
      `${(await joseToken({})).split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`,
      'not.a.token',
      'abc',
    ];
    for (const t of refused) await expect(verifyToken(t), t).rejects.toMatchObject({ status: 401 });
  });
});

describe('router', () => {
  const row = (method: RouteRow['method'], path: string, name: string) => ({ method, path, name, domain: 'bandes', access: 'auth' }) as unknown as RouteRow;
  const rows = [
    row('GET', '/api/bande', 'list'),
    row('GET', '/api/bande/{id}', 'one'),
    row('POST', '/api/bande/{id}', 'edit'),
    row('GET', '/api/files/{proxy+}', 'files'),
  ];
  const route = createRouter(rows);
  const ev = (method: string, path: string, pathParameters?: Record<string, string>) =>
    ({ requestContext: { http: { method, path } }, pathParameters }) as unknown as HttpEvent;

  it('matches static paths first, then path parameters by method, a trailing slash optional', () => {
    expect(route(ev('GET', '/api/bande'))?.row.name).toBe('list');
    expect(route(ev('GET', '/api/bande/'))?.row.name).toBe('list');
    expect(route(ev('GET', '/api/bande/12'))).toMatchObject({ row: { name: 'one' }, pathParameters: { id: '12' } });
    expect(route(ev('POST', '/api/bande/12/'))).toMatchObject({ row: { name: 'edit' }, pathParameters: { id: '12' } });
    expect(route(ev('GET', '/api/files/a/b.png'))).toMatchObject({ row: { name: 'files' }, pathParameters: { proxy: 'a/b.png' } });
    expect(route(ev('GET', '/api/files'))).toMatchObject({ row: { name: 'files' }, pathParameters: { proxy: '' } });
  });

  it('keeps the path parameters API Gateway gave, and finds nothing for an unknown path or method', () => {
    expect(route(ev('GET', '/api/bande/12', { id: '12%2F' }))?.pathParameters).toEqual({ id: '12%2F' });
    expect(route(ev('GET', '/api/bande/12/x'))).toBeNull();
    expect(route(ev('DELETE', '/api/bande/12'))).toBeNull();
    expect(() => route({} as HttpEvent)).toThrow(/payload 2.0/);
  });
});

describe('cold-start budget', () => {
  const cold = (domain: string, p50: number, cpu = p50): ColdStartResult =>
    ({ domain, p50, boot: 0, load: 0, request: 0, cpu, min: p50, max: p50, status: 200, expected: 200 }) as ColdStartResult;
  const quiet = { load: 1.5, cores: 2 };
  const loaded = { load: 6, cores: 2 };

  it('is a ratio to the floor of the same run: slow everywhere is within, a domain above 1.3× the floor is over', () => {
    // Every figure far above any absolute budget, the domain within 1.3× the floor.
    expect(checkLambdaBudgets([], [cold('bandes', 640), cold('floor', 500)], quiet)).toEqual([]);
    expect(checkLambdaBudgets([], [cold('bandes', 660, 640), cold('floor', 500)], quiet)).toEqual([
      expect.stringMatching(/^bandes cold start p50 660 ms = 1\.32× the floor/),
    ]);
    expect(checkLambdaBudgets([], [cold('bandes', 100)], quiet)).toEqual([expect.stringMatching(/without the floor/)]);
  });

  it('checks CPU time always, and wall time only while the machine runs at most one process per core', () => {
    expect(checkLambdaBudgets([], [cold('bandes', 640, 660), cold('floor', 500)], quiet)).toEqual([
      expect.stringMatching(/^bandes cold start CPU p50 660 ms = 1\.32× the floor's/),
    ]);
    // Loaded: the wall ratio is the queue for a CPU, not the code; the CPU ratio still decides.
    expect(checkLambdaBudgets([], [cold('bandes', 880, 640), cold('floor', 500)], loaded)).toEqual([]);
    expect(checkLambdaBudgets([], [cold('bandes', 880, 660), cold('floor', 500)], loaded)).toEqual([
      expect.stringMatching(/^bandes cold start CPU p50 660 ms = 1\.32×/),
    ]);
  });
});
