// The deployed template, asserted from the CDK app itself (synthesized once, with real esbuild
// bundling and a built SPA): API routes = the route table, each wired to its domain's Lambda,
// the functions, the table, the secret, the buckets, CloudFront, and cdk-nag clean.
import { Match, Template } from 'aws-cdk-lib/assertions';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGanaarApp, type GanaarApp } from '../../infra/cdk/ganaar-app';
import { awsSolutionsChecks } from '../../infra/cdk/nag';
import { PAYMENT_FLOW_FUNCTION } from '../../infra/cdk/constructs/payments';
import { JOBS_FUNCTION } from '../../functions/notifications/constants';
import { IMAGE_DOMAINS, ORIGIN_AUTHORIZER_FUNCTION, SLOW_DOMAINS } from '../../infra/cdk/ganaar-stack';
import { ROUTES, activeDomains, routeKey } from '@shared/api/routes';
import { TABLE } from '@shared/table';
import { readConfig } from '../../functions/lib/config';
import { API_CSP, HSTS_MAX_AGE_SECONDS, SPA_CSP } from '@shared/security-headers';
import { PUBLIC_ROUTE_THROTTLE, STAGE_THROTTLE } from '../../infra/cdk/constructs/http-api';
import { CLIENT_IP_FUNCTION_CODE, PAGE_CACHE_MAX_SECONDS, PAGE_PATH_PATTERN } from '../../infra/cdk/constructs/web-distribution';
import { PAGE_CSP } from '@shared/partage-page';
import { PAGE_CACHE_MAX_SECONDS as ROUTE_PAGE_CACHE_MAX_SECONDS } from '../../functions/partage/routes';

// Managed CloudFront policy ids (documented by AWS, stable).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const STAGE = 'test';
const MAIL_FROM = 'no-reply@ganaar.test';
/** An ES-module import of `node:http`, static or dynamic: on Node 22 it loads undici at every cold start (infra/cdk/bundling.ts). */
const ESM_NODE_HTTP = /from\s*["']node:http["']|import\(\s*["']node:http["']\s*\)/;

type Res = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

let ganaar: GanaarApp;
let template: Template;
let resources: Record<string, Res>;
let outdir: string;
let webDist: string;

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const refId = (v: any): string | undefined => v?.Ref ?? v?.['Fn::GetAtt']?.[0];

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'ganaar-cdk-'));
  webDist = mkdtempSync(join(tmpdir(), 'ganaar-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Ganaar</title>');
  ganaar = createGanaarApp({
    context: { stage: STAGE, mailFrom: MAIL_FROM, jwtKeyVersion: '3' },
    env: {},
    outdir,
    webDistDir: webDist,
  });
  // Synthesizes the app once: bundles every Lambda and runs the cdk-nag plugin (a finding that
  // is not acknowledged makes this throw with the report).
  template = Template.fromStack(ganaar.stack);
  resources = template.toJSON().Resources;
});

afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
});

describe('HTTP API from the route table', () => {
  it('has exactly one route per row of shared/api/routes.ts', () => {
    const keys = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey as string);
    expect(keys.length).toBe(ROUTES.length);
    expect(new Set(keys)).toEqual(new Set(ROUTES.map(routeKey)));
  });

  it("integrates every route with the Lambda of its row's domain (proxy, payload 2.0)", () => {
    const functionName = (logicalId: string) => resources[logicalId]?.Properties.FunctionName;
    const [apiId] = Object.keys(template.findResources('AWS::ApiGatewayV2::Api'));
    for (const [, route] of ofType('AWS::ApiGatewayV2::Route')) {
      const row = ROUTES.find((r) => routeKey(r) === route.Properties.RouteKey)!;
      const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref as string;
      const integration = resources[integrationId];
      expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      const fnId = refId(integration.Properties.IntegrationUri)!;
      expect(functionName(fnId), routeKey(row)).toBe(`ganaar-${STAGE}-${row.domain}`);
      // This API (and nothing else) may invoke that function.
      const allowed = ofType('AWS::Lambda::Permission').some(
        ([, p]) =>
          refId(p.Properties.FunctionName) === fnId &&
          p.Properties.Principal === 'apigateway.amazonaws.com' &&
          JSON.stringify(p.Properties.SourceArn).includes(`{"Ref":"${apiId}"}`),
      );
      expect(allowed, routeKey(row)).toBe(true);
    }
  });

  it('serves them on a throttled, access-logged $default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.routeKey') },
    });
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
  });
});

