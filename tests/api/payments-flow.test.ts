// The payment flow (shared/paiement-flow.ts) run by local Step Functions against the sandboxes:
// waits for the webhook, falls back to polling the provider's status API, fails, expires, and
// grants once even when two payments of one business land together.
import { inject } from 'vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { DescribeExecutionCommand, GetExecutionHistoryCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { addMonths } from '../../functions/paiements/period';
import { get, newBusiness, post } from '../helpers/api';
import { daysFromNow, omOtp, sandbox, setSubscription, snNumber, startWave, subscriptionOf, waitFinal } from './payment-fixtures';

let sfn: SFNClient;
const executionArn = (tenantId: number, id: number) => `arn:aws:states:eu-west-1:000000000000:execution:ganaar-local-payments:pay-${tenantId}-${id}`;

async function statesVisited(tenantId: number, id: number): Promise<string[]> {
  const h = await sfn.send(new GetExecutionHistoryCommand({ executionArn: executionArn(tenantId, id) }));
  return (h.events ?? []).filter((e) => e.type?.endsWith('StateEntered')).map((e) => e.stateEnteredEventDetails!.name!);
}

async function executionDone(tenantId: number, id: number, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const d = await sfn.send(new DescribeExecutionCommand({ executionArn: executionArn(tenantId, id) }));
    if (d.status !== 'RUNNING' || Date.now() > until) return d;
    await new Promise((r) => setTimeout(r, 150));
  }
}

