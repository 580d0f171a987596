// Vitest global setup of the browser journeys: one Chromium for all the journeys of the api project, in its own
// process (tests/helpers/browser-process.ts), which every journey reaches with chromium.connect
// (tests/helpers/browser.ts). Each session still gets its own browser context (its own cookies,
// storage, cache and service workers, as a new browser had); what is shared is the browser, whose
// launch cost ~1 s of CPU per session, 48 sessions a run.
import type { TestProject } from 'vitest/node';
import type { ChildProcess } from 'node:child_process';
import { forkTs, nextMessage } from './child-process';
import { webBuilt } from './web-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's Playwright endpoint (ws://…). */
    browserWsEndpoint: string;
  }
}

let child: ChildProcess | undefined;

export async function setup(project: TestProject) {
  child = forkTs('tests/helpers/browser-process.ts');
  // No test of the project starts before its global setups end: the journeys find the SPA built.
  const [{ wsEndpoint }] = await Promise.all([nextMessage<{ wsEndpoint: string }>(child, "Chromium's process"), webBuilt()]);
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
