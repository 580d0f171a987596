// The Step Functions JSON protocol operations the product calls (StartExecution,
// SendTaskSuccess/Failure/Heartbeat, DescribeExecution, GetExecutionHistory), answered as the
// service answers them.
import { SfnError, namedError } from './errors';
import type { Execution, Executions } from './executions';
import type { LocalTasks, WaitingTask } from './tasks';

export type Operations = Record<string, (body: any) => unknown>;

export function createOperations(executions: Executions, tasks: LocalTasks): Operations {
  function task(token: string | undefined): WaitingTask {
    const t = token ? tasks.waiting.get(token) : undefined;
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

  return {
    StartExecution: (b) => {
      const e = executions.start(b.stateMachineArn, b.name, b.input);
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
      const e = executions.byArn.get(b.executionArn);
      if (!e) throw new SfnError('ExecutionDoesNotExist', `Execution does not exist: ${b.executionArn}`);
      return describe(e);
    },
    GetExecutionHistory: (b) => {
      const e = executions.byArn.get(b.executionArn);
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
}