beforeAll(() => {
  sfn = new SFNClient({ endpoint: inject('sfnEndpoint'), region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
});

describe('the webhook path', () => {
  it('one execution per payment, named after it: waits for the webhook, confirms, grants, mails', async () => {
    const b = await newBusiness();
    const w = await startWave(b.token);
    await sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/pay`, {});
    expect((await waitFinal(b.token, w.id)).status).toBe('SUCCESS');
    const d = await executionDone(b.tenantId, w.id);
    expect(d.status).toBe('SUCCEEDED');
    expect(JSON.parse(d.input!)).toMatchObject({ tenantId: b.tenantId, paymentId: w.id, initialStatus: 'PENDING' });
    expect(await statesVisited(b.tenantId, w.id)).toEqual([
      'RouteInitialStatus',
      'AwaitProviderCallback',
      'ConfirmWithProvider',
      'DecideOnStatus',
      'ActivateSubscription',
      'MailReceipt',
      'Paid',
    ]);
    // A second start for the same payment is refused by its name: a replay cannot run it twice.
    await expect(
      sfn.send(new StartExecutionCommand({ stateMachineArn: d.stateMachineArn, name: `pay-${b.tenantId}-${w.id}`, input: d.input })),
    ).rejects.toMatchObject({ name: 'ExecutionAlreadyExists' });
  });

  it('a webhook delayed past the wait is still honoured (polling or webhook, whichever first), once', async () => {
    const b = await newBusiness();
    await setSubscription(b.tenantId, { plan: 'pro', validUntil: daysFromNow(5) });
    const before = await subscriptionOf(b.tenantId);
    const w = await startWave(b.token, { code_plan: 'pro', nb_mois: 1 });
    await sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/pay`, { webhook: { delayMs: 3000, times: 3 } });
    expect((await waitFinal(b.token, w.id)).status).toBe('SUCCESS');
    await new Promise((r) => setTimeout(r, 3500));
    expect((await subscriptionOf(b.tenantId)).validUntil).toBe(addMonths(new Date(before.validUntil), 1).toISOString());
  });
});

describe('without a webhook', () => {
  it('callback dropped → the flow polls the status API and still grants', async () => {
    const b = await newBusiness();
    const w = await startWave(b.token, { code_plan: 'ent' });
    const paid = await sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/pay`, { webhook: { mode: 'drop' } });
    expect(paid.body.event.deliveries).toEqual([expect.objectContaining({ mode: 'drop', status: null })]);
    expect((await waitFinal(b.token, w.id)).status).toBe('SUCCESS');
    expect((await subscriptionOf(b.tenantId)).plan).toBe('ent');
    const states = await statesVisited(b.tenantId, w.id);
    expect(states.slice(0, 3)).toEqual(['RouteInitialStatus', 'AwaitProviderCallback', 'ConfirmWithProvider']);
    expect(states).toContain('ActivateSubscription');
  });

  it('Orange Money pending, settled later with its callback lost → polling grants it', async () => {
    const b = await newBusiness();
    const numero = snNumber();
    await sandbox('om', 'POST', `/__sandbox/subscribers/221${numero}`, { result: 'PENDING' });
    const r = await post(
      '/api/initMensualitePaiement',
      { code_plan: 'pro', nb_mois: 2, service_pay: 'orange_money', info_pay: { numero, otp: await omOtp(numero) }, pays: 'sn', currency: 'XOF' },
      b.token,
    );
    expect(r.body).toMatchObject({ status: 'PENDING', message: 'Paiement initialisé veuillez valider' });
    expect(r.body.payment_link).toBeUndefined();
    const p = (await get(`/api/paiement/${r.body.id_paiement}`, b.token)).body;
    const [tx] = (await sandbox('om', 'GET', `/__sandbox/transactions?reference=${p.reference}`)).body;
    await sandbox('om', 'POST', `/__sandbox/transactions/${tx.transactionId}/settle`, { status: 'SUCCESS', callback: { mode: 'drop' } });
    expect((await waitFinal(b.token, r.body.id_paiement)).status).toBe('SUCCESS');
    expect((await subscriptionOf(b.tenantId)).plan).toBe('pro');
  });

  it('nobody pays → after the polls the payment is EXPIRED and the Wave session is expired, nothing granted', { timeout: 90_000 }, async () => {
    const b = await newBusiness();
    const before = await subscriptionOf(b.tenantId);
    const w = await startWave(b.token);
    const p = await waitFinal(b.token, w.id, 70_000);
    expect(p).toMatchObject({ status: 'EXPIRED', motif_echec: 'Paiement non validé à temps' });
    expect((await sandbox('wave', 'GET', `/__sandbox/sessions/${w.sessionId}`)).body.checkout_status).toBe('expired');
    expect(await subscriptionOf(b.tenantId)).toEqual(before);
    expect((await statesVisited(b.tenantId, w.id)).slice(-3)).toEqual(['CancelAtProviderAndExpire', 'PaidWhileClosing', 'NotPaid']);
  });
});

describe('refusal', () => {
  it('the payer refuses on Wave → FAILED, session closed, no extension', async () => {
    const b = await newBusiness();
    const before = await subscriptionOf(b.tenantId);
    const w = await startWave(b.token);
    const r = await sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/refuse`, {});
    expect(r.body.event.deliveries[0].status).toBe(200);
    const p = await waitFinal(b.token, w.id);
    expect(p.status).toBe('FAILED');
    expect(p.motif_echec).toContain('refusé');
    expect(await subscriptionOf(b.tenantId)).toEqual(before);
    expect((await sandbox('wave', 'GET', `/__sandbox/sessions/${w.sessionId}`)).body.checkout_status).toBe('expired');
    expect((await executionDone(b.tenantId, w.id)).status).toBe('SUCCEEDED');
    expect(await statesVisited(b.tenantId, w.id)).toContain('MarkFailed');
  });
});

describe('concurrency', () => {
  it('two payments in flight for one business → both counted, no month lost', async () => {
    const b = await newBusiness();
    await setSubscription(b.tenantId, { plan: 'pro', validUntil: daysFromNow(3) });
    const before = await subscriptionOf(b.tenantId);
    const w1 = await startWave(b.token, { code_plan: 'pro', nb_mois: 1 });
    const w2 = await startWave(b.token, { code_plan: 'pro', nb_mois: 2 });
    await Promise.all([
      sandbox('wave', 'POST', `/__sandbox/sessions/${w1.sessionId}/pay`, { webhook: { times: 3 } }),
      sandbox('wave', 'POST', `/__sandbox/sessions/${w2.sessionId}/pay`, { webhook: { times: 3 } }),
    ]);
    expect((await waitFinal(b.token, w1.id)).status).toBe('SUCCESS');
    expect((await waitFinal(b.token, w2.id)).status).toBe('SUCCESS');
    // Whichever landed first, each added its months to the end the other had left.
    const start = new Date(before.validUntil);
    expect([addMonths(addMonths(start, 1), 2).toISOString(), addMonths(addMonths(start, 2), 1).toISOString()]).toContain(
      (await subscriptionOf(b.tenantId)).validUntil,
    );
  });
});
