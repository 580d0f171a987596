// The edge cannot be bypassed: a request sent to API Gateway's own address (execute-api) instead
// of CloudFront reaches no handler, because every route's authorizer wants CloudFront's origin
// secret (functions/acces/origin-authorizer.ts); and the operator hears of floods of 429 and of
// any 5xx. Synthesized without bundling (nothing here reads Lambda code).
import { Template } from 'aws-cdk-lib/assertions';
import type { GanaarApp } from '../../infra/cdk/ganaar-app';
import { appWithoutBundling } from '../helpers/cdk-app';
import { ALARM_THRESHOLDS, API_429_METRIC } from '../../infra/cdk/constructs/monitoring';
import { ORIGIN_AUTHORIZER_CACHE } from '../../infra/cdk/constructs/http-api';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/origin-headers';
import { ROUTES } from '@shared/api/routes';

const STAGE = 'test';
let ganaar: GanaarApp;
let main: Template;
let resources: Record<string, { Type: string; Properties: Record<string, any> }>;
let remove: () => void;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

beforeAll(() => {
  ({ ganaar, remove } = appWithoutBundling({ stage: STAGE, mailFrom: 'no-reply@ganaar.test', alarmEmail: 'ops@ganaar.test', monthlyBudgetUsd: '75' }));
  main = Template.fromStack(ganaar.stack);
  resources = main.toJSON().Resources;
});

afterAll(() => remove());

describe("API Gateway's own address", () => {
  it('has one authorizer: a Lambda reading the origin-secret header, simple answers, cached an hour', () => {
    const authorizers = ofType('AWS::ApiGatewayV2::Authorizer');
    expect(authorizers).toHaveLength(1);
    const [, a] = authorizers[0];
    expect(a.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      EnableSimpleResponses: true,
      AuthorizerPayloadFormatVersion: '2.0',
      AuthorizerResultTtlInSeconds: ORIGIN_AUTHORIZER_CACHE.toSeconds(),
    });
    // Its function is the origin authorizer, which may read the origin secret and nothing else.
    const fn = ofType('AWS::Lambda::Function').find(([, f]) => f.Properties.FunctionName === `ganaar-${STAGE}-origin-authorizer`);
    expect(fn).toBeDefined();
    expect(JSON.stringify(a.Properties.AuthorizerUri)).toContain(fn![0]);
    const env = fn![1].Properties.Environment.Variables;
    expect(env.ORIGIN_SECRET_ARN).toBeDefined();
    expect(env.TABLE_NAME).toBeUndefined();
    expect(env.JWT_SECRET_ARN).toBeUndefined();
  });

  it('every route of the table, public ones included, goes through it', () => {
    const authorizerId = ofType('AWS::ApiGatewayV2::Authorizer')[0][0];
    const routes = ofType('AWS::ApiGatewayV2::Route');
    expect(routes).toHaveLength(ROUTES.length);
    for (const [, r] of routes) {
      expect(r.Properties.AuthorizationType, r.Properties.RouteKey).toBe('CUSTOM');
      expect(r.Properties.AuthorizerId, r.Properties.RouteKey).toEqual({ Ref: authorizerId });
    }
  });

  it('CloudFront sends the header the authorizer reads, with the secret the authorizer compares', () => {
    const dist = JSON.stringify(Template.fromStack(ganaar.stack).findResources('AWS::CloudFront::Distribution'));
    expect(dist).toContain(`"HeaderName":"${ORIGIN_VERIFY_HEADER}"`);
    const secretId = Object.entries(resources).find(([id, r]) => r.Type === 'AWS::SecretsManager::Secret' && id.startsWith('OriginSecret'))![0];
    expect(dist).toContain(secretId);
    const fn = ofType('AWS::Lambda::Function').find(([, f]) => f.Properties.FunctionName === `ganaar-${STAGE}-origin-authorizer`)!;
    expect(fn[1].Properties.Environment.Variables.ORIGIN_SECRET_ARN).toEqual({ Ref: secretId });
  });
});

describe('the alarms of the API', () => {
  const alarmNamed = (id: string) => ofType('AWS::CloudWatch::Alarm').find(([, a]) => a.Properties.AlarmName === `ganaar-${STAGE}-${id}`)?.[1];

  it("count the access logs' 429 lines (HTTP APIs publish no 429 metric) and alarm past the threshold", () => {
    const logGroupId = Object.keys(resources).find((id) => resources[id].Type === 'AWS::Logs::LogGroup' && id.startsWith('HttpApiAccessLogs'))!;
    expect(logGroupId).toBeDefined();
    main.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: logGroupId },
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [{ MetricNamespace: `Ganaar/${STAGE}`, MetricName: API_429_METRIC, MetricValue: '1', DefaultValue: 0 }],
    });
    expect(alarmNamed('api-429-burst')!.Properties).toMatchObject({
      Namespace: `Ganaar/${STAGE}`,
      MetricName: API_429_METRIC,
      Statistic: 'Sum',
      Period: 300,
      Threshold: ALARM_THRESHOLDS.api429,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    // The access log line carries the status the filter reads.
    const stage = ofType('AWS::ApiGatewayV2::Stage')[0][1];
    expect(JSON.parse(stage.Properties.AccessLogSettings.Format).status).toBe('$context.status');
  });

  it('alarm on 5xx answers counted, not only on their rate', () => {
    const apiId = ofType('AWS::ApiGatewayV2::Api')[0][0];
    expect(alarmNamed('api-5xx-count')!.Properties).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Statistic: 'Sum',
      Period: 300,
      Threshold: ALARM_THRESHOLDS.api5xxCount,
      Dimensions: [{ Name: 'ApiId', Value: { Ref: apiId } }],
    });
    expect(alarmNamed('api-5xx-rate')).toBeDefined();
  });
});

describe("the authorizer's role", () => {
  it('may read the origin secret and write its logs, nothing else', () => {
    const fn = ofType('AWS::Lambda::Function').find(([, f]) => f.Properties.FunctionName === `ganaar-${STAGE}-origin-authorizer`)![1];
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const secretId = Object.entries(resources).find(([id, r]) => r.Type === 'AWS::SecretsManager::Secret' && id.startsWith('OriginSecret'))![0];
    const actions = ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
      .map((st: any) => ({ actions: [].concat(st.Action), resource: JSON.stringify(st.Resource) }));
    const nonLogs = actions.filter((a) => !a.actions.every((x: string) => x.startsWith('logs:')));
    expect(nonLogs.length).toBeGreaterThan(0);
    for (const a of nonLogs) {
      expect(a.actions.every((x: string) => x.startsWith('secretsmanager:'))).toBe(true);
      expect(a.resource).toContain(secretId);
    }
  });
});
