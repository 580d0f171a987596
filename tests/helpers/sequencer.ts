// The order in which `npm test` starts its files. Vitest's own order runs the projects one after
// the other (api, then e2e, then infra, unit, web, by name): the browser journeys, which wait on
// the browser and the API more than they compute (one core of two busy when they run alone), then
// ran together with nothing to fill the other core, and the short web and unit files came last.
// Here the journeys alternate with the other files, each list longest first, so the CPU-bound API
// files fill what the journeys leave idle and the short files fill the end. How long a file takes
// comes from vitest's cache when it has run here before, else from tests/file-durations.json (a
// full run's seconds per file, tests/helpers/file-durations.ts writes it), else from the file's
// size and its project's seconds per KB. Projects with a later groupOrder still run after (the
// timing tests alone, then the IAM contract). A file vitest's cache knows to have failed runs first.
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per KB of test file, per project (clean run of 2026-11-26, web after isolate: false). */
const SECONDS_PER_KB: Record<string, number> = { e2e: 5.5, api: 1.5, infra: 0.4, web: 0.2, unit: 0.1 };

let table: Record<string, number> | undefined;
function recorded(file: string): number | undefined {
  try {
    table ??= JSON.parse(readFileSync('tests/file-durations.json', 'utf8')) as Record<string, number>;
  } catch {
    table = {};
  }
  return table[file];
}

function sizeEstimate(spec: TestSpecification): number {
  let size = 0;
  try {
    size = statSync(spec.moduleId).size / 1000;
  } catch {
    /* a file gone since it was listed: vitest reports it */
  }
  return size * (SECONDS_PER_KB[spec.project.name] ?? 1);
}

export default class InterleavedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const cached = (s: TestSpecification) => this.ctx.cache.getFileTestResults(`${s.project.name}:${relative(root, s.moduleId)}`);
    const failed = (s: TestSpecification) => cached(s)?.failed === true;
    const estimate = (s: TestSpecification) => (cached(s)?.duration ?? 0) / 1000 || recorded(relative(root, s.moduleId)) || sizeEstimate(s);
    const byGroup = new Map<number, TestSpecification[]>();
    for (const f of files) {
      const g = f.project.config.sequence.groupOrder ?? 0;
      if (!byGroup.has(g)) byGroup.set(g, []);
      byGroup.get(g)!.push(f);
    }
    const out: TestSpecification[] = [];
    for (const g of [...byGroup.keys()].sort((a, b) => a - b)) {
      const longestFirst = (xs: TestSpecification[]) =>
        xs.map((s) => ({ s, t: estimate(s), failed: failed(s) })).sort((a, b) => Number(b.failed) - Number(a.failed) || b.t - a.t);
      const group = byGroup.get(g)!;
      const journeys = longestFirst(group.filter((s) => s.project.name === 'e2e'));
      const rest = longestFirst(group.filter((s) => s.project.name !== 'e2e'));
      while (journeys.length || rest.length) {
        const j = journeys.shift();
        if (j) out.push(j.s);
        const r = rest.shift();
        if (r) out.push(r.s);
      }
    }
    return out;
  }
}
