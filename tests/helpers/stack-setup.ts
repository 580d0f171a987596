// Vitest global setup: one embedded local stack (DynamoDB Local in memory, s3rver, outbox in a
// temporary folder) for the whole run, in its own process (tests/helpers/stack-process.ts). Tests
// read its URL with inject('baseUrl').
// The api (API files and journeys), api-alone and api-last projects name this setup; they share ONE stack (its handlers read
// their configuration from process.env once per process, as in Lambda), ref-counted on globalThis.
import type { TestProject } from 'vitest/node';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { TEST_PASSWORD_COST } from '../../infra/local/password-cost';
import { forkTs, nextMessage } from './child-process';
import type { FromStack, StackInfo, ToStack } from './stack-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
    dynamoEndpoint: string;
    tableName: string;
    /** The stack's JWT secret, so security tests can forge expired or foreign-tenant tokens. */
    jwtSecret: string;
    /** The payment sandboxes and local Step Functions (infra/local/payments.ts). */
    waveUrl: string;
    orangeMoneyUrl: string;
    sfnEndpoint: string;
    paymentSecretsFile: string;
    /**
     * The secret CloudFront adds to every origin request (functions/lib/client-ip.ts): tests send
     * it to act as callers from distinct client IPs, as CloudFront reports them.
     */
    originSecret: string;
    /** Every log and metric line the handlers wrote (functions/lib/log.ts), one JSON per line. */
    logFile: string;
  }
}

interface Shared {
  child: ChildProcess;
  info: Promise<StackInfo>;
  logFile: string;
  users: number;
}
const g = globalThis as typeof globalThis & { __ganaarStack?: Shared };

const next = (child: ChildProcess) => nextMessage<FromStack>(child, "the test stack's process");

function startStackProcess(logFile: string, awsCallLog: string | undefined): Shared {
  const child = forkTs('tests/helpers/stack-process.ts');
  const start: ToStack = {
    type: 'start',
    options: { dataDir: null, webDist: 'web/dist', logFile, awsCallLog, writeJournal: true, passwordCost: TEST_PASSWORD_COST, notificationsHook: true },
  };
  const info = (async () => {
    const answer = next(child);
    child.send(start);
    const m = await answer;
    if (m.type !== 'ready') throw new Error(`the test stack did not start: ${m.type === 'failed' ? m.message : m.type}`);
    return m.info;
  })();
  return { child, info, logFile, users: 0 };
}

export async function setup(project: TestProject) {
  // The AWS calls of the handlers, for the IAM contract project that runs after this one
  // (vitest.config.ts names the file; tests/contract/iam-contract.test.ts reads it).
  const awsCallLog = process.env.GANAAR_AWS_CALLS_FILE;
  if (awsCallLog) mkdirSync(dirname(awsCallLog), { recursive: true });
  const logFile = resolve('.test-data', `log-${process.pid}-${Date.now()}.jsonl`);
  mkdirSync(dirname(logFile), { recursive: true });
  g.__ganaarStack ??= startStackProcess(logFile, awsCallLog);
  g.__ganaarStack.users++;
  const stack = await g.__ganaarStack.info;
  // The workers, forked after this, inherit the handlers' variables (tests/helpers/stack-process.ts).
  Object.assign(process.env, stack.env);
  project.provide('baseUrl', stack.url);
  project.provide('outboxDir', stack.outboxDir);
  project.provide('dynamoEndpoint', stack.dynamoEndpoint);
  project.provide('tableName', stack.tableName);
  project.provide('jwtSecret', stack.env.JWT_SECRET);
  project.provide('waveUrl', stack.env.WAVE_API_URL);
  project.provide('orangeMoneyUrl', stack.env.ORANGE_MONEY_API_URL);
  project.provide('sfnEndpoint', stack.env.SFN_ENDPOINT);
  project.provide('paymentSecretsFile', stack.env.PAYMENT_SECRETS_FILE);
  project.provide('originSecret', stack.originSecret);
  project.provide('logFile', g.__ganaarStack.logFile);
}

export async function teardown() {
  const shared = g.__ganaarStack;
  if (!shared || --shared.users > 0) return;
  g.__ganaarStack = undefined;
  const stack = await shared.info;
  const answer = next(shared.child);
  shared.child.send({ type: 'close', stats: Boolean(process.env.GANAAR_STACK_STATS) } satisfies ToStack);
  const closed = await answer;
  if (closed.type !== 'closed') throw new Error(`the test stack did not close: ${closed.type}`);
  if (closed.stats) {
    const main = process.cpuUsage();
    console.log(`[stack] vitest main process CPU ${((main.user + main.system) / 1e6).toFixed(1)} s, ${closed.stats}`);
  }
  rmSync(stack.dataDir, { recursive: true, force: true });
  rmSync(shared.logFile, { force: true });
  // A 5xx is always a defect, even in a test that did not look at the status. Vitest only logs a
  // throw from a global teardown, so the exit code is set as well: the run fails.
  if (closed.serverErrors.length) {
    process.exitCode = 1;
    throw new Error(`${closed.serverErrors.length} API call(s) answered 5xx during the tests:\n${closed.serverErrors.slice(0, 20).join('\n')}`);
  }
}
