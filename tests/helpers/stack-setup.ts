// Vitest global setup: one embedded local stack (DynamoDB Local in memory, s3rver, outbox in a
// temporary folder) for the whole suite. Tests read its URL with inject('baseUrl').
import type { TestProject } from 'vitest/node';
import { rmSync } from 'node:fs';
import { startStack, type Stack } from '../../infra/local/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
    dynamoEndpoint: string;
    tableName: string;
    /** The stack's JWT secret, so security tests can forge expired or foreign-tenant tokens. */
    jwtSecret: string;
  }
}

let stack: Stack | undefined;

export async function setup(project: TestProject) {
  stack = await startStack({ dataDir: null, webDist: 'web/dist' });
  project.provide('baseUrl', stack.url);
  project.provide('outboxDir', stack.outboxDir);
  project.provide('dynamoEndpoint', stack.dynamoEndpoint);
  project.provide('tableName', stack.tableName);
  project.provide('jwtSecret', process.env.JWT_SECRET as string);
}

export async function teardown() {
  if (!stack) return;
  await stack.close();
  rmSync(stack.dataDir, { recursive: true, force: true });
}
