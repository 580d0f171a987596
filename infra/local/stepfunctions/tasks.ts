// The machines' Task states run locally: a Lambda task (`arn:aws:states:::lambda:invoke`) calls
// its local function in-process and wraps the answer as the integration does (`{ Payload,
// StatusCode }`; a thrown error keeps its name, as a Lambda error's `errorType` does in AWS). A
// `.waitForTaskToken` task gets a generated token and waits for SendTaskSuccess/SendTaskFailure on
// it; SendTaskHeartbeat restarts its heartbeat timer, and no heartbeat in time fails it with
// States.HeartbeatTimeout, as in AWS.
import { randomBytes } from 'node:crypto';
import type { PromiseWithResolversFn } from './polyfill';
import { namedError } from './errors';
import type { LocalFunction, LocalStateMachine } from './machines';

export interface WaitingTask {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  heartbeat(): void;
}

export interface LocalTasks {
  /** Local stand-ins of every Task state of a machine, by state name. */
  handlersFor(m: LocalStateMachine): Record<string, (input: any) => Promise<unknown>>;
  /** Tasks waiting for SendTask* on their token. */
  waiting: Map<string, WaitingTask>;
}

export function createLocalTasks(): LocalTasks {
  const waiting = new Map<string, WaitingTask>();

  function localFunction(m: LocalStateMachine, name: string): LocalFunction {
    const fn = m.functions[name];
    if (!fn) throw namedError('Lambda.ResourceNotFoundException', `no local function for ${name}`);
    return fn;
  }

  function handlersFor(m: LocalStateMachine): Record<string, (input: any) => Promise<unknown>> {
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

  return { handlersFor, waiting };
}
