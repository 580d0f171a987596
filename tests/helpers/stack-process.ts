// The test stack's own process (tests/helpers/stack-setup.ts forks it): the local server, the
// handlers and DynamoDB Local's watch run here, beside vitest's main process instead of inside it.
// In vitest's process they shared one JavaScript thread with the test runner (its module
// transforms, the workers' messages): the API's work now runs on the other core while vitest works.
// The parent sends the stack's options, gets its addresses back, and at the end asks it to close
// and report the 5xx answers and where its CPU went.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { startStack, type StackOptions } from '../../infra/local/server';

export interface StackInfo {
  url: string;
  dataDir: string;
  outboxDir: string;
  dynamoEndpoint: string;
  tableName: string;
  originSecret: string;
  /**
   * The variables the stack gave its handlers (table, DynamoDB Local, secrets, sandboxes…): the
   * parent sets them in its own environment, which the test workers inherit, so code of the
   * handlers' side that a test runs in its worker (the demo seed, a repository) finds the same
   * stack. The scrypt cost stays the stack's own.
   */
  env: Record<string, string>;
}

export type ToStack = { type: 'start'; options: StackOptions & { logFile: string } } | { type: 'close'; stats: boolean };
export type FromStack = { type: 'ready'; info: StackInfo } | { type: 'failed'; message: string } | { type: 'closed'; serverErrors: string[]; stats?: string };

const send = (m: FromStack) => new Promise<void>((resolve) => process.send!(m, () => resolve()));

let stack: Awaited<ReturnType<typeof startStack>> | undefined;
let logFile = '';

process.on('message', (m: ToStack) => {
  void (async () => {
    if (m.type === 'start') {
      logFile = m.options.logFile;
      const before = { ...process.env };
      try {
        stack = await startStack(m.options);
      } catch (err) {
        await send({ type: 'failed', message: (err as Error)?.stack ?? String(err) });
        process.exit(1);
      }
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env)) if (v !== undefined && before[k] !== v && k !== 'PASSWORD_SCRYPT_LOG2N') env[k] = v;
      await send({
        type: 'ready',
        info: {
          url: stack.url,
          dataDir: stack.dataDir,
          outboxDir: stack.outboxDir,
          dynamoEndpoint: stack.dynamoEndpoint,
          tableName: stack.tableName,
          originSecret: stack.originSecret,
          env,
        },
      });
    } else if (m.type === 'close') {
      const serverErrors = stack?.serverErrors() ?? [];
      const stats = m.stats && stack ? stackStats(stack.dynamoPid()) : undefined;
      await stack?.close();
      await send({ type: 'closed', serverErrors, stats });
      process.exit(0);
    }
  })();
});

// vitest ended without a teardown (killed, crashed): the stack and its DynamoDB Local go with it.
process.on('disconnect', () => {
  void (stack?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});

/**
 * Where the stack's CPU went (GANAAR_STACK_STATS=1, docs/benchmarks.md "Test loop"): this process
 * (the local server and the handlers), DynamoDB Local's Java, and the API requests the handlers
 * logged. Wall times swing with the machine's load; these do much less.
 */
function stackStats(javaPid: number | undefined): string {
  const own = process.cpuUsage();
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
  return `stack process CPU ${((own.user + own.system) / 1e6).toFixed(1)} s, DynamoDB Local CPU ${java}, ${requests} API requests`;
}
