// index.html's boot script (web/boot.js), inlined in the page at build time. As a file it was a
// parser-blocking request before the first paint: one more round trip on 3G before anything showed,
// and the app's module scripts could not run before it (Lighthouse: FCP 1.55 → 1.30 s, decision
// 0400). An inline script needs the CSP to name it: its hash is a constant of the security headers
// (shared/security-headers.ts BOOT_SCRIPT_HASH), which CloudFront and the local server send, and
// the build fails when boot.js changes and the constant does not (tests/unit/boot-inline.test.ts
// checks the same).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BOOT_FILE = fileURLToPath(new URL('./boot.js', import.meta.url));

/** The script as the page carries it: boot.js without its whole-line comments (bytes on every visit). */
export function bootScript(source = readFileSync(BOOT_FILE, 'utf8')): string {
  return source
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line) && line.trim() !== '')
    .join('\n');
}

/** The CSP source that allows exactly this script ('sha256-…'). */
export function cspHashOf(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}
