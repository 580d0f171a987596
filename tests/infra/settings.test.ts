// CDK app settings (context beats environment, checked, offline defaults) and a synth without a
// built SPA: no deployment, a warning, cdk-nag still clean. Bundling is skipped here with CDK's own
// `aws:cdk:bundling-stacks` context; stack.test.ts covers the real bundles.
import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGanaarApp, type GanaarApp } from '../../infra/cdk/ganaar-app';
import { awsSolutionsChecks } from '../../infra/cdk/nag';
import { DEFAULT_REGION, PLACEHOLDER_MAIL_FROM, readSettings } from '../../infra/cdk/settings';
import { ROUTES } from '@shared/api/routes';

const settings = (context: Record<string, unknown> = {}, env: NodeJS.ProcessEnv = {}) => readSettings(new App({ context }), env);

describe('settings', () => {
  it('work offline with no context and no environment', () => {
    expect(settings()).toEqual({
      stage: 'prod',
      mailFrom: PLACEHOLDER_MAIL_FROM,
      mailFromConfigured: false,
      trialDays: 30,
      tokenTtlHours: 72,
      jwtKeyVersion: '1',
      account: undefined,
      region: DEFAULT_REGION,
      publicUrl: undefined,
      waveApiUrl: 'https://api.wave.com',
      orangeMoneyApiUrl: 'https://api.orange-sonatel.com',
      alarmEmail: undefined,
      monthlyBudgetUsd: 50,
    });
  });

  it('take the alarm e-mail and the monthly budget of the stage, checked', () => {
    expect(settings({ alarmEmail: 'ops@ganaar.sn', monthlyBudgetUsd: '120' })).toMatchObject({ alarmEmail: 'ops@ganaar.sn', monthlyBudgetUsd: 120 });
    expect(() => settings({ alarmEmail: 'ops' })).toThrow(/alarmEmail "ops" is not an e-mail address/);
    expect(() => settings({ monthlyBudgetUsd: '-3' })).toThrow(/monthlyBudgetUsd must be a positive integer/);
  });

  it("take the payment settings (https only): public URL, providers' API URLs", () => {
    expect(settings({ publicUrl: 'https://app.ganaar.sn/', orangeMoneyApiUrl: 'https://api.sandbox.orange-sonatel.com' })).toMatchObject({
      publicUrl: 'https://app.ganaar.sn',
      orangeMoneyApiUrl: 'https://api.sandbox.orange-sonatel.com',
      waveApiUrl: 'https://api.wave.com',
    });
    expect(() => settings({ publicUrl: 'http://app.ganaar.sn' })).toThrow(/publicUrl .* must be an https URL/);
  });

  it('take the environment, and context over it', () => {
    const env = {
      GANAAR_STAGE: 'staging',
      MAIL_FROM: 'env@ganaar.sn',
      TRIAL_DAYS: '14',
      TOKEN_TTL_HOURS: '12',
      AWS_REGION: 'af-south-1',
      CDK_DEFAULT_ACCOUNT: '123456789012',
    };
    expect(settings({}, env)).toMatchObject({
      stage: 'staging',
      mailFrom: 'env@ganaar.sn',
      mailFromConfigured: true,
      trialDays: 14,
      tokenTtlHours: 12,
      region: 'af-south-1',
      account: '123456789012',
    });
    expect(settings({ stage: 'dev-awa', mailFrom: 'ctx@ganaar.sn', trialDays: 7, region: 'eu-west-3', jwtKeyVersion: '2026-11-21' }, env)).toMatchObject({
      stage: 'dev-awa',
      jwtKeyVersion: '2026-11-21',
      mailFrom: 'ctx@ganaar.sn',
      trialDays: 7,
      region: 'eu-west-3',
    });
  });

  it('ignore CDK_DEFAULT_REGION, which the CLI sets to us-east-1 when nothing is configured', () => {
    expect(settings({}, { CDK_DEFAULT_REGION: 'us-east-1' }).region).toBe(DEFAULT_REGION);
  });

  it('refuse a bad stage, sender or trial length with a clear message', () => {
    expect(() => settings({ stage: 'Prod_1' })).toThrow(/stage "Prod_1" is invalid/);
    expect(() => settings({ mailFrom: 'not-an-address' })).toThrow(/mailFrom "not-an-address" is not an e-mail address/);
    expect(() => settings({ trialDays: '0' })).toThrow(/trialDays must be a positive integer/);
    expect(() => settings({ tokenTtlHours: '1.5' })).toThrow(/tokenTtlHours must be a positive integer/);
    expect(() => settings({ jwtKeyVersion: 'two words' })).toThrow(/jwtKeyVersion "two words" is invalid/);
  });
});

describe('synth without web/dist and without a mail sender', () => {
  let ganaar: GanaarApp;
  let template: Template;
  let outdir: string;

  beforeAll(() => {
    outdir = mkdtempSync(join(tmpdir(), 'ganaar-cdk-'));
    ganaar = createGanaarApp({
      context: { 'aws:cdk:bundling-stacks': [] },
      env: {},
      outdir,
      webDistDir: join(outdir, 'no-such-dist'),
      // The templates' CloudFormation validation runs on stack.test.ts's synth of the same app.
      cloudFormationValidation: false,
    });
    template = Template.fromStack(ganaar.stack);
  });

  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('still builds the stack, routes included, but deploys no SPA and says why', () => {
    expect(ganaar.stack.stackName).toBe('Ganaar-prod');
    template.resourceCountIs('AWS::ApiGatewayV2::Route', ROUTES.length);
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    Annotations.fromStack(ganaar.stack).hasWarning('/Ganaar-prod/Web', Match.stringLikeRegexp('has no index.html: the SPA is NOT deployed'));
  });

  it('warns that recovery mail cannot be sent until a sender is given', () => {
    Annotations.fromStack(ganaar.stack).hasWarning('/Ganaar-prod', Match.stringLikeRegexp('No mail sender set'));
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ MAIL_FROM: PLACEHOLDER_MAIL_FROM }) },
    });
  });

  it('is cdk-nag clean too', () => {
    const report = awsSolutionsChecks(ganaar.app).validateScope(ganaar.app);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });
});
