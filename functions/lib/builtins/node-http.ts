// What the Lambda bundles take from `node:http`, loaded with require instead of an ESM import
// (infra/cdk/bundling.ts aliases `node:http` here). On Node 22 an ESM import of `node:http`
// evaluates every export of the module, and its lazy WebSocket getters load Node's undici: ~30 ms
// of CPU per cold start (first seen for middy's STATUS_CODES; middy is gone since decision 0285).
// The AWS SDK's `import("node:http")` (its HTTP agent, for plain http endpoints) gets the same
// module as its default export.
import { createRequire } from 'node:module';

const http = createRequire(import.meta.url)('node:http') as typeof import('node:http');

export default http;
export const { STATUS_CODES, Agent, request } = http;
