// Vitest global setup: one embedded local stack (DynamoDB Local in memory, s3rver, outbox in a
// temporary folder) for the whole run. Tests read its URL with inject('baseUrl').
// The api and e2e projects both name this setup; they share ONE stack, because the handlers read
// their configuration from process.env once per process (as in Lambda), so two stacks in one
// process would cross-wire. The stack is ref-counted on globalThis for that reason.
import type { TestProject } from 'vitest/node';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
  g.__ganaarStack ??= { stack: startStack({ dataDir: null, webDist: 'web/dist', logFile, awsCallLog, writeJournal: true }), logFile, users: 0 };
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
  if (process.env.GANAAR_STACK_STATS) console.log(stackStats(stack.dynamoPid(), shared.logFile));
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

/**
 * Where the stack's CPU went (GANAAR_STACK_STATS=1, docs/benchmarks.md "Test loop"): the vitest main
 * process (it hosts the local server and the handlers), DynamoDB Local's Java, and the API requests
 * the handlers logged. Wall times swing with the machine's load; these do much less.
 */
function stackStats(javaPid: number | undefined, logFile: string): string {
  const main = process.cpuUsage();
  let java = 'n/a';
  if (javaPid && existsSync(`/proc/${javaPid}/stat`)) {
    // utime and stime are fields 14 and 15, after the parenthesised command name; in clock ticks (100 Hz).
    const fields = readFileSync(`/proc/${javaPid}/stat`, 'utf8').split(') ')[1].split(' ');
    java = `${((Number(fields[11]) + Number(fields[12])) / 100).toFixed(1)} s`;
    if (process.env.GANAAR_STACK_STATS === 'threads') {
      // Per Java thread kind (JIT compilers, GC, Jetty's request threads…), to see what a request costs.
      const byKind = new Map<string, number>();
      for (const task of readdirSync(`/proc/${javaPid}/task`)) {
        try {
          const stat = readFileSync(`/proc/${javaPid}/task/${task}/stat`, 'utf8');
          const name = stat
            .slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
            .replace(/[\d#-]+$/, '')
            .replace(/\d+/g, 'N');
          const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          byKind.set(name, (byKind.get(name) ?? 0) + (Number(f[11]) + Number(f[12])) / 100);
        } catch {
          /* a thread that ended meanwhile */
        }
      }
      java += ` (${[...byKind]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(', ')})`;
    }
  }
  const lines = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n') : [];
  const requests = lines.filter((l) => l.includes('"message":"request"')).length;
  return `[stack] main process CPU ${((main.user + main.system) / 1e6).toFixed(1)} s, DynamoDB Local CPU ${java}, ${requests} API requests`;
}
