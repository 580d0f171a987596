// Codemod: every import of shared/ written as a relative path from outside shared/
// (`'../../../shared/messages/acces'`) becomes `'@shared/messages/acces'`, the alias of tsconfig.json
// `paths` that vite, vitest and the Lambda bundles map the same way. A file can then move without
// counting dots, and a reader sees at once that the module is the code both sides run.
// Inside shared/ the imports stay relative (a module's neighbours). Static and dynamic imports,
// `export … from`, and the module paths of `vi.mock`/`vi.importActual` are rewritten; a path that
// does not point into shared/ is left alone. Idempotent: a second run changes nothing.
// Run: `npx tsx tools/codemod-shared-alias.ts` (prints how many imports it rewrote in how many files,
// then formats those files with Prettier).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = process.cwd();
const SHARED = resolve(ROOT, 'shared');
const FOLDERS = ['functions', 'web', 'infra', 'tests', 'tools'];
const SKIP = new Set(['node_modules', 'dist', 'cdk.out', 'screenshots']);
/** Files loaded by Node before any alias exists (vite's own config): they keep their relative paths. */
const NOT_ALIASED = new Set(['web/vite.config.ts']);

/** A module path in quotes after `from`, `import(`, `vi.mock(`… */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\b(?:vi\.(?:mock|doMock|unmock|importActual|importMock)|require)\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;

/** The alias for a relative path written in `file`, or null when it does not reach into shared/. */
export function aliasFor(file: string, spec: string): string | null {
  const target = resolve(dirname(file), spec);
  if (target !== SHARED && !target.startsWith(SHARED + sep)) return null;
  const rest = relative(SHARED, target).split(sep).join('/');
  return rest ? `@shared/${rest}` : '@shared';
}

export function rewrite(file: string, text: string): { text: string; count: number } {
  let count = 0;
  const out = text.replace(SPECIFIER, (m, head: string, q: string, spec: string) => {
    const alias = aliasFor(file, spec);
    if (!alias) return m;
    count++;
    return `${head}${q}${alias}${q}`;
  });
  return { text: out, count };
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(name)) yield path;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let imports = 0;
  const changed: string[] = [];
  for (const folder of FOLDERS) {
    for (const path of files(resolve(ROOT, folder))) {
      if (NOT_ALIASED.has(relative(ROOT, path).split(sep).join('/'))) continue;
      const before = readFileSync(path, 'utf8');
      const { text, count } = rewrite(path, before);
      if (count === 0) continue;
      writeFileSync(path, text);
      imports += count;
      changed.push(path);
    }
  }
  // Shorter paths let Prettier put an import that was wrapped back on one line.
  if (changed.length) spawnSync(resolve(ROOT, 'node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', ...changed], { stdio: 'inherit' });
  console.log(`${imports} imports of shared/ rewritten to @shared/ in ${changed.length} files`);
}
