// The Step Functions calls of the payments Lambdas: start a payment's execution, hand the
// provider's webhook back to the waiting flow. Locally the same SDK calls go to the local Step
// Functions endpoint (SFN_ENDPOINT, infra/local/stepfunctions/).
import { SendTaskHeartbeatCommand, SendTaskSuccessCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { PaymentFlowInput } from '@shared/paiement-flow';
import { config } from '../lib/config';
import { currentContext } from '../lib/request-context';
import { instrumentClient } from '../lib/aws-calls';
import { SDK_LOGGER } from '../lib/sdk-logger';
import { paymentsConfig } from './config';

let client: SFNClient | undefined;

function sfn(): SFNClient {
  if (client) return client;
  const cfg = paymentsConfig();
  client = new SFNClient({
    region: config().region,
    ...(cfg.sfnEndpoint ? { endpoint: cfg.sfnEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    maxAttempts: 3,
    logger: SDK_LOGGER,
  });
  return instrumentClient(client, 'states');
}

/**
 * Starts the payment's execution; false when one of that name already exists (a harmless replay).
 * The execution carries the correlation id of the request starting it (shared/paiement-flow.ts).
 */
export async function startPaymentFlow(name: string, input: Omit<PaymentFlowInput, 'correlationId'>): Promise<boolean> {
  const full: PaymentFlowInput = { ...input, correlationId: currentContext()?.correlationId ?? name };
  try {
    await sfn().send(new StartExecutionCommand({ stateMachineArn: paymentsConfig().stateMachineArn, name, input: JSON.stringify(full) }));
    return true;
  } catch (err) {
    if ((err as Error).name === 'ExecutionAlreadyExists') return false;
    throw err;
  }
}

/** The wait is over because the task already ended (timed out, completed by a redelivery…). */
const GONE = new Set(['TaskDoesNotExist', 'InvalidToken', 'TaskTimedOut']);

/** Wakes the flow waiting on `token`; false when that wait is already over. */
export async function resumeFlow(token: string, output: Record<string, unknown>): Promise<boolean> {
  try {
    await sfn().send(new SendTaskSuccessCommand({ taskToken: token, output: JSON.stringify(output) }));
    return true;
  } catch (err) {
    if (GONE.has((err as Error).name)) return false;
    throw err;
  }
}

/** A progress event from the provider: keep waiting for the final webhook (resets the heartbeat). */
export async function keepFlowWaiting(token: string): Promise<boolean> {
  try {
    await sfn().send(new SendTaskHeartbeatCommand({ taskToken: token }));
    return true;
  } catch (err) {
    if (GONE.has((err as Error).name)) return false;
    throw err;
  }
}
