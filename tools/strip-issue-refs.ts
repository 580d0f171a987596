// Codemod: takes the issue numbers out of the code's comments and test titles ("(issue 37 §4)",
// "Issue 36: the size…", ", issue 34)") and keeps the rest of the sentence. An issue number tells a
// reader when a line was written, not why; the why is in the sentence, the docs and the decisions.
// Idempotent: a second run changes nothing. Run: `npx tsx tools/strip-issue-refs.ts` (prints the
// files it rewrote); tests/unit/no-issue-refs.test.ts fails while one is left.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOTS = ['shared', 'functions', 'web/src', 'infra', 'tests', 'tools'];
const SKIP = new Set(['node_modules', 'dist', 'cdk.out', 'screenshots']);
const EXT = /\.(ts|tsx|js|cjs|mjs|css|html)$/;

/** "issue 37", "issue 37 §5", "issue 37 §1–§4, §7", "issue 37's" */
const REF = String.raw`[Ii]ssues? \d+(?:(?:(?:,| and)? ?§ ?\d+(?:[–-]§?\d+)?)+)?(?:'s)?`;

/** Finds an issue number: the test's pattern and the rewrite's check. */
export const ISSUE_REF = /\b[Ii]ssues? \d+\b/;

export function stripIssueRefs(text: string): string {
  let out = text;
  // "(issue 35)" alone in its brackets: the brackets go, with the space before them.
  // "// (issue 36 §1): x" at the head of a comment line → "// x".
  out = out.replace(new RegExp(String.raw`((?:^|\n)\s*(?://|\*) )\(${REF}\): `, 'g'), '$1');
  // A comment's own space ("// (issue 36) x") stays.
  out = out.replace(new RegExp(String.raw`(?:(?<![/*]) )?\(${REF}\)`, 'g'), '');
  // "(issue 37 §5, docs/notifications.md)" → "(docs/notifications.md)".
  out = out.replace(new RegExp(String.raw`\(${REF}(?:[,;:]| —) ?`, 'g'), '(');
  // "(not sellable, issue 34)" → "(not sellable)".
  out = out.replace(new RegExp(String.raw`(?:[,;:]| —) ?${REF}(?=\))`, 'g'), '');
  // "(a collection's, issue 36: its eggs…" → "(a collection's: its eggs…".
  out = out.replace(new RegExp(String.raw`, ${REF}: `, 'g'), ': ');
  // "Issue 36: the size…" at the head of a comment → "The size…".
  out = out.replace(new RegExp(String.raw`((?:^|\n)\s*(?://|/\*\*?|\*) )${REF}[:,] (\p{L})`, 'gu'), (_m, head: string, c: string) => head + c.toUpperCase());
  // "…, issue 37, …" / "(… issue 37) " inside a sentence.
  out = out.replace(new RegExp(String.raw`,? ?\b${REF},? ?`, 'g'), (m) =>
    m.startsWith(',') && m.endsWith(', ') ? ', ' : m.endsWith(' ') && m.startsWith(' ') ? ' ' : '',
  );
  return out;
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (EXT.test(name)) yield path;
  }
}

/** This codemod and its test quote the forms they remove. */
const SELF = new Set(['tools/strip-issue-refs.ts', 'tests/unit/no-issue-refs.test.ts']);

export function* sourceFiles(root = process.cwd()): Generator<string> {
  for (const r of ROOTS) for (const path of files(join(root, r))) if (!SELF.has(relative(root, path))) yield path;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const path of sourceFiles()) {
    const before = readFileSync(path, 'utf8');
    const after = stripIssueRefs(before);
    if (after !== before) {
      writeFileSync(path, after);
      console.log(relative(process.cwd(), path));
    }
  }
}
