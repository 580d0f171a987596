// Global setup of the contract project. Vitest runs every project's global setup when the run
// starts; the contract's files run last (groupOrder), once the API files have recorded their AWS
// calls. The template they check needs none of those calls: its synthesis starts here, in a child
// process (tests/contract/template.ts), and is done before the contract runs. Synthesized by the
// contract itself, it was ~6 s at the end of the run with one core of two idle.
import type { TestProject } from 'vitest/node';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { resolve } from 'node:path';
import { removeResult } from '../helpers/result-file';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The result file of the contract's template (tests/helpers/result-file.ts). */
    contractTemplateFile: string;
  }
}

/** The stage the contract's template is synthesized for (its functions' and roles' names). */
export const CONTRACT_STAGE = 'contract';

let child: ChildProcess | undefined;
let file = '';

export function setup(project: TestProject) {
  file = resolve('.test-data', `contract-template-${process.pid}-${Date.now()}.json`);
  mkdirSync(resolve('.test-data'), { recursive: true });
  child = spawn(process.execPath, ['--import', 'tsx', resolve('tests/contract/template.ts'), file], { stdio: 'inherit' });
  // At the lowest priority: it runs when a core would be idle (the run's start-up needs both, its
  // later parts leave one idle now and then), never in the way of the tests. The contract waits
  // for it if it is not done by then, which the idle end of the run finishes at full speed.
  if (child.pid) setPriority(child.pid, 19);
  project.provide('contractTemplateFile', file);
}

export function teardown() {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  removeResult(file);
}
