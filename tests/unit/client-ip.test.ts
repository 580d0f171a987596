// The client IP of per-IP limits in AWS (functions/lib/client-ip.ts): the address CloudFront
// forwards is trusted only on a request carrying the origin secret (read from Secrets Manager,
// mocked here: it has no local twin); anything else counts under API Gateway's source address.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

const sm = mockClient(SecretsManagerClient);
// The unit files share a worker (vitest.config.ts): the SDK's prototypes stay loaded, so a stub left
// in place would answer the next file's real calls.
afterAll(() => sm.restore());
const SECRET = 'o'.repeat(48);

function event(headers: Record<string, string>, sourceIp = '130.176.0.9'): APIGatewayProxyEventV2 {
  return { headers, requestContext: { http: { sourceIp } } } as unknown as APIGatewayProxyEventV2;
}

beforeEach(() => {
  vi.resetModules();
  sm.reset();
  for (const k of ['JWT_SECRET', 'MAIL_OUTBOX_DIR', 'ORIGIN_SECRET']) delete process.env[k];
  Object.assign(process.env, {
    TABLE_NAME: 't',
    JWT_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:jwt',
    ORIGIN_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:origin',
    MAIL_FROM: 'noreply@ganaar.sn',
  });
  sm.on(GetSecretValueCommand).resolves({ SecretString: SECRET });
});

describe('clientIp behind CloudFront', () => {
  it('trusts the forwarded viewer address with the origin secret, fetched once', async () => {
    const { clientIp } = await import('../../functions/lib/client-ip');
    const proven = { 'x-ganaar-origin-verify': SECRET, 'x-ganaar-client-ip': '198.51.100.23' };
    expect(await clientIp(event(proven))).toBe('198.51.100.23');
    expect(await clientIp(event({ ...proven, 'x-ganaar-client-ip': '2001:db8:7:8:9::1' }))).toBe('2001:db8:7:8::/64');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(sm.commandCalls(GetSecretValueCommand)[0].args[0].input.SecretId).toBe(process.env.ORIGIN_SECRET_ARN);
  });

  it('ignores a forwarded address without the right secret, or that is not an address', async () => {
    const { clientIp } = await import('../../functions/lib/client-ip');
    expect(await clientIp(event({ 'x-ganaar-client-ip': '198.51.100.23' }))).toBe('130.176.0.9');
    expect(await clientIp(event({ 'x-ganaar-origin-verify': 'x'.repeat(48), 'x-ganaar-client-ip': '198.51.100.23' }))).toBe('130.176.0.9');
    expect(await clientIp(event({ 'x-ganaar-origin-verify': SECRET, 'x-ganaar-client-ip': 'localhost' }))).toBe('130.176.0.9');
  });

  it('picks up a rotated secret: a mismatch re-reads it, at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { clientIp } = await import('../../functions/lib/client-ip');
      expect(await clientIp(event({ 'x-ganaar-origin-verify': SECRET, 'x-ganaar-client-ip': '198.51.100.23' }))).toBe('198.51.100.23');
      const rotated = 'n'.repeat(48);
      sm.on(GetSecretValueCommand).resolves({ SecretString: rotated });
      const proven = { 'x-ganaar-origin-verify': rotated, 'x-ganaar-client-ip': '198.51.100.23' };
      // within the minute: not re-read, the old value still rules
      expect(await clientIp(event(proven))).toBe('130.176.0.9');
      vi.setSystemTime(Date.now() + 61_000);
      expect(await clientIp(event(proven))).toBe('198.51.100.23');
      expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without an origin secret configured, never trusts the header', async () => {
    delete process.env.ORIGIN_SECRET_ARN;
    const { clientIp } = await import('../../functions/lib/client-ip');
    expect(await clientIp(event({ 'x-ganaar-origin-verify': SECRET, 'x-ganaar-client-ip': '198.51.100.23' }))).toBe('130.176.0.9');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});

describe('the secrets of a cold request', () => {
  it('are asked for at once, not one after the other', async () => {
    // Each answer waits until both secrets have been asked for: fetched one after the other, the
    // first would wait in vain and the request would fail.
    const asked: string[] = [];
    sm.on(GetSecretValueCommand).callsFake(async (input: { SecretId: string }) => {
      asked.push(input.SecretId);
      for (let i = 0; i < 100 && asked.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      if (asked.length < 2) throw new Error('the other secret was not asked for');
      return { SecretString: SECRET };
    });
    const { createDomainHandler, Reply } = await import('../../functions/lib/http');
    const handler = createDomainHandler([{ method: 'GET', path: '/api/ip', domain: 'ecommerce', name: 'ip', access: 'public' }], {
      ip: async (ctx) => new Reply(200, { ip: ctx.sourceIp }),
    });
    const out = (await handler(
      {
        ...event({ 'x-ganaar-origin-verify': SECRET, 'x-ganaar-client-ip': '198.51.100.23' }),
        version: '2.0',
        routeKey: 'GET /api/ip',
        rawPath: '/api/ip',
        requestContext: { http: { method: 'GET', path: '/api/ip', sourceIp: '130.176.0.9' } },
      } as never,
      {} as never,
    )) as { statusCode: number; body: string };
    expect(out.statusCode).toBe(200);
    expect(JSON.parse(out.body)).toEqual({ ip: '198.51.100.23' });
    expect(asked.sort()).toEqual([process.env.JWT_SECRET_ARN, process.env.ORIGIN_SECRET_ARN].sort());
  });
});
