// index.html's boot script is inlined by the build and allowed by the CSP through its hash
// (decision 0400). The build refuses a mismatch (web/vite.config.ts inlineBoot); this says the
// same without a build, so that a change to web/boot.js fails here first.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_HASH, SPA_CSP } from '@shared/security-headers';
import { BOOT_FILE, bootScript, cspHashOf } from '../../web/boot-inline';

describe('the inline boot script', () => {
  it('the CSP names the hash of the script the page carries', () => {
    expect(BOOT_SCRIPT_HASH).toBe(cspHashOf(bootScript()));
    expect(SPA_CSP).toContain(`script-src 'self' ${BOOT_SCRIPT_HASH}`);
  });

  it('a change to boot.js changes the hash (the check can fail)', () => {
    const source = readFileSync(BOOT_FILE, 'utf8');
    expect(cspHashOf(bootScript(`${source}\nvoid 0;`))).not.toBe(BOOT_SCRIPT_HASH);
    // Whole-line comments are left out of the page, so editing one keeps the hash.
    expect(cspHashOf(bootScript(`// a note\n${source}`))).toBe(BOOT_SCRIPT_HASH);
  });
});
