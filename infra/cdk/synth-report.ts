// Run by `npm run synth` after `cdk synth`: reads the synthesized template(s) in cdk.out/, checks
// that the HTTP API routes are exactly the route table's rows, each integrated with its domain's
// Lambda, and prints a one-paragraph summary. Exits non-zero on any mismatch.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES, activeDomains, routeKey } from '../../shared/api/routes';

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

  const expected = new Set(ROUTES.map(routeKey));
  const routes = byType('AWS::ApiGatewayV2::Route');
  const actual = new Set(routes.map(([, r]) => String(r.Properties?.RouteKey)));
  const missing = [...expected].filter((k) => !actual.has(k));
  const extra = [...actual].filter((k) => !expected.has(k));
  if (missing.length || extra.length || routes.length !== ROUTES.length) {
    fail(`${name}: API routes differ from shared/api/routes.ts (missing: ${missing.join(', ') || 'none'}; extra: ${extra.join(', ') || 'none'}; ${routes.length} routes for ${ROUTES.length} rows)`);
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

  const domains = activeDomains();
  const spa = byType('Custom::CDKBucketDeployment').length > 0 ? 'SPA deployed from web/dist' : 'SPA NOT deployed (no web/dist: run `npm run build:web` first)';
  console.log(
    `synth ok: ${name} → ${file}\n` +
      `  ${routes.length} HTTP API routes = the ${ROUTES.length} rows of shared/api/routes.ts, each integrated with its domain's Lambda\n` +
      `  ${domains.length} domain Lambdas (nodejs22.x, arm64): ${domains.join(', ')}\n` +
      `  ${Object.keys(template.Resources).length} resources; ${spa}`,
  );
}

function fail(message: string): never {
  console.error(`synth check FAILED: ${message}`);
  process.exit(1);
}
