// Debian's Chromium as the tests start it: its path and flags, and the one browser of the e2e
// project (tests/helpers/browser-process.ts). No vitest import: the browser's process loads it.
import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
    throw new Error(`Chromium introuvable (${CHROMIUM_PATH}) : sudo apt-get install -y chromium, ou CHROMIUM_PATH=/chemin/vers/chromium`);
  }
  // Linux Chromium ignores --lang and takes its UI locale (date inputs: dd/mm/yyyy) from LANGUAGE;
  // it needs the locale files (Debian: chromium-l10n), else it falls back to en-US silently.
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, env: { ...process.env, LANGUAGE: 'fr' } });
}
