// The deployed template, asserted from the CDK app itself (synthesized once, with real esbuild
// bundling and a built SPA): API routes = the route table, each wired to its domain's Lambda,
// the functions, the table, the secret, the buckets, CloudFront, and cdk-nag clean.
import { Match, Template } from 'aws-cdk-lib/assertions';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGanaarApp, type GanaarApp } from '../../infra/cdk/ganaar-app';
import { awsSolutionsChecks } from '../../infra/cdk/nag';
import { ROUTES, activeDomains, routeKey } from '../../shared/api/routes';
import { TABLE } from '../../shared/table';
import { readConfig } from '../../functions/lib/config';

// Managed CloudFront policy ids (documented by AWS, stable).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const SECURITY_HEADERS = '67f7725c-6f97-4210-82d7-5512b31e9d03';

const STAGE = 'test';
const MAIL_FROM = 'no-reply@ganaar.test';

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
}, 120_000);

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

  it('integrates every route with the Lambda of its row\'s domain (proxy, payload 2.0)', () => {
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
  const domainFunctions = () =>
    ofType('AWS::Lambda::Function').filter(([, f]) => String(f.Properties.FunctionName ?? '').startsWith(`ganaar-${STAGE}-`));

  it('one function per active domain: Node.js 22, arm64, 512 MB, 10 s, JSON logs', () => {
    const fns = domainFunctions();
    expect(fns.map(([, f]) => f.Properties.FunctionName).sort()).toEqual(activeDomains().map((d) => `ganaar-${STAGE}-${d}`).sort());
    for (const [, f] of fns) {
      expect(f.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: 512,
        Timeout: 10,
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
    }
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
      expect(statements).toContainEqual(
        expect.objectContaining({ Action: 'ses:SendEmail', Condition: { StringEquals: { 'ses:FromAddress': MAIL_FROM } } }),
      );
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
      expect(statements).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
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
      ResponseHeadersPolicyId: SECURITY_HEADERS,
    });
    expect(config.DefaultRootObject).toBe('index.html');

    const byPattern = new Map((config.CacheBehaviors as any[]).map((b) => [b.PathPattern, b]));
    expect([...byPattern.keys()].sort()).toEqual(['/admin/*', '/api/*']);
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
    for (const row of ROUTES) expect(row.path, routeKey(row)).toMatch(/^\/(api|admin)\//);
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
