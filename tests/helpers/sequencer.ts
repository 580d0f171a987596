// The order in which `npm test` starts its files. The browser journeys wait on the browser and the
// API more than they compute (one core of two busy when they run alone): here they alternate with
// the API files of their project, each list longest first, so the CPU-bound API files fill what
// the journeys leave idle. Each project's files come together (the largest project first, the
// short web and unit files at the end): vitest keeps a worker for the next file only when that
// file is of the worker's project, and starting a worker costs its imports again (decision 0207). How long a file takes
// comes from vitest's cache when it has run here before, else from tests/file-durations.json (a
// full run's seconds per file, tests/helpers/file-durations.ts writes it), else from the file's
// size and its project's seconds per KB. Projects with a later groupOrder still run after (the
// timing tests alone, then the IAM contract). A file vitest's cache knows to have failed runs first.
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per KB of test file, per project, journeys apart (clean run of 2026-11-26). */
const SECONDS_PER_KB: Record<string, number> = { journey: 5.5, api: 1.5, infra: 0.4, web: 0.2, unit: 0.1 };

/** A browser journey (in the api project with the API files, vitest.config.ts). */
const isJourney = (s: TestSpecification) => s.moduleId.endsWith('.e2e.test.ts');

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
  return size * (SECONDS_PER_KB[isJourney(spec) ? 'journey' : spec.project.name] ?? 1);
}

export default class InterleavedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const cached = (s: TestSpecification) => this.ctx.cache.getFileTestResults(`${s.project.name}:${relative(root, s.moduleId)}`);
    const failed = (s: TestSpecification) => cached(s)?.failed === true;
    const estimate = (s: TestSpecification) => (cached(s)?.duration ?? 0) / 1000 || recorded(relative(root, s.moduleId)) || sizeEstimate(s);
    const longestFirst = (xs: TestSpecification[]) =>
      xs
        .map((s) => ({ s, t: estimate(s), failed: failed(s) }))
        .sort((a, b) => Number(b.failed) - Number(a.failed) || b.t - a.t)
        .map((x) => x.s);
    const total = (xs: TestSpecification[]) => xs.reduce((t, s) => t + estimate(s), 0);
    const byGroup = new Map<number, TestSpecification[]>();
    for (const f of files) {
      const g = f.project.config.sequence.groupOrder ?? 0;
      if (!byGroup.has(g)) byGroup.set(g, []);
      byGroup.get(g)!.push(f);
    }
    const out: TestSpecification[] = [];
    for (const g of [...byGroup.keys()].sort((a, b) => a - b)) {
      // Each project's files together: vitest keeps a worker for the next file only when the next
      // file in the queue is of the worker's project, else it stops it and starts another.
      const byProject = new Map<string, TestSpecification[]>();
      for (const f of byGroup.get(g)!) {
        if (!byProject.has(f.project.name)) byProject.set(f.project.name, []);
        byProject.get(f.project.name)!.push(f);
      }
      // The largest project first; then the projects whose files each start a worker anyway
      // (isolate: true, the CDK synths), so that their long files do not end the run; the short
      // files of the shared-worker projects last, filling the end.
      const isolated = (xs: TestSpecification[]) => Number(xs[0].project.config.isolate !== false);
      const [largest, ...others] = [...byProject.values()].sort((a, b) => total(b) - total(a));
      for (const list of [largest, ...others.sort((a, b) => isolated(b) - isolated(a))]) {
        // Within a project, journeys alternate with the other files, each list longest first.
        const journeys = longestFirst(list.filter(isJourney));
        const rest = longestFirst(list.filter((s) => !isJourney(s)));
        while (journeys.length || rest.length) {
          const j = journeys.shift();
          if (j) out.push(j);
          const r = rest.shift();
          if (r) out.push(r);
        }
      }
    }
    return out;
  }
}
