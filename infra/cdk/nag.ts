// cdk-nag 3 wiring: the AwsSolutions pack registered as a CDK policy-validation plugin, and the
// one helper every construct uses to acknowledge a finding (always with its reason).
// cdk-nag is CommonJS whose named exports Node's ESM loader cannot detect: take them from default.
import { Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import cdkNag from 'cdk-nag';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';

const { AwsSolutionsChecks } = cdkNag;

/** A rule id (`AwsSolutions-L1`) or one finding of it (`AwsSolutions-IAM5[Resource::*]`), and why it is accepted. */
export interface NagAcknowledgment {
  id: string;
  reason: string;
}

/** Applies to the construct and everything under it. */
export function acknowledgeNag(scope: IConstruct, ...rules: NagAcknowledgment[]): void {
  Validations.of(scope).acknowledge(...rules);
}

/**
 * How cdk-nag names an IAM resource in a finding id (`<TableCD117FA1.Arn>/index/*`), computed
 * with cdk-nag's own function so an acknowledgment names exactly one grant, never a pattern.
 */
export function iamResourceFinding(scope: IConstruct, resource: string): string {
  return `Resource::${flattenCfnReference(Stack.of(scope).resolve(resource))}`;
}

/**
 * The IAM5 findings (wildcard actions and resources) of every IAM policy under `scope`, named
 * as cdk-nag names them. Used only for roles that aws-cdk-lib generates itself, whose grants we
 * neither write nor can narrow.
 */
export function wildcardFindingsUnder(scope: IConstruct): string[] {
  const findings = new Set<string>();
  for (const c of scope.node.findAll()) {
    if (!(c instanceof iam.CfnPolicy)) continue;
    const doc = Stack.of(c).resolve(c.policyDocument) as { Statement?: { Effect: string; Action: unknown; Resource: unknown }[] };
    for (const st of doc.Statement ?? []) {
      if (st.Effect !== 'Allow') continue;
      for (const a of ([] as unknown[]).concat(st.Action)) if (typeof a === 'string' && a.includes('*')) findings.add(`Action::${a}`);
      for (const r of ([] as unknown[]).concat(st.Resource)) {
        const flat = flattenCfnReference(r);
        if (flat.includes('*')) findings.add(`Resource::${flat}`);
      }
    }
  }
  return [...findings];
}

/** The AwsSolutions pack, verbose so that a finding says why the rule exists. */
export function awsSolutionsChecks(app: IConstruct): InstanceType<typeof AwsSolutionsChecks> {
  return new AwsSolutionsChecks(app, { verbose: true });
}

export function addNagChecks(app: IConstruct): void {
  Validations.of(app).addPlugins(awsSolutionsChecks(app));
}
