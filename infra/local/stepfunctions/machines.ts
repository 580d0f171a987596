// A product's state machine as the local Step Functions runs it: its deployed definition and the
// local functions standing in for its Lambdas.

export type LocalFunction = (payload: any) => Promise<unknown>;

export interface LocalStateMachine {
  name: string;
  definition: Record<string, any>;
  /** Lambda function name or ARN used in the definition → the local function standing in for it. */
  functions: Record<string, LocalFunction>;
}

/**
 * The definition as the local library needs it: it evaluates a task's TimeoutSecondsPath and
 * HeartbeatSecondsPath against the task's Parameters instead of its input, so such a path is
 * pointed at the Payload field that carries the same value; semantics unchanged.
 */
export function adaptForLocalRun(definition: Record<string, any>): Record<string, any> {
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
