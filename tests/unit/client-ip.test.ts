// The client IP of per-IP limits in AWS (functions/lib/client-ip.ts): the address CloudFront
// forwards is trusted only on a request carrying the origin secret (read from Secrets Manager,
// mocked here: it has no local twin); anything else counts under API Gateway's source address.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

const sm = mockClient(SecretsManagerClient);
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
