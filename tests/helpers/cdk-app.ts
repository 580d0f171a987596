// The CDK app for assertions that read no Lambda code: synthesized without bundling and without
// aws-cdk-lib's CloudFormation validation (tests/infra/stack.test.ts checks the bundles and runs the
// validation on its synth of the same app), in temporary folders with a stand-in SPA.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGanaarApp, type GanaarApp } from '../../infra/cdk/ganaar-app';

/** The app of these context values (stage, mail sender…); `remove` deletes its folders once synthesized. */
export function appWithoutBundling(context: Record<string, unknown>): { ganaar: GanaarApp; remove: () => void } {
  const outdir = mkdtempSync(join(tmpdir(), 'ganaar-cdk-'));
  const webDist = mkdtempSync(join(tmpdir(), 'ganaar-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Ganaar</title>');
  const ganaar = createGanaarApp({
    context: { ...context, 'aws:cdk:bundling-stacks': [] },
    env: {},
    outdir,
    webDistDir: webDist,
    cloudFormationValidation: false,
  });
  return {
    ganaar,
    remove: () => {
      rmSync(outdir, { recursive: true, force: true });
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}
