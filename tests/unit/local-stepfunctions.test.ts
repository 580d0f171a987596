// The local Step Functions (infra/local/stepfunctions/) running the payment flow's ASL with stub
// task functions, driven through the real @aws-sdk/client-sfn: the waitForTaskToken emulation
// (token, SendTaskSuccess, heartbeat, HeartbeatTimeout), the polling path to expiry, unique
// execution names, and the errors the SDK maps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DescribeExecutionCommand,
  GetExecutionHistoryCommand,
  SendTaskHeartbeatCommand,
  SendTaskSuccessCommand,
  SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { paymentFlowDefinition, type PaymentFlowInput } from '@shared/paiement-flow';
import { startLocalStepFunctions, type LocalStepFunctions } from '../../infra/local/stepfunctions';

const FN = 'arn:aws:lambda:eu-west-1:000000000000:function:flow';
let local: LocalStepFunctions;
let sfn: SFNClient;
const calls: { action: string; paymentId: number; taskToken?: string }[] = [];
/** What checkStatus answers, per payment. */
const status = new Map<number, string>();

const input = (paymentId: number, timing: Partial<PaymentFlowInput['timing']> = {}): PaymentFlowInput => ({
  tenantId: 1,
  paymentId,
  initialStatus: 'PENDING',
  poll: { count: 0 },
  timing: { heartbeatSeconds: 1, callbackSeconds: 5, pollSeconds: 0, maxPolls: 2, ...timing },
  correlationId: `corr-${paymentId}`,
});

async function start(paymentId: number, timing?: Partial<PaymentFlowInput['timing']>) {
  const out = await sfn.send(
    new StartExecutionCommand({ stateMachineArn: local.arnOf('payments'), name: `pay-1-${paymentId}`, input: JSON.stringify(input(paymentId, timing)) }),
  );
  return out.executionArn!;
}

async function finished(arn: string) {
  for (let i = 0; i < 200; i++) {
    const d = await sfn.send(new DescribeExecutionCommand({ executionArn: arn }));
    if (d.status !== 'RUNNING') return d;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('still running');
}

async function entered(arn: string): Promise<string[]> {
  const h = await sfn.send(new GetExecutionHistoryCommand({ executionArn: arn }));
  return (h.events ?? []).filter((e) => e.type?.endsWith('StateEntered')).map((e) => e.stateEnteredEventDetails!.name!);
}

async function tokenOf(paymentId: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const c = calls.find((x) => x.paymentId === paymentId && x.action === 'awaitCallback');
    if (c) return c.taskToken!;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no wait');
}

beforeAll(async () => {
  local = await startLocalStepFunctions([
    {
      name: 'payments',
      definition: paymentFlowDefinition(FN),
      functions: {
        [FN]: async (p: { action: string; paymentId: number; taskToken?: string; outcome?: string }) => {
          calls.push(p);
          switch (p.action) {
            case 'checkStatus':
              return { status: status.get(p.paymentId) ?? 'PENDING', reason: null };
            case 'close':
              return { status: p.outcome };
            case 'activate':
              return { result: 'activated' };
            default:
              return {};
          }
        },
      },
    },
  ]);
  sfn = new SFNClient({ endpoint: local.endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
});

afterAll(async () => {
  await local.close();
});

describe('local Step Functions running the payment flow', () => {
  it('waits with a generated task token until SendTaskSuccess, then confirms and grants', async () => {
    status.set(1, 'SUCCESS');
    const arn = await start(1, { heartbeatSeconds: 10, callbackSeconds: 20 });
    const token = await tokenOf(1);
    expect(token).toMatch(/^local-/);
    expect((await sfn.send(new DescribeExecutionCommand({ executionArn: arn }))).status).toBe('RUNNING');
    await sfn.send(new SendTaskSuccessCommand({ taskToken: token, output: JSON.stringify({ claimed: 'SUCCESS' }) }));
    const d = await finished(arn);
    expect(d.status).toBe('SUCCEEDED');
    expect(JSON.parse(d.output!)).toMatchObject({ callback: { claimed: 'SUCCESS' }, check: { status: 'SUCCESS' }, activation: { result: 'activated' } });
    expect(await entered(arn)).toEqual([
      'RouteInitialStatus',
      'AwaitProviderCallback',
      'ConfirmWithProvider',
      'DecideOnStatus',
      'ActivateSubscription',
      'MailReceipt',
      'Paid',
    ]);
    // The token is spent: a second answer is refused as the SDK knows it.
    await expect(sfn.send(new SendTaskSuccessCommand({ taskToken: token, output: '{}' }))).rejects.toMatchObject({ name: 'InvalidToken' });
  });

  it('no webhook within the heartbeat → polls the status maxPolls times → expires', async () => {
    const arn = await start(2);
    const d = await finished(arn);
    expect(d.status).toBe('SUCCEEDED');
    expect(JSON.parse(d.output!)).toMatchObject({ waited: { Error: 'States.HeartbeatTimeout' }, poll: { count: 3 }, closed: { status: 'EXPIRED' } });
    const states = await entered(arn);
    expect(states.filter((s) => s === 'ConfirmWithProvider')).toHaveLength(3);
    expect(states.slice(-3)).toEqual(['CancelAtProviderAndExpire', 'PaidWhileClosing', 'NotPaid']);
  });

  it('a heartbeat keeps the wait open past the heartbeat time', async () => {
    status.set(3, 'FAILED');
    const arn = await start(3, { heartbeatSeconds: 1, callbackSeconds: 10 });
    const token = await tokenOf(3);
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 600));
      await sfn.send(new SendTaskHeartbeatCommand({ taskToken: token }));
    }
    expect((await sfn.send(new DescribeExecutionCommand({ executionArn: arn }))).status).toBe('RUNNING');
    await sfn.send(new SendTaskSuccessCommand({ taskToken: token, output: JSON.stringify({ claimed: 'FAILED' }) }));
    const d = await finished(arn);
    expect(JSON.parse(d.output!)).toMatchObject({ check: { status: 'FAILED' }, closed: { status: 'FAILED' } });
    expect(await entered(arn)).toContain('MarkFailed');
  });

  it('an execution name is used once; unknown machines and bad input are refused', async () => {
    status.set(4, 'SUCCESS');
    await start(4, { heartbeatSeconds: 1 });
    await expect(start(4)).rejects.toMatchObject({ name: 'ExecutionAlreadyExists' });
    await expect(sfn.send(new StartExecutionCommand({ stateMachineArn: local.arnOf('nope'), input: '{}' }))).rejects.toMatchObject({
      name: 'StateMachineDoesNotExist',
    });
    await expect(sfn.send(new StartExecutionCommand({ stateMachineArn: local.arnOf('payments'), input: '{' }))).rejects.toMatchObject({
      name: 'InvalidExecutionInput',
    });
  });
});
