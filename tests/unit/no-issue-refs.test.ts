// The code's comments and test titles say why, never which issue asked for a line: an issue
// number is history, and the history is in git and docs/decisions/. When this fails, run
// `npx tsx tools/strip-issue-refs.ts` and read what it rewrote.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { ISSUE_REF, sourceFiles, stripIssueRefs } from '../../tools/strip-issue-refs.ts';

describe('no issue number in the code', () => {
  it('no source file of shared/, functions/, web/src/, infra/, tests/ or tools/ cites one', () => {
    const citing: string[] = [];
    for (const path of sourceFiles()) {
      const lines = readFileSync(path, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (ISSUE_REF.test(line)) citing.push(`${relative(process.cwd(), path)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(citing).toEqual([]);
  });

  it('the codemod keeps the sentence and is idempotent', () => {
    const cases: [string, string][] = [
      ['// Feed eaten (issue 35).', '// Feed eaten.'],
      ['// Push (issue 37 §5, docs/notifications.md): x', '// Push (docs/notifications.md): x'],
      ['/** Eggs (not sellable, issue 34); absent */', '/** Eggs (not sellable); absent */'],
      ['  /** Issue 36: the size of the eggs */', '  /** The size of the eggs */'],
      ["// read (a collection's, issue 36: its eggs leave", "// read (a collection's: its eggs leave"],
      ['// writes (issue 36 §1 and §3, decision 0243): every', '// writes (decision 0243): every'],
      ['// over the stack\n// (issue 36 §1–§3, §7): x', '// over the stack\n// x'],
      ['// a key issued before (ENT#5)', '// a key issued before (ENT#5)'],
    ];
    for (const [before, after] of cases) {
      expect(stripIssueRefs(before)).toBe(after);
      expect(stripIssueRefs(after)).toBe(after);
    }
  });
});
