// Vitest global setup of the browser journeys: one Chromium for the whole e2e project, in its own
// process (tests/helpers/browser-process.ts), which every journey reaches with chromium.connect
// (tests/helpers/browser.ts). Each session still gets its own browser context (its own cookies,
// storage, cache and service workers, as a new browser had); what is shared is the browser, whose
// launch cost ~1 s of CPU per session, 48 sessions a run.
import type { TestProject } from 'vitest/node';
import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's Playwright endpoint (ws://…). */
    browserWsEndpoint: string;
  }
}

let child: ChildProcess | undefined;

export async function setup(project: TestProject) {
  child = fork(resolve('tests/helpers/browser-process.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const started = child;
  const wsEndpoint = await new Promise<string>((ok, fail) => {
    started.once('message', (m: { wsEndpoint: string }) => ok(m.wsEndpoint));
    started.once('exit', (code) => fail(new Error(`Chromium's process ended before it started (code ${code})`)));
  });
  project.provide('browserWsEndpoint', wsEndpoint);
}

export async function teardown() {
  const ending = child;
  child = undefined;
  if (!ending || ending.exitCode !== null) return;
  await new Promise<void>((ok) => {
    ending.once('exit', () => ok());
    ending.send('close');
  });
}
