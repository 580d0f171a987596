// Vitest global setup: one embedded local stack (DynamoDB Local in memory, s3rver, outbox in a
// temporary folder) for the whole run. Tests read its URL with inject('baseUrl').
// The api and e2e projects both name this setup; they share ONE stack, because the handlers read
// their configuration from process.env once per process (as in Lambda), so two stacks in one
// process would cross-wire. The stack is ref-counted on globalThis for that reason.
import type { TestProject } from 'vitest/node';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { startStack, type Stack } from '../../infra/local/server';

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
  stack: Promise<Stack>;
  logFile: string;
  users: number;
}
const g = globalThis as typeof globalThis & { __ganaarStack?: Shared };

export async function setup(project: TestProject) {
  // The AWS calls of the handlers, for the IAM contract project that runs after this one
  // (vitest.config.ts names the file; tests/contract/iam-contract.test.ts reads it).
  const awsCallLog = process.env.GANAAR_AWS_CALLS_FILE;
  if (awsCallLog) mkdirSync(dirname(awsCallLog), { recursive: true });
  const logFile = resolve('.test-data', `log-${process.pid}-${Date.now()}.jsonl`);
  mkdirSync(dirname(logFile), { recursive: true });
  g.__ganaarStack ??= { stack: startStack({ dataDir: null, webDist: 'web/dist', logFile, awsCallLog }), logFile, users: 0 };
  g.__ganaarStack.users++;
  const stack = await g.__ganaarStack.stack;
  project.provide('baseUrl', stack.url);
  project.provide('outboxDir', stack.outboxDir);
  project.provide('dynamoEndpoint', stack.dynamoEndpoint);
  project.provide('tableName', stack.tableName);
  project.provide('jwtSecret', process.env.JWT_SECRET as string);
  project.provide('waveUrl', process.env.WAVE_API_URL as string);
  project.provide('orangeMoneyUrl', process.env.ORANGE_MONEY_API_URL as string);
  project.provide('sfnEndpoint', process.env.SFN_ENDPOINT as string);
  project.provide('paymentSecretsFile', process.env.PAYMENT_SECRETS_FILE as string);
  project.provide('originSecret', stack.originSecret);
  project.provide('logFile', g.__ganaarStack.logFile);
}

export async function teardown() {
  const shared = g.__ganaarStack;
  if (!shared || --shared.users > 0) return;
  g.__ganaarStack = undefined;
  const stack = await shared.stack;
  const errors = stack.serverErrors();
  await stack.close();
  rmSync(stack.dataDir, { recursive: true, force: true });
  rmSync(shared.logFile, { force: true });
  // A 5xx is always a defect, even in a test that did not look at the status. Vitest only logs a
  // throw from a global teardown, so the exit code is set as well: the run fails.
  if (errors.length) {
    process.exitCode = 1;
    throw new Error(`${errors.length} API call(s) answered 5xx during the tests:\n${errors.slice(0, 20).join('\n')}`);
  }
}