describe('domain Lambdas', () => {
  // The API functions; the payment flow's task Lambda, the notifications' jobs Lambda and the origin
  // authorizer have their own tests (tests/infra/payments.test.ts, notifications.test.ts, edge-bypass.test.ts).
  const domainFunctions = () =>
    ofType('AWS::Lambda::Function').filter(
      ([, f]) =>
        String(f.Properties.FunctionName ?? '').startsWith(`ganaar-${STAGE}-`) &&
        ![PAYMENT_FLOW_FUNCTION, JOBS_FUNCTION, ORIGIN_AUTHORIZER_FUNCTION].some((n) => f.Properties.FunctionName === `ganaar-${STAGE}-${n}`),
    );

  it('one function per active domain: Node.js 22, arm64, 512 MB (1024 MB decoding photos), 10 s (25 s when waiting on a provider), JSON logs', () => {
    const fns = domainFunctions();
    expect(fns.map(([, f]) => f.Properties.FunctionName).sort()).toEqual(
      activeDomains()
        .map((d) => `ganaar-${STAGE}-${d}`)
        .sort(),
    );
    for (const [, f] of fns) {
      expect(f.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: IMAGE_DOMAINS.some((d) => f.Properties.FunctionName === `ganaar-${STAGE}-${d}`) ? 1024 : 512,
        Timeout: SLOW_DOMAINS.some((d) => f.Properties.FunctionName === `ganaar-${STAGE}-${d}`) ? 25 : 10,
        LoggingConfig: { LogFormat: 'JSON' },
      });
      const logGroup = resources[refId(f.Properties.LoggingConfig.LogGroup)!];
      expect(logGroup.Properties.RetentionInDays).toBeGreaterThan(0);
    }
  });

  it('are real esbuild bundles (ESM, require banner, source map) of functions/<domain>/handler.ts', () => {
    for (const [, f] of domainFunctions()) {
      const assetHash = String(f.Properties.Code.S3Key).replace(/\.zip$/, '');
      const dir = join(outdir, `asset.${assetHash}`);
      expect(existsSync(join(dir, 'index.mjs.map')), f.Properties.FunctionName).toBe(true);
      const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
      expect(code.startsWith("import { createRequire } from 'node:module';")).toBe(true);
      expect(code).toMatch(/export\s*\{[^}]*\bas handler\b|export\s*\{[^}]*\bhandler\b/);
      const domain = String(f.Properties.FunctionName).split('-').pop()!;
      const sources: string[] = JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')).sources;
      expect(sources.some((s) => s.endsWith(`functions/${domain}/handler.ts`))).toBe(true);
      // The AWS SDK is bundled (faster cold starts, tested version) with the environment-only
      // credential provider in place of the default chain (infra/cdk/bundling.ts).
      expect(sources.some((s) => s.includes('node_modules/@aws-sdk/client-dynamodb/'))).toBe(true);
      expect(sources.some((s) => s.endsWith('functions/lib/lambda-credentials.ts'))).toBe(true);
      expect(sources.some((s) => s.includes('node_modules/@aws-sdk/credential-provider-node/'))).toBe(false);
      expect(sources.some((s) => s.includes('node_modules/@aws-sdk/credential-provider-sso/'))).toBe(false);
      // `node:http` through require, never an ES-module import.
      expect(code, f.Properties.FunctionName).not.toMatch(ESM_NODE_HTTP);
      expect(sources.some((s) => s.endsWith('functions/lib/builtins/node-http.ts'))).toBe(true);
    }
  });

  it('the payment flow task is a real esbuild bundle of functions/paiements/flow-handler.ts', () => {
    // Checked here, on the one bundled synth of the suite; tests/infra/payments.test.ts reads the
    // same template without bundling.
    const [, flow] = ofType('AWS::Lambda::Function').find(([, f]) => f.Properties.FunctionName === `ganaar-${STAGE}-${PAYMENT_FLOW_FUNCTION}`)!;
    const dir = join(outdir, `asset.${String(flow.Properties.Code.S3Key).replace(/\.zip$/, '')}`);
    const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
    expect(code.startsWith("import { createRequire } from 'node:module';")).toBe(true);
    expect(code).toMatch(/export\s*\{[^}]*\bas handler\b|export\s*\{[^}]*\bhandler\b/);
    const sources: string[] = JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')).sources;
    expect(sources.some((src) => src.endsWith('functions/paiements/flow-handler.ts'))).toBe(true);
    expect(code).not.toMatch(ESM_NODE_HTTP);
  });

  it('get the environment functions/lib/config.ts needs at cold start, bound to the right resources', () => {
    const [tableId] = Object.keys(template.findResources('AWS::DynamoDB::Table'));
    const [secretId] = Object.keys(template.findResources('AWS::SecretsManager::Secret'));
    const imagesId = Object.keys(template.findResources('AWS::S3::Bucket')).find((id) => id.startsWith('ImagesBucket'))!;
    for (const [, f] of domainFunctions()) {
      const env = f.Properties.Environment.Variables;
      expect(refId(env.TABLE_NAME)).toBe(tableId);
      expect(refId(env.JWT_SECRET_ARN)).toBe(secretId);
      expect(refId(env.IMAGES_BUCKET)).toBe(imagesId);
      expect(env.MAIL_FROM).toBe(MAIL_FROM);
      expect(env.TRIAL_DAYS).toBe('30');
      expect(env.JWT_KEY_VERSION).toBe('3');
      expect(env.TOKEN_TTL_HOURS).toBe('72');
      // What the Lambda will see once CloudFormation has filled in the references.
      const deployed = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, typeof v === 'string' ? v : `resolved-${k}`]));
      const cfg = readConfig({ ...deployed, AWS_REGION: 'eu-west-1' } as NodeJS.ProcessEnv);
      expect(cfg.mailOutboxDir).toBeUndefined();
      expect(cfg.jwtSecret).toBeUndefined();
      expect(cfg.trialDays).toBe(30);
      expect(cfg.tokenTtlHours).toBe(72);
    }
  });

  it('have least-privilege roles: own log group, the table and its indexes, the secret, SES from the one sender', () => {
    const [tableId] = Object.keys(template.findResources('AWS::DynamoDB::Table'));
    const [secretId] = Object.keys(template.findResources('AWS::SecretsManager::Secret'));
    for (const [, f] of domainFunctions()) {
      const roleId = refId(f.Properties.Role)!;
      expect(resources[roleId].Properties.ManagedPolicyArns).toBeUndefined();
      const policies = ofType('AWS::IAM::Policy').filter(([, p]) => p.Properties.Roles.some((r: any) => refId(r) === roleId));
      const statements = policies.flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[]);
      const json = JSON.stringify(statements);
      expect(statements.every((s) => s.Effect === 'Allow')).toBe(true);
      expect(json).not.toMatch(/"Resource":"\*"/);
      expect(json).not.toMatch(/"Action":"[a-z0-9]+:\*"/);
      expect(statements.some((s) => [].concat(s.Action).includes('dynamodb:Query' as never) && JSON.stringify(s.Resource).includes(tableId))).toBe(true);
      expect(statements.some((s) => [].concat(s.Action).includes('secretsmanager:GetSecretValue' as never) && refId(s.Resource) === secretId)).toBe(true);
      expect(statements).toContainEqual(expect.objectContaining({ Action: 'ses:SendEmail', Condition: { StringEquals: { 'ses:FromAddress': MAIL_FROM } } }));
      expect(statements.some((s) => [].concat(s.Action).includes('logs:PutLogEvents' as never))).toBe(true);
    }
  });
});

