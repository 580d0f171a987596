// Each provider adapter against its local twin (the sandboxes, started in this process), the
// adapters' handling of an unreachable or failing provider, webhook authentication, and the AWS
// edges of payments with aws-sdk-client-mock: the providers' secret from Secrets Manager and the
// Step Functions calls (start, resume, heartbeat).
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SendTaskHeartbeatCommand, SendTaskSuccessCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { OrangeMoneyProvider } from '../../functions/paiements/providers/orange-money';
import { ProviderUnavailable, WebhookRejected } from '../../functions/paiements/providers/types';
import { WaveProvider } from '../../functions/paiements/providers/wave';
import type { PaymentSecrets } from '../../functions/paiements/secrets';
import { startOrangeMoneySandbox } from '../../infra/local/sandboxes/orange-money';
import { startWaveSandbox, type WaveSandbox } from '../../infra/local/sandboxes/wave';
import type { Sandbox } from '../../infra/local/sandboxes/http';

const secrets: PaymentSecrets = {
  wave: { apiKey: 'wave_test_key_123456', webhookSecret: 'wave_whs_secret_123456' },
  orangeMoney: { clientId: 'om-client-123456', clientSecret: 'om-secret-123456', merchantCode: '585858', callbackKey: 'om-callback-key-123456' },
};

let wave: WaveSandbox;
let om: Sandbox;
let failing: Server;
let failingUrl: string;

const input = (over: Record<string, unknown> = {}) => ({
  reference: `GNR-1-${Math.floor(Math.random() * 1e6)}`,
  amount: 10_000,
  pays: 'sn' as const,
  msisdn: '221771234567',
  successUrl: 'https://app.ganaar.sn/#/plan?paiement=1',
  errorUrl: 'https://app.ganaar.sn/#/plan?paiement=1&echec=1',
  ...over,
});

async function control(base: string, path: string, body: unknown = {}) {
  const r = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return r.json();
}

beforeAll(async () => {
  wave = await startWaveSandbox(secrets.wave);
  om = await startOrangeMoneySandbox(secrets.orangeMoney);
  failing = createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end('{"message":"maintenance"}');
  });
  await new Promise<void>((r) => failing.listen(0, '127.0.0.1', () => r()));
  failingUrl = `http://127.0.0.1:${(failing.address() as { port: number }).port}`;
});

afterAll(async () => {
  await wave.close();
  await om.close();
  await new Promise<void>((r) => failing.close(() => r()));
});

describe('Wave adapter', () => {
  const adapter = () => new WaveProvider(wave.url, 3000);

  it('creates a checkout session (idempotent on our reference) and reads its status to the end', async () => {
    const i = input();
    const first = await adapter().initiate(i, secrets);
    expect(first).toMatchObject({ status: 'PENDING', providerRef: expect.stringMatching(/^cos-/), paymentLink: expect.stringContaining('/pay/cos-') });
    expect((await adapter().initiate(i, secrets)).providerRef).toBe(first.providerRef);
    expect(await adapter().status(first.providerRef!, secrets)).toEqual({ status: 'PENDING', reason: null });
    await control(wave.url, `/__sandbox/sessions/${first.providerRef}/pay`, { webhook: { mode: 'drop' } });
    expect(await adapter().status(first.providerRef!, secrets)).toEqual({ status: 'SUCCESS', reason: null });
    // A paid session cannot be expired: closing it says it was paid.
    expect((await adapter().close(first.providerRef!, secrets)).status).toBe('SUCCESS');
  });

  it('a refused payment is FAILED; an open session closes as FAILED; an unknown session is FAILED', async () => {
    const refused = await adapter().initiate(input(), secrets);
    await control(wave.url, `/__sandbox/sessions/${refused.providerRef}/refuse`, { webhook: { mode: 'drop' } });
    expect(await adapter().status(refused.providerRef!, secrets)).toEqual({ status: 'FAILED', reason: expect.stringContaining('refusé') });
    const open = await adapter().initiate(input(), secrets);
    expect((await adapter().close(open.providerRef!, secrets)).status).toBe('FAILED');
    expect(await adapter().status(open.providerRef!, secrets)).toMatchObject({ status: 'FAILED' });
    expect((await adapter().status('cos-nope', secrets)).status).toBe('FAILED');
  });

  it('a wrong API key is a refusal (FAILED with a reason), not a retry', async () => {
    const r = await adapter().initiate(input(), { ...secrets, wave: { ...secrets.wave, apiKey: 'wrong-key-123456' } });
    expect(r).toMatchObject({ status: 'FAILED', reason: expect.stringContaining('Wave a refusé') });
  });

  it('an unreachable or failing Wave is ProviderUnavailable (retried by the flow)', async () => {
    await expect(new WaveProvider('http://127.0.0.1:9', 1000).initiate(input(), secrets)).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(new WaveProvider(failingUrl, 1000).status('cos-1', secrets)).rejects.toMatchObject({ name: 'ProviderUnavailable' });
  });

  describe('webhook signature', () => {
    const body = Buffer.from(JSON.stringify({ id: 'AE_1', type: 'checkout.session.completed', data: { id: 'cos-1', client_reference: 'GNR-1-2' } }));
    const now = new Date();
    const t = String(Math.floor(now.getTime() / 1000));
    const sign = (ts: string, raw: Buffer, secret = secrets.wave.webhookSecret) => createHmac('sha256', secret).update(ts).update(raw).digest('hex');
    const verify = (header: string | undefined, raw = body, at = now) =>
      adapter().verifyWebhook({ headers: { 'wave-signature': header }, query: {}, rawBody: raw }, secrets, at);

    it('accepts t + v1 over the timestamp and the raw body, with several v1', () => {
      expect(verify(`t=${t},v1=${sign(t, body)}`)).toEqual({ eventId: 'AE_1', reference: 'GNR-1-2', providerRef: 'cos-1', claimed: 'SUCCESS' });
      expect(verify(`t=${t},v1=${'0'.repeat(64)},v1=${sign(t, body)}`).eventId).toBe('AE_1');
    });

    it.each([
      ['missing', undefined],
      ['no timestamp', `v1=${sign(t, body)}`],
      ['another secret', `t=${t},v1=${sign(t, body, 'another-secret')}`],
      ['truncated', `t=${t},v1=${sign(t, body).slice(0, 32)}`],
      ['stale', `t=${Number(t) - 301},v1=${sign(String(Number(t) - 301), body)}`],
    ])('refuses %s (401)', (_label, header) => {
      try {
        verify(header);
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(WebhookRejected);
        expect((err as WebhookRejected).status).toBe(401);
      }
    });

    it('an authentic body that is not an event is 400', () => {
      const raw = Buffer.from('{"hello":1}');
      expect(() => verify(`t=${t},v1=${sign(t, raw)}`, raw)).toThrow(expect.objectContaining({ status: 400 }));
    });
  });
});

