// The two kinds of error of the local Step Functions: a refusal of the JSON protocol (answered 400
// with its `__type`, as the service does), and the error a task fails with.

export class SfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** Builds the error a task fails with: its name is what the definition's Catch and Retry match. */
export function namedError(name: string, message: string): Error {
  const e = new Error(message);
  e.name = name;
  return e;
}
