// Production operations in the template: the alarm topic and its e-mail subscription,
// every alarm the runbook names and where it points, the dashboard, the monthly budget, the
// stuck-payment watch's schedule, the metrics namespace of every function, and the per-client
// limits at the edge (the WAF web ACL of CloudFront, in us-east-1). Synthesized without bundling
// (these assertions read no Lambda code; tests/infra/stack.test.ts checks the bundles).
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { GanaarApp } from '../../infra/cdk/ganaar-app';
import { appWithoutBundling } from '../helpers/cdk-app';
import { ALARM_THRESHOLDS, MONITORED_METRICS } from '../../infra/cdk/constructs/monitoring';
import { EDGE_LIMITS, PUBLIC_WRITE_PATHS } from '../../infra/cdk/edge-stack';
import { PUBLIC_ROUTE_THROTTLE, STAGE_THROTTLE } from '../../infra/cdk/constructs/http-api';
import { activeDomains } from '@shared/api/routes';

const STAGE = 'test';
let ganaar: GanaarApp;
let main: Template;
let edge: Template;
let resources: Record<string, { Type: string; Properties: Record<string, any> }>;
let remove: () => void;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

beforeAll(() => {
  ({ ganaar, remove } = appWithoutBundling({ stage: STAGE, mailFrom: 'no-reply@ganaar.test', alarmEmail: 'ops@ganaar.test', monthlyBudgetUsd: '75' }));
  main = Template.fromStack(ganaar.stack);
  edge = Template.fromStack(ganaar.edge);
  resources = main.toJSON().Resources;
});

afterAll(() => remove());

const alarmNamed = (id: string) => ofType('AWS::CloudWatch::Alarm').find(([, a]) => a.Properties.AlarmName === `ganaar-${STAGE}-${id}`)?.[1];
const topicId = () => Object.keys(main.findResources('AWS::SNS::Topic'))[0];

describe('the alarm topic', () => {
  it("is one SNS topic, TLS only, with the stage's e-mail subscription, open to Budgets and CloudWatch of this account", () => {
    main.resourceCountIs('AWS::SNS::Topic', 1);
    main.hasResourceProperties('AWS::SNS::Topic', { TopicName: `ganaar-${STAGE}-alarms` });
    main.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@ganaar.test', TopicArn: { Ref: topicId() } });
    const policy = JSON.stringify(main.findResources('AWS::SNS::TopicPolicy'));
    expect(policy).toContain('budgets.amazonaws.com');
    expect(policy).toContain('cloudwatch.amazonaws.com');
    expect(policy).toContain('aws:SecureTransport');
  });

  it('every alarm notifies it', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm');
    expect(alarms.length).toBeGreaterThan(30);
    for (const [, a] of alarms) expect(a.Properties.AlarmActions, a.Properties.AlarmName).toEqual([{ Ref: topicId() }]);
  });
});

describe('the alarms', () => {
  it("cover every Lambda's errors and throttles", () => {
    for (const name of [...activeDomains(), 'payments-flow']) {
      for (const kind of ['errors', 'throttles']) {
        const a = alarmNamed(`lambda-${kind}-${name}`);
        expect(a, `${kind} ${name}`).toBeDefined();
        expect(a!.Properties).toMatchObject({
          Namespace: 'AWS/Lambda',
          MetricName: kind === 'errors' ? 'Errors' : 'Throttles',
          Threshold: 1,
          Statistic: 'Sum',
        });
        expect(JSON.stringify(a!.Properties.Dimensions)).toContain('FunctionName');
      }
    }
  });

  it("cover the API's 5xx rate (a share of the requests) and its p99 latency", () => {
    const rate = alarmNamed('api-5xx-rate')!.Properties;
    expect(rate.Threshold).toBe(ALARM_THRESHOLDS.api5xxPercent);
    const expr = rate.Metrics.find((m: any) => m.Expression)?.Expression as string;
    expect(expr).toContain('100 * errors / requests');
    expect(
      rate.Metrics.map((m: any) => m.MetricStat?.Metric.MetricName)
        .filter(Boolean)
        .sort(),
    ).toEqual(['5xx', 'Count']);
    expect(alarmNamed('api-p99-latency')!.Properties).toMatchObject({
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: ALARM_THRESHOLDS.apiP99LatencyMs,
      EvaluationPeriods: 2,
    });
  });

  it('cover DynamoDB throttling and system errors, failed and timed-out payment flows', () => {
    for (const [id, metric] of [
      ['dynamodb-throttled', 'ThrottledRequests'],
      ['dynamodb-system-errors', 'SystemErrors'],
    ]) {
      const names = alarmNamed(id)!
        .Properties.Metrics.map((m: any) => m.MetricStat?.Metric.MetricName)
        .filter(Boolean);
      expect(names.length, id).toBeGreaterThan(0);
      expect(new Set(names)).toEqual(new Set([metric]));
    }
    expect(alarmNamed('payment-flow-failed')!.Properties).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsFailed', Threshold: 1 });
    expect(alarmNamed('payment-flow-timed-out')!.Properties).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsTimedOut', Threshold: 1 });
  });

  it('cover stuck payments (missing data breaches: the watch itself stopped), refused-webhook bursts, SES bounces and complaints', () => {
    expect(alarmNamed('payment-pending-too-long')!.Properties).toMatchObject({
      Namespace: `Ganaar/${STAGE}`,
      MetricName: 'PaymentsPendingTooLong',
      Threshold: 1,
      TreatMissingData: 'breaching',
    });
    expect(alarmNamed('webhooks-refused-burst')!.Properties).toMatchObject({
      Namespace: `Ganaar/${STAGE}`,
      MetricName: 'WebhooksRefused',
      Statistic: 'Sum',
      Threshold: ALARM_THRESHOLDS.webhooksRefused,
    });
    expect(alarmNamed('webhooks-refused-burst')!.Properties.Dimensions).toBeUndefined();
    expect(alarmNamed('ses-bounce-rate')!.Properties).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate' });
    expect(alarmNamed('ses-complaint-rate')!.Properties).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.ComplaintRate' });
  });

  it('each names its runbook entry', () => {
    for (const [, a] of ofType('AWS::CloudWatch::Alarm')) expect(a.Properties.AlarmDescription).toMatch(/Runbook: docs\/operations\.md/);
  });
});

