// The test set-ups' own processes (the local stack, the journeys' Chromium): a TypeScript file
// forked with tsx, and its next message, or a failure if the process ends first.
import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export function forkTs(file: string): ChildProcess {
  return fork(resolve(file), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
}

/** The child's next message; rejected if it ends before sending one (`what` names it in the error). */
export function nextMessage<T>(child: ChildProcess, what: string): Promise<T> {
  return new Promise((ok, fail) => {
    const onExit = (code: number | null) => fail(new Error(`${what} ended (code ${code})`));
    child.once('exit', onExit);
    child.once('message', (m: T) => {
      child.off('exit', onExit);
      ok(m);
    });
  });
}
