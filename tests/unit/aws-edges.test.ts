// The AWS-only paths (Secrets Manager for the JWT secret, SES for mail) with aws-sdk-client-mock:
// they have no local twin, so this is where they are proven.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { SecretsManagerClient, GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';

const sm = mockClient(SecretsManagerClient);
const ses = mockClient(SESClient);
// The unit files share a worker (vitest.config.ts): the SDK's prototypes stay loaded, so a stub left
// in place would answer the next file's real calls.
afterAll(() => {
  sm.restore();
  ses.restore();
});

beforeEach(() => {
  vi.resetModules();
  sm.reset();
  ses.reset();
  for (const k of ['JWT_SECRET', 'MAIL_OUTBOX_DIR']) delete process.env[k];
  Object.assign(process.env, { TABLE_NAME: 't', JWT_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:jwt', MAIL_FROM: 'noreply@ganaar.sn' });
});
afterEach(() => {
  delete process.env.JWT_SECRET_ARN;
  delete process.env.MAIL_FROM;
});

describe('JWT secret from Secrets Manager', () => {
  it('is fetched once per container and signs verifiable tokens', async () => {
    sm.on(GetSecretValueCommand).resolves({ SecretString: 's'.repeat(48) });
    const { signToken, verifyToken } = await import('../../functions/lib/tokens');
    const { token } = await signToken({ userId: 1, tenantId: 2, role: 'admin' });
    await expect(verifyToken(token)).resolves.toMatchObject({ userId: 1, tenantId: 2 });
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(sm.commandCalls(GetSecretValueCommand)[0].args[0].input.SecretId).toBe(process.env.JWT_SECRET_ARN);
  });

  it('refuses a secret that is too short', async () => {
    sm.on(GetSecretValueCommand).resolves({ SecretString: 'short' });
    const { signToken } = await import('../../functions/lib/tokens');
    await expect(signToken({ userId: 1, tenantId: 2, role: 'admin' })).rejects.toThrow(/too short/);
  });
});

describe('mail through SES', () => {
  it('sends a UTF-8 text mail from the configured sender', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm1' });
    const { sendMail } = await import('../../functions/lib/mail');
    await sendMail({ to: 'awa@ex.sn', subject: 'Code', text: 'Votre code est : 1234' });
    const input = ses.commandCalls(SendEmailCommand)[0].args[0].input;
    expect(input.Source).toBe('noreply@ganaar.sn');
    expect(input.Destination?.ToAddresses).toEqual(['awa@ex.sn']);
    expect(input.Message?.Body?.Text?.Data).toContain('1234');
    expect(input.Message?.Subject?.Charset).toBe('UTF-8');
  });
});