describe('single table', () => {
  it('matches shared/table.ts: keys, GSIs, TTL, on-demand, PITR, deletion protection, retained', () => {
    const tables = ofType('AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    const [, table] = tables[0];
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    const p = table.Properties;
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ]);
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TABLE.ttlAttribute, Enabled: true });
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.DeletionProtectionEnabled).toBe(true);
    expect(p.TableName).toBe(`ganaar-${STAGE}`);
    expect(p.GlobalSecondaryIndexes).toHaveLength(TABLE.gsis.length);
    for (const gsi of TABLE.gsis) {
      expect(p.GlobalSecondaryIndexes).toContainEqual({
        IndexName: gsi.name,
        KeySchema: [
          { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
          { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      });
    }
    const keyNames = [TABLE.partitionKey, TABLE.sortKey, ...TABLE.gsis.flatMap((g) => [g.partitionKey, g.sortKey])];
    expect(p.AttributeDefinitions).toEqual(expect.arrayContaining(keyNames.map((n) => ({ AttributeName: n, AttributeType: 'S' }))));
  });
});

describe('JWT secret', () => {
  it('is generated by Secrets Manager: ≥ 48 characters, no punctuation, retained', () => {
    const [[, secret]] = ofType('AWS::SecretsManager::Secret');
    const gen = secret.Properties.GenerateSecretString;
    expect(gen.PasswordLength).toBeGreaterThanOrEqual(48);
    expect(gen.ExcludePunctuation).toBe(true);
    expect(gen.SecretStringTemplate).toBeUndefined(); // a plain string, as functions/lib/tokens.ts reads it
    expect(secret.DeletionPolicy).toBe('Retain');
  });
});

