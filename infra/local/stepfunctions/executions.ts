// Executions of the local state machines: started by StartExecution, run by aws-local-stepfunctions
// with the local tasks, their status, output and history kept for DescribeExecution and
// GetExecutionHistory.
import { randomBytes } from 'node:crypto';
import type { StateMachine } from 'aws-local-stepfunctions';
import { SfnError } from './errors';
import type { LocalStateMachine } from './machines';
import type { LocalTasks } from './tasks';

type Status = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

export interface Execution {
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

export type CompiledMachines = Map<string, { machine: LocalStateMachine; sm: StateMachine }>;

export interface Executions {
  start(stateMachineArn: string, name: string | undefined, inputText: string | undefined): Execution;
  byArn: Map<string, Execution>;
}

export function createExecutions(compiled: CompiledMachines, tasks: LocalTasks): Executions {
  const executions = new Map<string, Execution>();

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
      overrides: { taskResourceLocalHandlers: tasks.handlersFor(entry.machine) as never },
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

  return { start, byArn: executions };
}
