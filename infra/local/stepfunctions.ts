// Step Functions on a laptop: the state machines of the product (the very ASL definitions CDK
// deploys) run by aws-local-stepfunctions, behind a small HTTP endpoint that speaks the Step
// Functions JSON protocol (StartExecution, SendTaskSuccess/Failure/Heartbeat, DescribeExecution,
// GetExecutionHistory). The product calls it with the real @aws-sdk/client-sfn, only its endpoint
// differs (SFN_ENDPOINT), exactly as DynamoDB Local stands in for DynamoDB.
//
// What aws-local-stepfunctions does not do is done here:
// - `Promise.withResolvers`, which it needs and Node 20 lacks, is polyfilled;
// - Lambda tasks (`arn:aws:states:::lambda:invoke`) call a local function in-process and wrap its
//   answer as the integration does (`{ Payload, StatusCode }`); a thrown error keeps its name, as a
//   Lambda error's `errorType` does in AWS;
// - `.waitForTaskToken`: the task gets a generated token, and the task's promise is settled by
//   SendTaskSuccess/SendTaskFailure on that token; SendTaskHeartbeat restarts its heartbeat timer;
//   no heartbeat in time fails it with States.HeartbeatTimeout, as in AWS;
// - the library evaluates a task's TimeoutSecondsPath/HeartbeatSecondsPath against the task's
//   Parameters instead of its input: such a path is pointed at the Payload field that carries the
//   same value (the definition passes it, e.g. `callbackSeconds.$`), and nothing else changes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';

type PromiseWithResolversFn = <T>() => { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void };
const P = Promise as unknown as { withResolvers?: PromiseWithResolversFn };
P.withResolvers ??= function <T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
};

export type LocalFunction = (payload: any) => Promise<unknown>;

export interface LocalStateMachine {
  name: string;
  definition: Record<string, any>;
  /** Lambda function name or ARN used in the definition → the local function standing in for it. */
  functions: Record<string, LocalFunction>;
}

type Status = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

interface Execution {
  arn: string;
  name: string;
  stateMachineArn: string;
  input: string;
  status: Status;
  startDate: number;
  stopDate?: number;
  output?: string;
  error?: string;
  cause?: string;
  history: { timestamp: number; type: string; name?: string }[];
  abort?: () => void;
}

interface WaitingTask {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  heartbeat(): void;
}

class SfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

function namedError(name: string, message: string): Error {
  const e = new Error(message);
  e.name = name;
  return e;
}

/** The definition as the local library needs it (see the file's comment); semantics unchanged. */
function adaptForLocalRun(definition: Record<string, any>): Record<string, any> {
  const copy = JSON.parse(JSON.stringify(definition));
  for (const state of Object.values<any>(copy.States ?? {})) {
    if (state.Type !== 'Task' || !String(state.Resource).endsWith('.waitForTaskToken')) continue;
    const payload = state.Parameters?.Payload ?? {};
    for (const field of ['TimeoutSecondsPath', 'HeartbeatSecondsPath']) {
      if (!state[field]) continue;
      const entry = Object.entries(payload).find(([k, v]) => k.endsWith('.$') && v === state[field]);
      if (!entry) throw new Error(`local Step Functions: ${field} ${state[field]} must also be passed in the task's Payload`);
      state[field] = `$.Payload.${entry[0].slice(0, -2)}`;
    }
  }
  return copy;
}

export interface LocalStepFunctions {
  endpoint: string;
  arnOf(name: string): string;
  close(): Promise<void>;
}

