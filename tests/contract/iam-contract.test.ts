// The IAM contract: every AWS call each function made while the API, flow and
// end-to-end tests ran (functions/lib/aws-calls.ts records them from the local stack into
// GANAAR_AWS_CALLS_FILE, vitest.config.ts) must be allowed by that function's role in the
// synthesized template — table and index ARNs, bucket prefixes, secrets, state machine, SES
// sender. A missing permission fails here, in CI, before it fails a deploy. Granted actions that
// no test used are listed (docs/decisions.md records what they were and what was done).
// This project runs after the others (groupOrder): it reads what they recorded.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it, beforeAll, inject } from 'vitest';
import type { AwsCall } from '../../functions/lib/aws-calls';
import { checkContract, functionRoles, type FunctionRole, type TemplateJson } from '../helpers/iam-contract';
import { resultOf } from '../helpers/result-file';
import { CONTRACT_STAGE as STAGE } from './setup';
import { ORIGIN_AUTHORIZER_FUNCTION } from '../../infra/cdk/ganaar-stack';

let template: TemplateJson;
let calls: AwsCall[];

beforeAll(async () => {
  const file = process.env.GANAAR_AWS_CALLS_FILE;
  if (!file || !existsSync(file)) {
    throw new Error(
      `No recorded AWS calls (${file ?? 'GANAAR_AWS_CALLS_FILE unset'}): run this project with the api project, e.g. npx vitest run --project api --project contract`,
    );
  }
  calls = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as AwsCall);
  // The project's global setup synthesizes it from the start of the run (tests/contract/setup.ts).
  template = JSON.parse(await resultOf(inject('contractTemplateFile'), "The contract's template", 170_000)) as TemplateJson;
}, 180_000);

describe('the IAM contract', () => {
  it('every recorded call of every function is allowed by its role, and every function was exercised', () => {
    const roles = functionRoles(template, STAGE);
    const report = checkContract(calls, roles);
    const byFunction = new Map<string, Set<string>>();
    for (const c of calls) (byFunction.get(c.domain) ?? byFunction.set(c.domain, new Set()).get(c.domain)!).add(`${c.service}:${c.action}`);
    console.log(
      `IAM contract: ${calls.length} distinct calls from ${byFunction.size} functions\n` +
        [...byFunction].map(([d, a]) => `  ${d}: ${[...a].sort().join(', ')}`).join('\n') +
        `\nGranted but used by no test (${report.unused.length}):\n` +
        report.unused.map((u) => `  ${u.domain}: ${u.action} on ${u.resource}`).join('\n'),
    );
    expect(report.denied).toEqual([]);
    // The origin authorizer runs in API Gateway only (the local stack has no CloudFront to prove):
    // its one grant is the read of the origin secret, checked by tests/infra/edge-bypass.test.ts,
    // and its decision by tests/unit/origin-authorizer.test.ts.
    expect(report.unseen.filter((n) => n !== ORIGIN_AUTHORIZER_FUNCTION)).toEqual([]);
  });

  it('fails when a permission a function uses is removed from its role', () => {
    const roles = functionRoles(template, STAGE);
    // Each service a function calls, one at a time: remove the action from that function's role.
    const samples = [...new Map(calls.map((c) => [`${c.domain}|${c.service}`, c])).values()];
    expect(samples.length).toBeGreaterThan(5);
    for (const call of samples) {
      const action = `${call.service}:${call.action}`.toLowerCase();
      const cut: FunctionRole[] = roles.map((r) =>
        r.name !== call.domain
          ? r
          : {
              ...r,
              statements: r.statements
                .map((st) => ({ ...st, Action: ([] as string[]).concat(st.Action).filter((a) => a.toLowerCase() !== action) }))
                .filter((st) => st.Action.length > 0),
            },
      );
      const report = checkContract(calls, cut);
      expect(
        report.denied.some((d) => d.domain === call.domain && d.call.startsWith(`${call.service}:${call.action} `)),
        `${call.domain} ${action}`,
      ).toBe(true);
    }
  });
});
