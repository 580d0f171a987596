// Per-client limits at the edge: an AWS WAF web ACL on the CloudFront distribution. A web ACL for
// CloudFront lives in us-east-1 whatever the stage's region, hence this small stack of its own
// (`Ganaar-<stage>-edge`), referenced by the main stack (crossRegionReferences).
//
// Why: API Gateway's throttles are shared by every caller, so one client at ~60 req/s on any
// /api/* path, or ~12 req/s of junk logins or webhooks, took the whole stage's budget and denied
// every farm (the abuse probe's finding). WAF counts per client IP at the edge and blocks only the
// client over its limit; the gateway's caps stay, raised, as a cost ceiling (constructs/http-api.ts).
// Limits are per 5-minute window (WAF's default; a blocked client is let through again once its
// rate falls back under the limit) and generous for the carrier-grade NAT that puts many phones
// behind one address in Senegal and Côte d'Ivoire (docs/decisions.md, "Production operations").
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** Requests per client IP per 5 minutes, per rule. */
export const EDGE_LIMITS = {
  /** Every /api/* and /admin/* request: ~10 req/s sustained per address. */
  api: 3000,
  /** Sign-up, login, recovery and the storefront's order: ~0.3 req/s per address. */
  publicWrites: 100,
  /** The providers' webhooks: far above a provider's real rate. */
  webhooks: 600,
} as const;

/** The public rows whose abuse costs most (each also has its own per-address limits in the Lambda). */
export const PUBLIC_WRITE_PATHS = [
  '/api/login',
  '/api/inscription',
  '/api/initRecoveryPassword',
  '/api/checkpasswordotp',
  '/api/resetPassword',
  '/api/vitrine/commande',
] as const;
export const WEBHOOK_PATH_PREFIX = '/api/paiement/webhook/';

export interface EdgeStackProps extends StackProps {
  stage: string;
}

const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: name,
  sampledRequestsEnabled: true,
});

const pathStartsWith = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});
const pathIs = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'EXACTLY',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});
const anyOf = (statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty =>
  statements.length === 1 ? statements[0] : { orStatement: { statements } };

function rateRule(name: string, priority: number, limit: number, scope: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: { customResponse: { responseCode: 429 } } },
    statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300, scopeDownStatement: scope } },
    visibilityConfig: visibility(name),
  };
}

export class GanaarEdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `ganaar-${props.stage}-edge`,
      description: 'Ganaar: per-client rate limits and managed protections in front of CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`ganaar-${props.stage}-edge`),
      rules: [
        // Known-bad addresses (botnets, scanners) first: AWS's managed list, no false positives to tune.
        {
          name: 'aws-ip-reputation',
          priority: 0,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesAmazonIpReputationList' } },
          visibilityConfig: visibility('aws-ip-reputation'),
        },
        {
          name: 'aws-known-bad-inputs',
          priority: 1,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesKnownBadInputsRuleSet' } },
          visibilityConfig: visibility('aws-known-bad-inputs'),
        },
        rateRule('public-writes-per-ip', 2, EDGE_LIMITS.publicWrites, anyOf(PUBLIC_WRITE_PATHS.map(pathIs))),
        rateRule('webhooks-per-ip', 3, EDGE_LIMITS.webhooks, pathStartsWith(WEBHOOK_PATH_PREFIX)),
        rateRule('api-per-ip', 4, EDGE_LIMITS.api, anyOf([pathStartsWith('/api/'), pathStartsWith('/admin/')])),
      ],
    });
  }
}
