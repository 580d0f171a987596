// Step Functions on a laptop: the state machines of the product (the very ASL definitions CDK
// deploys) run by aws-local-stepfunctions, behind a small HTTP endpoint that speaks the Step
// Functions JSON protocol (api.ts). The product calls it with the real @aws-sdk/client-sfn, only its
// endpoint differs (SFN_ENDPOINT), exactly as DynamoDB Local stands in for DynamoDB.
//
// What aws-local-stepfunctions does not do is done beside it: `Promise.withResolvers` for Node 20
// (polyfill.ts), Lambda and `.waitForTaskToken` tasks (tasks.ts), and the path of a task's timeout
// and heartbeat (machines.ts).
import './polyfill';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createOperations } from './api';
import { SfnError, namedError } from './errors';
import { createExecutions, type CompiledMachines } from './executions';
import { adaptForLocalRun, type LocalStateMachine } from './machines';
import { createLocalTasks } from './tasks';

export type { LocalFunction, LocalStateMachine } from './machines';

export interface LocalStepFunctions {
  endpoint: string;
  arnOf(name: string): string;
  close(): Promise<void>;
}

export async function startLocalStepFunctions(machines: LocalStateMachine[], region = 'eu-west-1'): Promise<LocalStepFunctions> {
  const { StateMachine } = await import('aws-local-stepfunctions');
  const arnOf = (name: string) => `arn:aws:states:${region}:000000000000:stateMachine:${name}`;
  const compiled: CompiledMachines = new Map(
    machines.map((m) => [
      arnOf(m.name),
      { machine: m, sm: new StateMachine(adaptForLocalRun(m.definition) as never, { validationOptions: { checkArn: true } }) },
    ]),
  );
  const tasks = createLocalTasks();
  const executions = createExecutions(compiled, tasks);
  const ops = createOperations(executions, tasks);

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify(body));
      };
      const target = String(req.headers['x-amz-target'] ?? '');
      const op = ops[target.replace(/^AWSStepFunctions\./, '')];
      if (!op) return reply(400, { __type: 'UnknownOperationException', message: `Unsupported operation ${target}` });
      try {
        reply(200, op(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')));
      } catch (err) {
        if (err instanceof SfnError) return reply(400, { __type: err.type, message: err.message });
        reply(500, { __type: 'InternalFailure', message: (err as Error).message });
      }
    });
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });

  return {
    endpoint: `http://127.0.0.1:${port}`,
    arnOf,
    close: async () => {
      // Executions still waiting (a Wait state, a callback) stop with the stack.
      for (const e of executions.byArn.values()) {
        if (e.status !== 'RUNNING') continue;
        Object.assign(e, { status: 'ABORTED', stopDate: Date.now() });
        e.abort?.();
      }
      for (const t of tasks.waiting.values()) t.reject(namedError('States.Runtime', 'local Step Functions stopped'));
      await new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections?.();
    },
  };
}