describe('buckets', () => {
  it('are all private, encrypted and refuse plain http', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets.length).toBeGreaterThanOrEqual(3); // SPA, images, logs
    for (const [id, b] of buckets) {
      expect(b.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(b.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
      const policy = ofType('AWS::S3::BucketPolicy').find(([, p]) => refId(p.Properties.Bucket) === id);
      expect(policy, `${id} has a bucket policy`).toBeDefined();
      const statements = policy![1].Properties.PolicyDocument.Statement as any[];
      expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
      // Nobody is allowed in anonymously.
      for (const s of statements.filter((x) => x.Effect === 'Allow')) expect(s.Principal, id).not.toBe('*');
    }
  });

  it('the SPA bucket is read by this CloudFront distribution only (origin access control)', () => {
    const spaId = Object.keys(template.findResources('AWS::S3::Bucket')).find((id) => id.startsWith('WebSpaBucket'))!;
    const [, policy] = ofType('AWS::S3::BucketPolicy').find(([, p]) => refId(p.Properties.Bucket) === spaId)!;
    const [distributionId] = Object.keys(template.findResources('AWS::CloudFront::Distribution'));
    const allow = (policy.Properties.PolicyDocument.Statement as any[]).filter((s) => s.Effect === 'Allow');
    expect(allow.length).toBeGreaterThan(0);
    for (const s of allow) {
      expect(s.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
      expect(JSON.stringify(s.Condition)).toContain(distributionId);
    }
  });

  it('the built SPA is deployed to the SPA bucket and the distribution invalidated', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketName: Match.anyValue(),
      DistributionPaths: ['/*'],
      Prune: true,
    });
  });
});

