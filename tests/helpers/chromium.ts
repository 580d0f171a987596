// Debian's Chromium as the tests start it: its path and flags, and the one browser of the e2e
// project (tests/helpers/browser-process.ts). No vitest import: the browser's process loads it.
import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';

// The journeys drive Debian's Chromium headless shell (package chromium-headless-shell, built from
// the same source and version as the chromium package, and what Playwright itself runs headless):
// the same Blink, V8 and network stack without the desktop browser around each page. It halved
// Chromium's CPU in the journeys (270 s → 137 s for the e2e project) with every journey unchanged.
// The benchmarks and Lighthouse keep the full browser (/usr/bin/chromium), which users run.
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? HEADLESS_SHELL_PATH;
export const FULL_BROWSER_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--lang=fr-FR',
  '--disable-dev-shm-usage',
];

export async function launchBrowserServer(): Promise<BrowserServer> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium introuvable (${CHROMIUM_PATH}) : sudo apt-get install -y chromium-headless-shell, ou CHROMIUM_PATH=/usr/bin/chromium`);
  }
  // Linux Chromium ignores --lang and takes its UI locale (date inputs: dd/mm/yyyy) from LANGUAGE;
  // it needs the locale files (Debian: chromium-l10n), else it falls back to en-US silently.
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, env: { ...process.env, LANGUAGE: 'fr' } });
}
