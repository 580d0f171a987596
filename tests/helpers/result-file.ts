// A result that another process hands to the tests through a file (the SPA's build by `npm test`,
// the IAM contract's template): `<file>` once it succeeded, its content the result; `<file>.error`
// if it failed, its content why. Each is written whole, then renamed, so a reader never sees half.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

function writeWhole(path: string, content: string): void {
  writeFileSync(`${path}.tmp`, content);
  renameSync(`${path}.tmp`, path);
}

export const writeResult = (file: string, content: string): void => writeWhole(file, content);
export const writeFailure = (file: string, why: string): void => writeWhole(`${file}.error`, why);

/** The result once written; rejects with the failure's reason, or after `timeoutMs` without either. */
export async function resultOf(file: string, what: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(file)) return readFileSync(file, 'utf8');
    if (existsSync(`${file}.error`)) throw new Error(`${what} failed:\n${readFileSync(`${file}.error`, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`${what} did not end within ${Math.round(timeoutMs / 1000)} s (${file})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Removes the result, its failure and any half-written file. */
export function removeResult(file: string): void {
  for (const f of [file, `${file}.error`, `${file}.tmp`, `${file}.error.tmp`]) rmSync(f, { force: true });
}