export async function startLocalStepFunctions(machines: LocalStateMachine[], region = 'eu-west-1'): Promise<LocalStepFunctions> {
  const { StateMachine } = await import('aws-local-stepfunctions');
  const arnOf = (name: string) => `arn:aws:states:${region}:000000000000:stateMachine:${name}`;
  const compiled = new Map(
    machines.map((m) => [
      arnOf(m.name),
      { machine: m, sm: new StateMachine(adaptForLocalRun(m.definition) as never, { validationOptions: { checkArn: true } }) },
    ]),
  );
  const executions = new Map<string, Execution>();
  const waiting = new Map<string, WaitingTask>();

  function localFunction(m: LocalStateMachine, name: string): LocalFunction {
    const fn = m.functions[name];
    if (!fn) throw namedError('Lambda.ResourceNotFoundException', `no local function for ${name}`);
    return fn;
  }

  /** Local stand-ins of every Task state of a machine, by state name. */
  function taskHandlers(m: LocalStateMachine): Record<string, (input: any) => Promise<unknown>> {
    const handlers: Record<string, (input: any) => Promise<unknown>> = {};
    for (const [stateName, state] of Object.entries<any>(m.definition.States)) {
      if (state.Type !== 'Task') continue;
      const resource = String(state.Resource);
      if (resource === 'arn:aws:states:::lambda:invoke') {
        handlers[stateName] = async (input) => ({ Payload: (await localFunction(m, input.FunctionName)(input.Payload)) ?? null, StatusCode: 200 });
      } else if (resource === 'arn:aws:states:::lambda:invoke.waitForTaskToken') {
        handlers[stateName] = (input) => waitForToken(m, input);
      } else {
        throw new Error(`local Step Functions: unsupported resource ${resource} in ${m.name}.${stateName}`);
      }
    }
    return handlers;
  }

  /** `.waitForTaskToken`: invoke with a fresh token, then wait for SendTask* on it. */
  async function waitForToken(m: LocalStateMachine, input: any): Promise<unknown> {
    const token = `local-${randomBytes(24).toString('base64url')}`;
    const { promise, resolve, reject } = (Promise as unknown as { withResolvers: PromiseWithResolversFn }).withResolvers<unknown>();
    const heartbeatSeconds = Number(input.Payload?.heartbeatSeconds ?? 0);
    const callbackSeconds = Number(input.Payload?.callbackSeconds ?? 0);
    let beat: NodeJS.Timeout | undefined;
    const heartbeat = () => {
      if (!heartbeatSeconds) return;
      clearTimeout(beat);
      beat = setTimeout(() => reject(namedError('States.HeartbeatTimeout', 'no heartbeat')), heartbeatSeconds * 1000);
    };
    // The library races the task against TimeoutSeconds; this timer only forgets the token then.
    const forget = callbackSeconds ? setTimeout(() => reject(namedError('States.Timeout', 'timed out')), callbackSeconds * 1000 + 50) : undefined;
    waiting.set(token, { resolve, reject, heartbeat });
    heartbeat();
    try {
      await localFunction(m, input.FunctionName)({ ...input.Payload, taskToken: token });
      return await promise;
    } finally {
      clearTimeout(beat);
      clearTimeout(forget);
      waiting.delete(token);
    }
  }

  function start(stateMachineArn: string, name: string | undefined, inputText: string | undefined): Execution {
    const entry = compiled.get(stateMachineArn);
    if (!entry) throw new SfnError('StateMachineDoesNotExist', `State machine does not exist: ${stateMachineArn}`);
    const execName = name ?? randomBytes(16).toString('hex');
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(execName)) throw new SfnError('InvalidName', `Invalid name: ${execName}`);
    const arn = stateMachineArn.replace(':stateMachine:', ':execution:') + `:${execName}`;
    if (executions.has(arn)) throw new SfnError('ExecutionAlreadyExists', `Execution Already Exists: '${arn}'`);
    let input: unknown;
    try {
      input = JSON.parse(inputText ?? '{}');
    } catch {
      throw new SfnError('InvalidExecutionInput', 'Invalid execution input');
    }
    const exec: Execution = { arn, name: execName, stateMachineArn, input: inputText ?? '{}', status: 'RUNNING', startDate: Date.now(), history: [] };
    executions.set(arn, exec);
    const run = entry.sm.run(input as never, {
      noThrowOnAbort: true,
      overrides: { taskResourceLocalHandlers: taskHandlers(entry.machine) as never },
      context: {
        Execution: { Id: arn, Name: execName },
        StateMachine: { Id: stateMachineArn, Name: entry.machine.name },
        // Replaced by a generated token in each .waitForTaskToken task (above).
        Task: { Token: 'local-placeholder' },
      } as never,
    });
    exec.abort = run.abort;
    void (async () => {
      for await (const ev of run.eventLogs as AsyncIterable<any>) {
        // The names Step Functions gives its history events (TaskStateEntered, ChoiceStateExited…).
        const type = ev.state && /^State(Entered|Exited)$/.test(ev.type) ? `${ev.state.type}${ev.type}` : ev.type;
        exec.history.push({ timestamp: ev.timestamp, type, name: ev.state?.name });
      }
    })().catch(() => undefined);
    run.result.then(
      (output: unknown) => {
        if (exec.status === 'RUNNING') Object.assign(exec, { status: 'SUCCEEDED', output: JSON.stringify(output ?? null), stopDate: Date.now() });
      },
      (err: any) => {
        if (exec.status !== 'RUNNING') return;
        const cause = err?.cause ?? err;
        Object.assign(exec, {
          status: err?.name === 'ExecutionTimeoutError' ? 'TIMED_OUT' : 'FAILED',
          error: cause?.name ?? 'Error',
          cause: String(cause?.message ?? cause),
          stopDate: Date.now(),
        });
        // A failed execution is a defect worth seeing in the local log.
        console.error(`[local step functions] ${execName} ${exec.status}: ${exec.error} ${exec.cause}`);
      },
    );
    return exec;
  }

  function task(token: string | undefined): WaitingTask {
    const t = token ? waiting.get(token) : undefined;
    if (!t) throw new SfnError('InvalidToken', 'Invalid or expired task token');
    return t;
  }

  const describe = (e: Execution) => ({
    executionArn: e.arn,
    stateMachineArn: e.stateMachineArn,
    name: e.name,
    status: e.status,
    startDate: e.startDate / 1000,
    ...(e.stopDate ? { stopDate: e.stopDate / 1000 } : {}),
    input: e.input,
    ...(e.output !== undefined ? { output: e.output } : {}),
    ...(e.error ? { error: e.error, cause: e.cause } : {}),
  });

  const ops: Record<string, (body: any) => unknown> = {
    StartExecution: (b) => {
      const e = start(b.stateMachineArn, b.name, b.input);
      return { executionArn: e.arn, startDate: e.startDate / 1000 };
    },
    SendTaskSuccess: (b) => {
      let output: unknown;
      try {
        output = JSON.parse(b.output ?? 'null');
      } catch {
        throw new SfnError('InvalidOutput', 'Invalid output');
      }
      task(b.taskToken).resolve(output);
      return {};
    },
    SendTaskFailure: (b) => {
      task(b.taskToken).reject(namedError(b.error ?? 'TaskFailed', b.cause ?? ''));
      return {};
    },
    SendTaskHeartbeat: (b) => {
      task(b.taskToken).heartbeat();
      return {};
    },
    DescribeExecution: (b) => {
      const e = executions.get(b.executionArn);
      if (!e) throw new SfnError('ExecutionDoesNotExist', `Execution does not exist: ${b.executionArn}`);
      return describe(e);
    },
    GetExecutionHistory: (b) => {
      const e = executions.get(b.executionArn);
      if (!e) throw new SfnError('ExecutionDoesNotExist', `Execution does not exist: ${b.executionArn}`);
      return {
        events: e.history.map((h, i) => ({
          id: i + 1,
          timestamp: h.timestamp / 1000,
          type: h.type,
          ...(h.name && h.type.endsWith('StateEntered') ? { stateEnteredEventDetails: { name: h.name } } : {}),
          ...(h.name && h.type.endsWith('StateExited') ? { stateExitedEventDetails: { name: h.name } } : {}),
        })),
      };
    },
  };

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
      for (const e of executions.values()) {
        if (e.status !== 'RUNNING') continue;
        Object.assign(e, { status: 'ABORTED', stopDate: Date.now() });
        e.abort?.();
      }
      for (const t of waiting.values()) t.reject(namedError('States.Runtime', 'local Step Functions stopped'));
      await new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections?.();
    },
  };
}
