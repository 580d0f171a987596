// `npm test` builds the SPA while vitest starts (tests/preflight.ts) and names, in this variable,
// the file where it writes how the build ended: `ok` or `failed`. The journeys' global setup waits
// for it (tests/helpers/browser-setup.ts). Without the variable (vitest started by hand, or
// `npm run test:quick`), web/dist is whatever was built last.
import { existsSync, readFileSync } from 'node:fs';

export const WEB_BUILD_STATUS_VARIABLE = 'GANAAR_WEB_BUILD_STATUS';

/** Resolves once the SPA built by `npm test` is in web/dist; rejects if its build failed. */
export async function webBuilt(): Promise<void> {
  const status = process.env[WEB_BUILD_STATUS_VARIABLE];
  if (!status) return;
  // The build takes ~6 s alone; a loaded machine gets several minutes before this gives up.
  const deadline = Date.now() + 300_000;
  while (!existsSync(status)) {
    if (Date.now() > deadline) throw new Error(`the SPA's build did not end within 5 minutes (${status})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (readFileSync(status, 'utf8') !== 'ok') throw new Error("the SPA's build failed (its error is above): the journeys cannot run");
}
