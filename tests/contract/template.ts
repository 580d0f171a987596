// The template the IAM contract checks (tests/contract/iam-contract.test.ts): the CDK app
// synthesized for the stage `contract`, without bundling (roles and environments do not depend on
// the code's bytes) and with a stand-in SPA. Synthesized in a child process that the contract
// project's global setup starts with the run (tests/contract/setup.ts), so that its ~6 s of CPU
// overlap the other files instead of following the timing test alone at the end of the run.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGanaarApp } from '../../infra/cdk/ganaar-app';
import { CONTRACT_STAGE } from './setup';

/** Synthesizes the app and writes its stack's template to `file` (written whole, then renamed). */
export function writeContractTemplate(file: string): void {
  const outdir = mkdtempSync(join(tmpdir(), 'ganaar-cdk-iam-'));
  const webDist = mkdtempSync(join(tmpdir(), 'ganaar-dist-iam-'));
  try {
    writeFileSync(join(webDist, 'index.html'), '<!doctype html>');
    const app = createGanaarApp({
      context: { stage: CONTRACT_STAGE, mailFrom: 'no-reply@ganaar.test', 'aws:cdk:bundling-stacks': [] },
      env: {},
      outdir,
      webDistDir: webDist,
    });
    const template = app.app.synth().getStackByName(app.stack.stackName).template;
    writeFileSync(`${file}.tmp`, JSON.stringify(template));
    renameSync(`${file}.tmp`, file);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  }
}

// Run as the setup's child: argv[2] is the file to write; a failure is written beside it.
if (process.argv[1]?.endsWith('template.ts') && process.argv[2]) {
  const file = process.argv[2];
  try {
    writeContractTemplate(file);
  } catch (err) {
    writeFileSync(`${file}.error`, (err as Error)?.stack ?? String(err));
    process.exitCode = 1;
  }
}