describe('the watch, the metrics, the dashboard and the budget', () => {
  it("a schedule invokes the payment-flow Lambda's stuck-payment watch every 15 minutes", () => {
    const flowId = ofType('AWS::Lambda::Function').find(([, f]) => f.Properties.FunctionName === `ganaar-${STAGE}-payments-flow`)![0];
    main.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(15 minutes)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [flowId, 'Arn'] }, Input: JSON.stringify({ action: 'watchStuckPayments' }) })],
    });
    main.hasResourceProperties('AWS::Lambda::Permission', { Principal: 'events.amazonaws.com', FunctionName: { 'Fn::GetAtt': [flowId, 'Arn'] } });
  });

  it("every function writes its metrics to the stage's namespace", () => {
    const fns = ofType('AWS::Lambda::Function').filter(([, f]) => String(f.Properties.FunctionName ?? '').startsWith(`ganaar-${STAGE}-`));
    // One per domain, the payment flow's, the notifications jobs' (the morning summary, the death alert) and the origin authorizer.
    expect(fns.length).toBe(activeDomains().length + 3);
    for (const [, f] of fns) expect(f.Properties.Environment.Variables.METRICS_NAMESPACE, f.Properties.FunctionName).toBe(`Ganaar/${STAGE}`);
  });

  it('one dashboard shows the golden signals and every business metric', () => {
    const [, dash] = ofType('AWS::CloudWatch::Dashboard')[0];
    expect(dash.Properties.DashboardName).toBe(`ganaar-${STAGE}`);
    const body = JSON.stringify(dash.Properties.DashboardBody);
    for (const m of ['Count', '5xx', '4xx', 'Latency', 'Errors', 'Throttles', 'Duration', 'ConsumedReadCapacityUnits', 'ExecutionsFailed'])
      expect(body, m).toContain(`"${m}\\"`);
    for (const m of MONITORED_METRICS.filter((n) => !n.startsWith('Responses'))) expect(body, m).toContain(m);
  });

  it("a monthly cost budget of the stage's amount warns the topic at 80 % spent and 100 % forecast", () => {
    main.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 75, Unit: 'USD' }, CostFilters: { TagKeyValue: [`user:stage$${STAGE}`] } },
      NotificationsWithSubscribers: [
        { Notification: { NotificationType: 'ACTUAL', Threshold: 80 }, Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topicId() } }] },
        { Notification: { NotificationType: 'FORECASTED', Threshold: 100 }, Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topicId() } }] },
      ].map((n) => Match.objectLike({ Notification: Match.objectLike(n.Notification), Subscribers: n.Subscribers })),
    });
  });
});

describe('per-client limits at the edge (WAF)', () => {
  it('a CloudFront web ACL in us-east-1 limits each client IP on the API, the public writes and the webhooks', () => {
    expect(ganaar.edge.region).toBe('us-east-1');
    const [, acl] = Object.entries(edge.findResources('AWS::WAFv2::WebACL'))[0] as [string, any];
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
    const rules = Object.fromEntries((acl.Properties.Rules as any[]).map((r) => [r.Name, r]));
    const rate = (name: string) => rules[name].Statement.RateBasedStatement;
    expect(rate('api-per-ip')).toMatchObject({ Limit: EDGE_LIMITS.api, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    expect(rate('public-writes-per-ip')).toMatchObject({ Limit: EDGE_LIMITS.publicWrites, AggregateKeyType: 'IP' });
    expect(rate('webhooks-per-ip')).toMatchObject({ Limit: EDGE_LIMITS.webhooks, AggregateKeyType: 'IP' });
    for (const name of ['api-per-ip', 'public-writes-per-ip', 'webhooks-per-ip'])
      expect(rules[name].Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    // The public writes rule names each costly public row; the stricter rules come first.
    const paths = JSON.stringify(rate('public-writes-per-ip').ScopeDownStatement);
    for (const p of PUBLIC_WRITE_PATHS) expect(paths).toContain(`"${p}"`);
    expect(rules['public-writes-per-ip'].Priority).toBeLessThan(rules['api-per-ip'].Priority);
    expect(rules['webhooks-per-ip'].Priority).toBeLessThan(rules['api-per-ip'].Priority);
    expect(rules['aws-ip-reputation'].Statement.ManagedRuleGroupStatement.Name).toBe('AWSManagedRulesAmazonIpReputationList');
  });

  it("the distribution uses it, and the gateway's shared throttles are only a cost ceiling far above one client's limit", () => {
    const [, dist] = ofType('AWS::CloudFront::Distribution')[0];
    expect(JSON.stringify(dist.Properties.DistributionConfig.WebACLId)).toMatch(/WebAcl|ExportsReader|Fn::GetAtt/);
    // One client's steady API limit (per second) is a small share of the stage's cap.
    expect(EDGE_LIMITS.api / 300).toBeLessThan(STAGE_THROTTLE.rateLimit / 10);
    expect(EDGE_LIMITS.publicWrites / 300).toBeLessThan(PUBLIC_ROUTE_THROTTLE.rateLimit / 10);
    main.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: STAGE_THROTTLE.rateLimit, ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit },
    });
  });
});
