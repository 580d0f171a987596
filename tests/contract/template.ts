// The template the IAM contract checks (tests/contract/iam-contract.test.ts): the CDK app
// synthesized for the stage `contract`, without bundling (roles and environments do not depend on
// the code's bytes). Run as a child process by the contract project's global setup when the run
// starts (tests/contract/setup.ts), so that its ~6 s of CPU overlap the other files instead of
// following the timing test alone at the end of the run. Its result file (argv[2],
// tests/helpers/result-file.ts) holds the template, or why it could not be synthesized.
import { appWithoutBundling } from '../helpers/cdk-app';
import { writeFailure, writeResult } from '../helpers/result-file';
import { CONTRACT_STAGE } from './setup';

const file = process.argv[2];
if (!file) throw new Error('usage: tsx tests/contract/template.ts <result file>');
try {
  const { ganaar, remove } = appWithoutBundling({ stage: CONTRACT_STAGE, mailFrom: 'no-reply@ganaar.test' });
  try {
    writeResult(file, JSON.stringify(ganaar.app.synth().getStackByName(ganaar.stack.stackName).template));
  } finally {
    remove();
  }
} catch (err) {
  writeFailure(file, (err as Error)?.stack ?? String(err));
  process.exitCode = 1;
}
