// All test suites, one command (`npm test`). The API files and the journeys share one embedded local
// stack (DynamoDB Local in memory, tests/helpers/stack-setup.ts); test files use fresh businesses,
// unique e-mails and client addresses, so they run side by side without seeing each other's data.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import InterleavedSequencer from './tests/helpers/sequencer.ts';

// Lambda runs Node 22; on a Node 20 machine the SDK's upgrade notice would clutter every worker.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// Where the local stack of the api project records each AWS call of the handlers, read by
// the contract project once they are done (functions/lib/aws-calls.ts). One file per run.
process.env.GANAAR_AWS_CALLS_FILE ??= resolve('.test-data', `aws-calls-${process.pid}-${Date.now()}.jsonl`);

// `@shared/…` is shared/ (tsconfig.json `paths`, web/vite.config.ts): every project below maps it,
// since a project defined inline does not inherit the root's `resolve`.
const resolveShared = { alias: { '@shared': resolve('shared') } };

export default defineConfig({
  test: {
    globals: true,
    reporters: process.env.CI ? ['default'] : ['default'],
    // Most files wait on I/O (HTTP to the local API, DynamoDB Local, Chromium): vitest's default of
    // one worker per core minus one is a single worker on a 2-core machine, which ran the whole suite
    // serially (1 106 s, of which 963 s in tests). At least 4, so waits overlap on a small machine.
    // Every project shares one count (vitest runs projects of one group together only when their
    // counts agree). GANAAR_TEST_WORKERS sets another count.
    maxWorkers: Number(process.env.GANAAR_TEST_WORKERS) || Math.max(4, availableParallelism()),
    // Journeys alternate with the other files, longest first, instead of one project after the other.
    sequence: { sequencer: InterleavedSequencer },
    projects: [
      {
        // Beside the API files and the journeys a unit file gets a fraction of a core: sharp's image
        // tests and the local Step Functions setup ran past vitest's 5 s / 10 s defaults there.
        // One worker loads the SDK and zod once for all its files (the project's CPU 23 s → 11–13 s);
        // tests/helpers/per-file.ts gives each file fresh modules of ours, and each file that stubs an
        // SDK client with aws-sdk-client-mock restores it in its afterAll.
        resolve: resolveShared,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 20_000,
          hookTimeout: 30_000,
          isolate: false,
          setupFiles: ['tests/helpers/per-file.ts'],
        },
      },
      {
        resolve: resolveShared,
        test: {
          // The API files and the browser journeys: one project, because a worker is kept for the
          // next file only when that file is of its own project (vitest's pool), and the order
          // (tests/helpers/sequencer.ts) alternates journeys with API files to keep both cores busy.
          // As two projects, two files in three started a new worker, which loaded the SDK,
          // Playwright and the helpers again (70 workers a run, 250 s of CPU).
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/e2e/**/*.e2e.test.ts'],
          // Timing tests, and a marketplace seller in 96 towns: their own projects below, run alone.
          exclude: ['tests/api/login-timing.test.ts', 'tests/api/vitrine-many-towns.test.ts'],
          environment: 'node',
          globals: true,
          // One worker loads the SDK, Playwright and the helpers once for all its files; each file
          // still gets fresh modules of ours and the worker's first environment (tests/helpers/per-file.ts).
          isolate: false,
          setupFiles: ['tests/helpers/per-file.ts'],
          globalSetup: ['tests/helpers/stack-setup.ts', 'tests/helpers/browser-setup.ts'],
          // Files run side by side and share the CPU with the local stack and the browser: a test's
          // wall time is a few times its time alone (the 100-order repayment took 19 s alone and
          // over 30 s beside three other files on a loaded machine; a journey's steps wait on both).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Journeys run side by side, with each other and with the API files (decision 0191): the
          // stale-401 bounce that failed the account journey is fixed (decision 0189), and the
          // offline journey deploys its new sw.js in its own copy of the SPA on its own origin
          // (tests/helpers/own-origin.ts) instead of rewriting the shared web/dist/sw.js.
        },
      },
      {
        resolve: resolveShared,
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 120_000,
          // Each file synthesizes the CDK app once in its beforeAll (20 s alone with bundling); the
          // four files and the other projects' files share the CPU.
          hookTimeout: 300_000,
        },
      },
      {
        // The login-timing test measures time (an unknown address answered as slowly as a wrong
        // password, at the production scrypt cost): beside other files on a 2-core machine it would
        // measure the neighbours. It runs alone, once the files that run side by side are done, on
        // the same stack. The lockout tests and the takeover probe (tests/api/hardening-auth.test.ts)
        // count answers, not time: they run side by side with the api project.
        resolve: resolveShared,
        test: {
          name: 'api-alone',
          include: ['tests/api/login-timing.test.ts'],
          environment: 'node',
          globals: true,
          globalSetup: ['tests/helpers/stack-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // A marketplace seller with offers in 96 towns (tests/api/vitrine-many-towns.test.ts): every
        // marketplace test counts the cards of some town among them, so it runs once they are all
        // done, after the timing test too (which it would slow), on the same stack.
        resolve: resolveShared,
        test: {
          name: 'api-last',
          include: ['tests/api/vitrine-many-towns.test.ts'],
          environment: 'node',
          globals: true,
          globalSetup: ['tests/helpers/stack-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // The IAM contract reads the AWS calls the api, api-alone and api-last projects recorded: it runs after them.
        resolve: resolveShared,
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          // Synthesizes the template the contract checks while the other projects run.
          globalSetup: ['tests/contract/setup.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          sequence: { groupOrder: 3 },
        },
      },
      {
        plugins: [react()],
        resolve: resolveShared,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx', 'tests/web/**/*.test.ts'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['tests/web/setup.ts'],
          // One jsdom per worker instead of one per file (its set-up cost more CPU than the tests:
          // 155 s of CPU for the project against 50 s). Each file still gets its own app modules
          // and an empty document: tests/web/setup.ts runs before each file and resets them.
          isolate: false,
          // Typing through a form re-renders it per key: slow when the CPU is shared (see setup.ts).
          testTimeout: 40_000,
        },
      },
    ],
  },
});