describe('CloudFront', () => {
  it('serves the SPA by default and sends /api/* and /admin/* to the HTTP API, uncached, with all viewer headers but Host', () => {
    const [[, dist]] = ofType('AWS::CloudFront::Distribution');
    const config = dist.Properties.DistributionConfig;
    const [apiId] = Object.keys(template.findResources('AWS::ApiGatewayV2::Api'));
    const apiOrigin = config.Origins.find((o: any) => JSON.stringify(o.DomainName).includes(`"Ref":"${apiId}"`));
    const s3Origin = config.Origins.find((o: any) => o.OriginAccessControlId);
    expect(apiOrigin?.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(s3Origin).toBeDefined();

    expect(config.DefaultCacheBehavior).toMatchObject({
      TargetOriginId: s3Origin.Id,
      ViewerProtocolPolicy: 'redirect-to-https',
      Compress: true,
    });
    expect(config.DefaultRootObject).toBe('index.html');

    const byPattern = new Map((config.CacheBehaviors as any[]).map((b) => [b.PathPattern, b]));
    expect([...byPattern.keys()].sort()).toEqual(['/admin/*', '/api/*', '/api/vitrine/*', '/images/*', '/p/*']);
    for (const pattern of ['/api/*', '/admin/*']) {
      expect(byPattern.get(pattern)).toMatchObject({
        TargetOriginId: apiOrigin.Id,
        CachePolicyId: CACHING_DISABLED,
        OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
        AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      });
    }
  });

  it('every route of the table is reachable through one of those behaviours', () => {
    for (const row of ROUTES) expect(row.path, routeKey(row)).toMatch(/^\/(api|admin|p)\//);
  });
});

describe('cdk-nag (AwsSolutions)', () => {
  it('reports no finding that is not acknowledged with a reason', () => {
    const report = awsSolutionsChecks(ganaar.app).validateScope(ganaar.app);
    const findings = report.violations.map((v) => `${v.severity} ${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('every acknowledgment carries a reason', () => {
    const acks = ganaar.app.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === 'aws:cdk:acknowledged-rules').map((m) => m.data as Record<string, string>));
    const entries = acks.flatMap((a) => Object.entries(a)).filter(([id]) => id.includes('AwsSolutions'));
    expect(entries.length).toBeGreaterThan(0);
    for (const [id, reason] of entries) expect(reason.length, id).toBeGreaterThan(30);
  });
});

describe('security hardening', () => {
  const distributionConfig = () => ofType('AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;
  const policyOf = (ref: any) => resources[refId(ref)!];

  it('every answer carries the headers of shared/security-headers.ts: strict CSP, HSTS, DENY, nosniff, referrer policy', () => {
    const config = distributionConfig();
    const expectPolicy = (ref: any, csp: string) => {
      const policy = policyOf(ref);
      expect(policy.Type).toBe('AWS::CloudFront::ResponseHeadersPolicy');
      expect(policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig).toEqual({
        ContentSecurityPolicy: { ContentSecurityPolicy: csp, Override: true },
        ContentTypeOptions: { Override: true },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        StrictTransportSecurity: { AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS, IncludeSubdomains: true, Override: true },
      });
    };
    expectPolicy(config.DefaultCacheBehavior.ResponseHeadersPolicyId, SPA_CSP);
    for (const b of config.CacheBehaviors as any[]) expectPolicy(b.ResponseHeadersPolicyId, b.PathPattern === PAGE_PATH_PATTERN ? PAGE_CSP : API_CSP);
    expect(PAGE_CSP).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
    expect(SPA_CSP).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('API requests carry the viewer IP (a viewer-request function) and the origin secret, which the Lambdas can read', () => {
    const config = distributionConfig();
    const [apiId] = Object.keys(template.findResources('AWS::ApiGatewayV2::Api'));
    const apiOrigin = config.Origins.find((o: any) => JSON.stringify(o.DomainName).includes(`"Ref":"${apiId}"`));
    const secretId = Object.keys(template.findResources('AWS::SecretsManager::Secret')).find((id) => id.startsWith('OriginSecret'))!;
    expect(secretId).toBeDefined();
    const header = (apiOrigin.OriginCustomHeaders as any[]).find((h) => h.HeaderName === 'x-ganaar-origin-verify');
    // a dynamic reference resolved at deploy time: the secret never appears in the template
    expect(JSON.stringify(header.HeaderValue)).toContain('{{resolve:secretsmanager:');
    expect(JSON.stringify(header.HeaderValue)).toContain(secretId);
    for (const b of (config.CacheBehaviors as any[]).filter((x) => x.PathPattern !== '/images/*')) {
      expect(b.FunctionAssociations).toHaveLength(1);
      expect(b.FunctionAssociations[0].EventType).toBe('viewer-request');
      const fn = resources[refId(b.FunctionAssociations[0].FunctionARN)!];
      expect(fn.Properties.FunctionCode).toBe(CLIENT_IP_FUNCTION_CODE);
      expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    }
    // Every function behind the API reads it; the payment flow task is called by Step Functions and
    // the notifications' jobs by the scheduler and the stream, never through CloudFront, so they get
    // no access (least privilege).
    const domainFns = ofType('AWS::Lambda::Function').filter(([, f]) => String(f.Properties.FunctionName ?? '').startsWith(`ganaar-${STAGE}-`));
    const flowName = `ganaar-${STAGE}-${PAYMENT_FLOW_FUNCTION}`;
    const notCalledThroughCloudFront = [flowName, `ganaar-${STAGE}-${JOBS_FUNCTION}`];
    expect(domainFns.some(([, f]) => f.Properties.FunctionName === flowName)).toBe(true);
    for (const [, f] of domainFns) {
      const arn = f.Properties.Environment.Variables.ORIGIN_SECRET_ARN;
      if (notCalledThroughCloudFront.includes(f.Properties.FunctionName)) expect(arn).toBeUndefined();
      else expect(refId(arn)).toBe(secretId);
    }
  });

  it('the viewer-request function replaces a forged client IP and drops a forged origin secret', () => {
    // CloudFront Functions are plain ES5.1-style JavaScript: run the exact code on a request.
    const handler = new Function(`${CLIENT_IP_FUNCTION_CODE}; return handler;`)() as (e: any) => any;
    const out = handler({
      viewer: { ip: '198.51.100.7' },
      request: { headers: { 'x-ganaar-client-ip': { value: '1.2.3.4' }, 'x-ganaar-origin-verify': { value: 'guess' }, host: { value: 'x' } } },
    });
    expect(out.headers['x-ganaar-client-ip']).toEqual({ value: '198.51.100.7' });
    expect(out.headers['x-ganaar-origin-verify']).toBeUndefined();
    expect(out.headers.host).toEqual({ value: 'x' });
  });

  it('API Gateway throttles the stage and, tighter, every public row', () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage');
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: STAGE_THROTTLE.rateLimit,
      ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit,
    });
    const publicKeys = ROUTES.filter((r) => r.access === 'public').map(routeKey);
    expect(publicKeys).toContain('POST /api/login');
    expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual([...publicKeys].sort());
    for (const key of publicKeys) {
      expect(stage.Properties.RouteSettings[key]).toEqual({
        ThrottlingRateLimit: PUBLIC_ROUTE_THROTTLE.rateLimit,
        ThrottlingBurstLimit: PUBLIC_ROUTE_THROTTLE.burstLimit,
      });
    }
    // the stage is created after the routes it names
    const [stageId] = Object.keys(template.findResources('AWS::ApiGatewayV2::Stage'));
    const deps = [].concat((resources[stageId] as any).DependsOn ?? []);
    const routeIds = ofType('AWS::ApiGatewayV2::Route')
      .filter(([, r]) => publicKeys.includes(r.Properties.RouteKey))
      .map(([id]) => id);
    for (const id of routeIds) expect(deps).toContain(id);
  });
});

describe('product photos and storefront (online shop)', () => {
  it('the storefront API is matched before /api/*, caches GET a minute by ville and type, and still carries the viewer IP', () => {
    const [[, dist]] = ofType('AWS::CloudFront::Distribution');
    const behaviors = dist.Properties.DistributionConfig.CacheBehaviors as any[];
    const i = behaviors.findIndex((b) => b.PathPattern === '/api/vitrine/*');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(i).toBeLessThan(behaviors.findIndex((b) => b.PathPattern === '/api/*'));
    const b = behaviors[i];
    expect(b.FunctionAssociations).toHaveLength(1);
    expect(b.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    const policy = resources[refId(b.CachePolicyId)!].Properties.CachePolicyConfig;
    expect(policy.MinTTL).toBe(60);
    expect(policy.MaxTTL).toBe(60);
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig).toEqual({
      QueryStringBehavior: 'whitelist',
      QueryStrings: ['ville', 'type', 'apres', 'limite'],
    });
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin.CookiesConfig.CookieBehavior).toBe('none');
  });

  const domainFunctions = () => ofType('AWS::Lambda::Function').filter(([, f]) => String(f.Properties.FunctionName ?? '').startsWith(`ganaar-${STAGE}-`));
  const imagesBucketId = () => Object.keys(template.findResources('AWS::S3::Bucket')).find((id) => id.startsWith('ImagesBucket'))!;

  it('the images bucket expires replaced versions and abandoned uploads', () => {
    const rules = resources[imagesBucketId()].Properties.LifecycleConfiguration.Rules as any[];
    expect(rules).toContainEqual(expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }));
    expect(rules.some((r) => r.NoncurrentVersionExpiration)).toBe(true);
  });

  it('only the ecommerce Lambda may read and write objects, and only under images/ (no list, no delete)', () => {
    const id = imagesBucketId();
    const s3Statements = ofType('AWS::IAM::Policy').flatMap(([, p]) =>
      (p.Properties.PolicyDocument.Statement as any[])
        .filter((s) => JSON.stringify(s.Resource).includes(id))
        .map((s) => ({ roles: p.Properties.Roles.map(refId), s })),
    );
    const fnByRole = new Map(domainFunctions().map(([, f]) => [refId(f.Properties.Role), String(f.Properties.FunctionName)]));
    const withAccess = s3Statements.filter(({ roles }) => roles.some((r: string) => fnByRole.has(r)));
    expect(withAccess.length).toBeGreaterThan(0);
    for (const { roles, s } of withAccess) {
      expect(roles.map((r: string) => fnByRole.get(r))).toEqual([`ganaar-${STAGE}-ecommerce`]);
      expect([].concat(s.Action).sort()).toEqual(['s3:GetObject', 's3:PutObject']);
      expect(JSON.stringify(s.Resource)).toContain('/images/*');
    }
  });

  it('ships sharp for linux-arm64 beside the ecommerce bundle', () => {
    const [, f] = domainFunctions().find(([, fn]) => fn.Properties.FunctionName === `ganaar-${STAGE}-ecommerce`)!;
    expect(f.Properties.Architectures).toEqual(['arm64']);
    const dir = join(outdir, `asset.${String(f.Properties.Code.S3Key).replace(/\.zip$/, '')}`);
    expect(existsSync(join(dir, 'node_modules', 'sharp', 'package.json'))).toBe(true);
    expect(existsSync(join(dir, 'node_modules', '@img', 'sharp-linux-arm64'))).toBe(true);
    expect(existsSync(join(dir, 'node_modules', '@img', 'sharp-linux-x64'))).toBe(false);
  });

  it('CloudFront serves /images/* from the images bucket, GET/HEAD only, through origin access control (read only)', () => {
    const [[, dist]] = ofType('AWS::CloudFront::Distribution');
    const cfg = dist.Properties.DistributionConfig;
    const behavior = (cfg.CacheBehaviors as any[]).find((b) => b.PathPattern === '/images/*');
    expect(behavior).toBeDefined();
    expect(behavior.AllowedMethods).toEqual(['GET', 'HEAD']);
    const origin = (cfg.Origins as any[]).find((o) => o.Id === behavior.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain(imagesBucketId());
    expect(origin.OriginAccessControlId).toBeDefined();
    const policy = ofType('AWS::S3::BucketPolicy').find(([, p]) => refId(p.Properties.Bucket) === imagesBucketId())!;
    const cf = (policy[1].Properties.PolicyDocument.Statement as any[]).filter((s) => s.Principal?.Service === 'cloudfront.amazonaws.com');
    expect(cf.map((s) => s.Action)).toEqual(['s3:GetObject']);
  });
});

describe('shared documents', () => {
  const distribution = () => ofType('AWS::CloudFront::Distribution')[0];
  const fnOf = (domain: string) => ofType('AWS::Lambda::Function').find(([, f]) => f.Properties.FunctionName === `ganaar-${STAGE}-${domain}`)!;
  const statementsOf = (fnId: string) => {
    const roleId = refId(resources[fnId].Properties.Role)!;
    return ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: any) => refId(r) === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[]);
  };

  it("/p/* goes to the HTTP API, GET/HEAD only, cached by path only, as long as the page says and at most the route's bound", () => {
    const config = distribution()[1].Properties.DistributionConfig;
    const [apiId] = Object.keys(template.findResources('AWS::ApiGatewayV2::Api'));
    const apiOrigin = config.Origins.find((o: any) => JSON.stringify(o.DomainName).includes(`"Ref":"${apiId}"`));
    const b = (config.CacheBehaviors as any[]).find((x) => x.PathPattern === PAGE_PATH_PATTERN);
    expect(b).toMatchObject({ TargetOriginId: apiOrigin.Id, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER, Compress: true });
    expect([...b.AllowedMethods].sort()).toEqual(['GET', 'HEAD']);
    expect(b.FunctionAssociations).toHaveLength(1); // the viewer IP, for the page's per-IP limit
    expect(PAGE_CACHE_MAX_SECONDS).toBe(ROUTE_PAGE_CACHE_MAX_SECONDS);
    const policy = resources[refId(b.CachePolicyId)!].Properties.CachePolicyConfig;
    expect(policy).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: PAGE_CACHE_MAX_SECONDS });
    const key = policy.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.QueryStringsConfig.QueryStringBehavior).toBe('none');
    expect(key.HeadersConfig.HeaderBehavior).toBe('none');
    expect(key.CookiesConfig.CookieBehavior).toBe('none');
  });

  it("the links' signing key is a generated, retained secret that only the partage Lambda reads", () => {
    const [shareId, secret] = ofType('AWS::SecretsManager::Secret').find(([id]) => id.startsWith('ShareSecret'))!;
    expect(secret.Properties.GenerateSecretString.PasswordLength).toBeGreaterThanOrEqual(48);
    expect(secret.DeletionPolicy).toBe('Retain');
    const [partageId, partage] = fnOf('partage');
    const env = partage.Properties.Environment.Variables;
    expect(refId(env.SHARE_SECRET_ARN)).toBe(shareId);
    expect(JSON.stringify(env.PUBLIC_URL)).toContain(distribution()[0]);
    expect(refId(env.DISTRIBUTION_ID)).toBe(distribution()[0]);
    const reads = statementsOf(partageId).filter((st) => [].concat(st.Action).includes('secretsmanager:GetSecretValue' as never));
    expect(reads.some((st) => refId(st.Resource) === shareId)).toBe(true);
    for (const [id, f] of ofType('AWS::Lambda::Function')) {
      if (id === partageId) continue;
      expect(f.Properties.Environment?.Variables?.SHARE_SECRET_ARN, id).toBeUndefined();
      expect(JSON.stringify(statementsOf(id)), id).not.toContain(shareId);
    }
  });

  it('only the partage Lambda may invalidate, and only the one distribution', () => {
    const [partageId] = fnOf('partage');
    const inval = statementsOf(partageId).filter((st) => [].concat(st.Action).includes('cloudfront:CreateInvalidation' as never));
    expect(inval).toHaveLength(1);
    expect(JSON.stringify(inval[0].Resource)).toContain(distribution()[0]);
    for (const [id] of ofType('AWS::Lambda::Function')) {
      if (id === partageId) continue;
      const json = JSON.stringify(statementsOf(id));
      if (json.includes('cloudfront:CreateInvalidation')) expect(id, 'only the SPA deployment handler invalidates besides').toMatch(/CDKBucketDeployment/);
    }
  });
});
