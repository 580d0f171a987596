// Run by `npm run synth` after `cdk synth`: reads the synthesized template(s) in cdk.out/, checks
// that the HTTP API routes are exactly the route table's rows, each integrated with its domain's
// Lambda, and prints a one-paragraph summary. Exits non-zero on any mismatch.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES, activeDomains, routeKey } from '@shared/api/routes';

type Resource = { Type: string; Properties?: Record<string, any> };
type Template = { Resources: Record<string, Resource> };

const outdir = process.argv[2] ?? 'cdk.out';
const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as {
  artifacts: Record<string, { type: string; properties?: { templateFile?: string } }>;
};
const stacks = Object.entries(manifest.artifacts).filter(([, a]) => a.type === 'aws:cloudformation:stack');
if (stacks.length === 0) fail(`no stack in ${outdir}/manifest.json`);

for (const [name, artifact] of stacks) {
  const file = join(outdir, artifact.properties?.templateFile ?? `${name}.template.json`);
  const template = JSON.parse(readFileSync(file, 'utf8')) as Template;
  const byType = (type: string) => Object.entries(template.Resources).filter(([, r]) => r.Type === type);

  // The edge stack (us-east-1): the WAF web ACL in front of CloudFront, no routes.
  if (name.endsWith('-edge')) {
    const acls = byType('AWS::WAFv2::WebACL');
    if (acls.length !== 1) fail(`${name}: expected one WAF web ACL, found ${acls.length}`);
    const rules = (acls[0][1].Properties?.Rules ?? []) as { Name: string; Statement: { RateBasedStatement?: { Limit: number } } }[];
    const rated = rules.filter((r) => r.Statement.RateBasedStatement).map((r) => `${r.Name} ${r.Statement.RateBasedStatement!.Limit}/5 min`);
    console.log(`synth ok: ${name} → ${file}\n  WAF web ACL (CLOUDFRONT) with ${rules.length} rules; per client IP: ${rated.join(', ')}`);
    continue;
  }

  const expected = new Set(ROUTES.map(routeKey));
  const routes = byType('AWS::ApiGatewayV2::Route');
  const actual = new Set(routes.map(([, r]) => String(r.Properties?.RouteKey)));
  const missing = [...expected].filter((k) => !actual.has(k));
  const extra = [...actual].filter((k) => !expected.has(k));
  if (missing.length || extra.length || routes.length !== ROUTES.length) {
    fail(
      `${name}: API routes differ from shared/api/routes.ts (missing: ${missing.join(', ') || 'none'}; extra: ${extra.join(', ') || 'none'}; ${routes.length} routes for ${ROUTES.length} rows)`,
    );
  }

  // Route → integration → Lambda logical id → FunctionName `ganaar-<stage>-<domain>`.
  const functionDomain = new Map(
    byType('AWS::Lambda::Function')
      .filter(([, r]) => typeof r.Properties?.FunctionName === 'string')
      .map(([id, r]) => [id, String(r.Properties!.FunctionName).split('-').pop()!]),
  );
  const integrationFunction = new Map(
    byType('AWS::ApiGatewayV2::Integration').map(([id, r]) => [id, r.Properties?.IntegrationUri?.['Fn::GetAtt']?.[0] as string]),
  );
  for (const [, r] of routes) {
    const key = String(r.Properties?.RouteKey);
    const row = ROUTES.find((x) => routeKey(x) === key)!;
    const integrationId = String(r.Properties?.Target?.['Fn::Join']?.[1]?.[1]?.Ref ?? '');
    const domain = functionDomain.get(integrationFunction.get(integrationId) ?? '');
    if (domain !== row.domain) fail(`${name}: route "${key}" goes to the Lambda of "${domain ?? 'nothing'}", not of "${row.domain}"`);
  }

  const alarms = byType('AWS::CloudWatch::Alarm');
  const topics = byType('AWS::SNS::Topic');
  const subscribers = byType('AWS::SNS::Subscription').map(([, r]) => String(r.Properties?.Endpoint));
  const dashboards = byType('AWS::CloudWatch::Dashboard').map(([, r]) => String(r.Properties?.DashboardName));
  const budgets = byType('AWS::Budgets::Budget').map(
    ([, r]) => `${r.Properties?.Budget?.BudgetLimit?.Amount} ${r.Properties?.Budget?.BudgetLimit?.Unit}/month`,
  );
  if (!alarms.length || topics.length !== 1 || !dashboards.length || !budgets.length) {
    fail(`${name}: monitoring incomplete (${alarms.length} alarms, ${topics.length} topics, ${dashboards.length} dashboards, ${budgets.length} budgets)`);
  }
  const unnotified = alarms.filter(([, a]) => !(a.Properties?.AlarmActions ?? []).length).map(([, a]) => a.Properties?.AlarmName);
  if (unnotified.length) fail(`${name}: alarms without an action: ${unnotified.join(', ')}`);
  const webAcl = byType('AWS::CloudFront::Distribution').some(([, d]) => d.Properties?.DistributionConfig?.WebACLId);

  const domains = activeDomains();
  const spa = byType('Custom::CDKBucketDeployment').length > 0 ? 'SPA deployed from web/dist' : 'SPA NOT deployed (no web/dist: run `npm run build:web` first)';
  console.log(
    `synth ok: ${name} → ${file}\n` +
      `  ${routes.length} HTTP API routes = the ${ROUTES.length} rows of shared/api/routes.ts, each integrated with its domain's Lambda\n` +
      `  ${domains.length} domain Lambdas (nodejs22.x, arm64): ${domains.join(', ')}\n` +
      `  ${alarms.length} CloudWatch alarms → SNS topic ${topics.map(([, t]) => t.Properties?.TopicName).join(', ')} (e-mail: ${subscribers.join(', ') || 'none: set -c alarmEmail'})\n` +
      `  dashboard ${dashboards.join(', ')}; budget ${budgets.join(', ')}; WAF on CloudFront: ${webAcl ? 'yes' : 'NO'}\n` +
      `  ${Object.keys(template.Resources).length} resources; ${spa}`,
  );
}

function fail(message: string): never {
  console.error(`synth check FAILED: ${message}`);
  process.exit(1);
}
