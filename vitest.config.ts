// All test suites, one command (`npm test`). API and e2e suites each start the embedded local
// stack once (DynamoDB Local in memory) in their global setup; test files use fresh businesses,
// so they run in parallel without seeing each other's data.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

// Lambda runs Node 22; on a Node 20 machine the SDK's upgrade notice would clutter every worker.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// Where the local stack of the api/e2e projects records each AWS call of the handlers, read by
// the contract project once they are done (functions/lib/aws-calls.ts). One file per run.
process.env.GANAAR_AWS_CALLS_FILE ??= resolve('.test-data', `aws-calls-${process.pid}-${Date.now()}.jsonl`);

export default defineConfig({
  test: {
    globals: true,
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', globals: true },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globals: true,
          globalSetup: ['tests/helpers/stack-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], environment: 'node', globals: true, testTimeout: 120_000 },
      },
      {
        // The IAM contract reads the AWS calls the api and e2e projects recorded: it runs after them.
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx', 'tests/web/**/*.test.ts'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globals: true,
          globalSetup: ['tests/helpers/stack-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a 2-core machine keeps the journeys deterministic.
          fileParallelism: false,
        },
      },
    ],
  },
});
