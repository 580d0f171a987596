// Setup of the node projects whose files share a worker (vitest.config.ts, `isolate: false`: the
// SDK, Playwright and the helpers are loaded once per worker instead of once per file). What
// isolation gave a file is given here, as this setup runs again before each file: the project's own
// modules evaluated afresh for it, and the environment variables as the worker started with them
// (a file that points the handlers' modules at the stack in its worker, bande-state-reads, leaves
// nothing behind). Packages from node_modules stay loaded: none of them holds a test's state.
import { vi } from 'vitest';

const g = globalThis as typeof globalThis & { __ganaarEnvAtStart?: NodeJS.ProcessEnv };
g.__ganaarEnvAtStart ??= { ...process.env };
const start = g.__ganaarEnvAtStart;
for (const k of Object.keys(process.env)) if (!(k in start)) delete process.env[k];
Object.assign(process.env, start);
vi.resetModules();
vi.unstubAllEnvs();
vi.unstubAllGlobals();
// A spy or fake clock a previous file left in place would act on this one.
vi.restoreAllMocks();
vi.useRealTimers();
