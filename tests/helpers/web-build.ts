// `npm test` builds the SPA while vitest starts (tests/preflight.ts) and names, in this variable,
// the result file of the build (tests/helpers/result-file.ts). The journeys' global setup waits
// for it (tests/helpers/browser-setup.ts). Without the variable (vitest started by hand, or
// `npm run test:quick`), web/dist is whatever was built last.
import { resultOf } from './result-file';

export const WEB_BUILD_STATUS_VARIABLE = 'GANAAR_WEB_BUILD_STATUS';

/** Resolves once the SPA built by `npm test` is in web/dist; rejects if its build failed. */
export async function webBuilt(): Promise<void> {
  const status = process.env[WEB_BUILD_STATUS_VARIABLE];
  // The build takes ~6 s alone; a loaded machine gets several minutes before this gives up.
  if (status) await resultOf(status, "The SPA's build (the journeys cannot run)", 300_000);
}
