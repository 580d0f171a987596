// Every file or folder of the repository that README.md and docs/*.md name exists: a path in
// backticks (`shared/formulas/birds.ts`) or a markdown link ([0180](decisions/0180-spec-typos.md)).
// A doc that names a file after it moved sends a newcomer nowhere; a link outside the repository
// (`../shared/design/STYLE.md`) works on one machine only. The decision records in docs/decisions/
// keep the paths of their day in the text (a rename says what it renamed), but their links must
// open. Paths made by a build or a run (git-ignored outputs) are allowed by name below.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** Made by `npm run build:web`, a test run, `npm start` or a benchmark: named by the docs before they exist. */
const MADE_BY_A_RUN = [/^web\/dist(\/|$)/, /^tests\/e2e\/screenshots(\/|$)/, /^\.data\//, /^\.test-data\//, /^\.bench\//, /^cdk\.out(\/|$)/];

/** A repository path as the docs write one: a top folder of the repository, or a file with an extension. */
const TOP = /^(shared|functions|web|infra|tests|docs|tools|\.github|\.ci)\//;
const FILE = /\.(ts|tsx|md|json|cjs|mjs|js|css|html|ya?ml|sh)$/;

function docs(): string[] {
  return [
    'README.md',
    ...readdirSync('docs')
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
}

/** Where a quoted path points: from the repository's root, else from the doc's own folder. */
function resolves(doc: string, p: string): boolean {
  if (MADE_BY_A_RUN.some((r) => r.test(p))) return true;
  if (!p.startsWith('..') && existsSync(p)) return true;
  const rel = normalize(join(dirname(doc), p));
  return !rel.startsWith('..') && existsSync(rel);
}

export function quotedPaths(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    // `functions/lib/errors.ts:12`, `docs/decisions.md#security`: the file part.
    const p = m[1].trim().replace(/[:#].*$/, '');
    if (/\s/.test(p) || !p.includes('/')) continue;
    // API paths, hash routes, URLs and placeholders (`functions/<domain>/`, `…`, globs) are not files.
    if (/^(api\/|#\/|\/|[a-z][a-z0-9+.-]*:)/i.test(p) || /[*{}<>…]|^[A-Z_]+\//.test(p)) continue;
    if (TOP.test(p) || FILE.test(p) || p.startsWith('../')) out.push(p);
  }
  return out;
}

export function linkedPaths(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const p = m[1].replace(/#.*$/, '');
    if (p && !/^[a-z][a-z0-9+.-]*:/i.test(p)) out.push(p);
  }
  return out;
}

describe('paths quoted in the docs', () => {
  it('every path in backticks or a link of README.md and docs/*.md exists in the repository', () => {
    const missing: string[] = [];
    for (const doc of docs()) {
      const text = readFileSync(doc, 'utf8');
      for (const p of new Set([...quotedPaths(text), ...linkedPaths(text)])) if (!resolves(doc, p)) missing.push(`${doc}: ${p}`);
    }
    expect(missing).toEqual([]);
  });

  it('every link of a decision record opens a file of the repository', () => {
    const missing: string[] = [];
    for (const f of readdirSync('docs/decisions')) {
      const doc = `docs/decisions/${f}`;
      for (const p of linkedPaths(readFileSync(doc, 'utf8'))) if (!resolves(doc, p)) missing.push(`${doc}: ${p}`);
    }
    expect(missing).toEqual([]);
  });

  it('reads the forms the docs use, and leaves out what is not a file', () => {
    const text =
      'in `shared/formulas/birds.ts` `sujetsVivantsLe`, `functions/lib/errors.ts:12`, `../shared/design/STYLE.md`, ' +
      '`api/bande/`, `#/bande/3`, `functions/<domain>/`, `DATA_DIR/push/vapid.json`, `npm test`, [0180](decisions/0180-spec-typos.md), [x](https://a.b)';
    expect(quotedPaths(text)).toEqual(['shared/formulas/birds.ts', 'functions/lib/errors.ts', '../shared/design/STYLE.md']);
    expect(linkedPaths(text)).toEqual(['decisions/0180-spec-typos.md']);
    expect(resolves('docs/conventions.md', '../shared/design/STYLE.md')).toBe(false);
    expect(resolves('docs/decisions.md', 'decisions/0180-spec-typos.md')).toBe(true);
    expect(resolves('README.md', 'functions/bandes/repository.ts')).toBe(false);
  });
});