describe('Orange Money adapter', () => {
  const adapter = () => new OrangeMoneyProvider(om.url, 3000);

  it("pays in one step with the payer's code, then reads the transaction status", async () => {
    const { otp } = await control(om.url, '/__sandbox/otp', { msisdn: '221771111111' });
    const r = await adapter().initiate(input({ msisdn: '221771111111', otp }), secrets);
    expect(r).toMatchObject({ status: 'SUCCESS', providerRef: expect.stringMatching(/^MP/) });
    expect(await adapter().status(r.providerRef!, secrets)).toEqual({ status: 'SUCCESS', reason: null });
    expect((await adapter().close(r.providerRef!, secrets)).status).toBe('SUCCESS');
  });

  it('a wrong, reused or missing code is FAILED with the reason', async () => {
    const { otp } = await control(om.url, '/__sandbox/otp', { msisdn: '221772222222' });
    expect(await adapter().initiate(input({ msisdn: '221772222222', otp: '000000' === otp ? '111111' : '000000' }), secrets)).toMatchObject({
      status: 'FAILED',
      reason: expect.stringContaining('OTP'),
    });
    expect((await adapter().initiate(input({ msisdn: '221772222222', otp }), secrets)).status).toBe('SUCCESS');
    expect((await adapter().initiate(input({ msisdn: '221772222222', otp }), secrets)).status).toBe('FAILED');
    expect((await adapter().initiate(input({ msisdn: '221772222222' }), secrets)).status).toBe('FAILED');
  });

  it("wrong client credentials or a failing API are ProviderUnavailable, not the payer's failure", async () => {
    await expect(adapter().initiate(input(), { ...secrets, orangeMoney: { ...secrets.orangeMoney, clientSecret: 'nope-nope-nope' } })).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    await expect(new OrangeMoneyProvider(failingUrl, 1000).status('MP1', secrets)).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('registers our callback URL with our key, and a callback must carry that key', async () => {
    await adapter().registerCallback('https://app.ganaar.sn', secrets);
    const body = Buffer.from(JSON.stringify({ reference: 'GNR-1-2', transactionId: 'MP1', status: 'SUCCESS' }));
    const verify = (cle?: string) => adapter().verifyWebhook({ headers: {}, query: { cle }, rawBody: body }, secrets);
    expect(verify(secrets.orangeMoney.callbackKey)).toEqual({ eventId: 'MP1:SUCCESS', reference: 'GNR-1-2', providerRef: 'MP1', claimed: 'SUCCESS' });
    for (const cle of [undefined, '', 'om-callback-key-12345', `${secrets.orangeMoney.callbackKey}x`]) {
      expect(() => verify(cle)).toThrow(expect.objectContaining({ status: 401 }));
    }
  });
});

describe('AWS edges of payments (aws-sdk-client-mock)', () => {
  const sm = mockClient(SecretsManagerClient);
  const sfn = mockClient(SFNClient);
  // The unit files share a worker (vitest.config.ts): a stub left in place would answer the next file's real calls.
  afterAll(() => {
    sm.restore();
    sfn.restore();
  });

  beforeEach(() => {
    vi.resetModules();
    sm.reset();
    sfn.reset();
    for (const k of ['PAYMENT_SECRETS_FILE', 'SFN_ENDPOINT', 'JWT_SECRET', 'MAIL_OUTBOX_DIR']) delete process.env[k];
    Object.assign(process.env, {
      TABLE_NAME: 't',
      AWS_REGION: 'eu-west-1',
      JWT_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:jwt',
      MAIL_FROM: 'noreply@ganaar.sn',
      PAYMENT_SECRETS_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:payments',
      PAYMENT_STATE_MACHINE_ARN: 'arn:aws:states:eu-west-1:1:stateMachine:ganaar-prod-payments',
      PUBLIC_URL: 'https://app.ganaar.sn',
    });
  });
  afterEach(() => {
    for (const k of ['JWT_SECRET_ARN', 'MAIL_FROM', 'PAYMENT_SECRETS_ARN', 'PAYMENT_STATE_MACHINE_ARN', 'PUBLIC_URL']) delete process.env[k];
  });

  it("reads the providers' secret once per container from Secrets Manager", async () => {
    sm.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify(secrets) });
    const { paymentSecrets } = await import('../../functions/paiements/secrets');
    expect(await paymentSecrets()).toEqual(secrets);
    expect(await paymentSecrets()).toEqual(secrets);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(sm.commandCalls(GetSecretValueCommand)[0].args[0].input.SecretId).toBe(process.env.PAYMENT_SECRETS_ARN);
  });

  it('names what is missing in a secret left as its empty shape, and tries again next time', async () => {
    sm.on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: JSON.stringify({ wave: { apiKey: '', webhookSecret: '' }, orangeMoney: {} }) })
      .resolves({ SecretString: JSON.stringify(secrets) });
    const { paymentSecrets } = await import('../../functions/paiements/secrets');
    await expect(paymentSecrets()).rejects.toThrow(/wave\.apiKey.*orangeMoney\.clientId/);
    expect(await paymentSecrets()).toEqual(secrets);
  });

  it('starts one execution per payment; a second start of the same name is harmless', async () => {
    sfn
      .on(StartExecutionCommand)
      .resolvesOnce({ executionArn: 'arn:x', startDate: new Date() })
      .rejectsOnce(Object.assign(new Error('exists'), { name: 'ExecutionAlreadyExists' }));
    const { startPaymentFlow } = await import('../../functions/paiements/sfn');
    const input = {
      tenantId: 1,
      paymentId: 2,
      initialStatus: 'PENDING' as const,
      poll: { count: 0 },
      timing: { heartbeatSeconds: 1, callbackSeconds: 2, pollSeconds: 1, maxPolls: 1 },
    };
    // Within a request, the execution carries the request's correlation id (shared/paiement-flow.ts).
    const { runWithContext } = await import('../../functions/lib/request-context');
    expect(await runWithContext({ domain: 'paiements', requestId: 'req-1', correlationId: 'corr-1' }, () => startPaymentFlow('pay-1-2', input))).toBe(true);
    expect(await startPaymentFlow('pay-1-2', input)).toBe(false);
    const [first, second] = sfn.commandCalls(StartExecutionCommand).map((c) => c.args[0].input);
    expect(first).toEqual({
      stateMachineArn: process.env.PAYMENT_STATE_MACHINE_ARN,
      name: 'pay-1-2',
      input: JSON.stringify({ ...input, correlationId: 'corr-1' }),
    });
    // Outside any request (a manual run), the execution's own name stands in.
    expect(JSON.parse(second.input!).correlationId).toBe('pay-1-2');
  });

  it('resumes the waiting flow; a wait already over is not an error, anything else is', async () => {
    sfn
      .on(SendTaskSuccessCommand)
      .resolvesOnce({})
      .rejectsOnce(Object.assign(new Error('gone'), { name: 'TaskTimedOut' }))
      .rejectsOnce(Object.assign(new Error('gone'), { name: 'InvalidToken' }))
      .rejectsOnce(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }));
    sfn.on(SendTaskHeartbeatCommand).resolves({});
    const { keepFlowWaiting, resumeFlow } = await import('../../functions/paiements/sfn');
    expect(await resumeFlow('tok', { claimed: 'SUCCESS' })).toBe(true);
    expect(await resumeFlow('tok', {})).toBe(false);
    expect(await resumeFlow('tok', {})).toBe(false);
    await expect(resumeFlow('tok', {})).rejects.toThrow('throttled');
    expect(sfn.commandCalls(SendTaskSuccessCommand)[0].args[0].input).toEqual({ taskToken: 'tok', output: '{"claimed":"SUCCESS"}' });
    expect(await keepFlowWaiting('tok')).toBe(true);
  });
});
