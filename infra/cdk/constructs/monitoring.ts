// What tells the operator that Ganaar is unwell (docs/operations.md is the runbook of each alarm):
// one SNS topic (its e-mail subscription is a stage parameter) receiving every alarm and the
// monthly budget's warnings; alarms on every Lambda's errors and throttles, the API's 5xx rate and
// p99 latency, DynamoDB throttling and system errors, failed and timed-out payment flows, payments
// left pending longer than their flow allows (the scheduled watch of functions/paiements/watch.ts),
// bursts of refused webhooks, SES bounces and complaints; a dashboard with the golden signals and
// the business metrics of functions/lib/metrics.ts (same names, namespace `Ganaar/<stage>`).
import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { METRICS, type MetricName } from '../../../functions/lib/metrics';
import { acknowledgeNag } from '../nag';
import { monitoringDashboard, TABLE_OPERATIONS } from './monitoring-dashboard';

/** Thresholds, in one place for the runbook and the tests. */
export const ALARM_THRESHOLDS = {
  /** API answers that are 5xx, percent of requests over 5 minutes (with at least MIN_REQUESTS). */
  api5xxPercent: 1,
  api5xxMinRequests: 20,
  /**
   * API answers 429 (API Gateway's own throttling, and the application's per-client limits) in 5
   * minutes: a few are clients past their limit; this many is a flood, or limits that lock real
   * users out.
   */
  api429: 50,
  /** API answers 5xx in 5 minutes, whatever the traffic (the rate alarm needs 20 requests). */
  api5xxCount: 5,
  /** p99 of API Gateway's latency, ms, two 5-minute periods in a row. */
  apiP99LatencyMs: 3000,
  /** Refused webhooks (every provider and reason) in 5 minutes. */
  webhooksRefused: 20,
  /** SES reputation: AWS reviews an account past 5 % bounces or 0.1 % complaints; we warn at half. */
  sesBounceRate: 0.025,
  sesComplaintRate: 0.0005,
} as const;

/** The metric the API access logs' 429 lines become (namespace `Ganaar/<stage>`). */
export const API_429_METRIC = 'Api429';

/** The stuck-payment watch runs this often (EventBridge schedule of the payment-flow Lambda). */
export const WATCH_EVERY = Duration.minutes(15);

/** DynamoDB operations the code makes (the IAM contract lists them): the throttling and error alarms sum these. */
export interface MonitoringProps {
  stage: string;
  /** Every Lambda of the stage, by the name that ends its function name (`auth`, `payments-flow`…). */
  functions: ReadonlyMap<string, lambda.IFunction>;
  api: HttpApi;
  /** The API's access logs (JSON, one line per request with its `status`): HTTP APIs publish no 429 metric. */
  apiAccessLogs: logs.ILogGroup;
  table: dynamodb.ITable;
  stateMachine: sfn.IStateMachine;
  /** The payment-flow Lambda: the schedule invokes its stuck-payment watch. */
  flowFunction: lambda.IFunction;
  /** The namespace of the EMF metrics (`Ganaar/<stage>`). */
  namespace: string;
  /** Where the operator receives alarms; none = the topic without a subscription (synth warns). */
  alarmEmail?: string;
  /** Monthly cost budget of the stage, USD (AWS Budgets works in the account's currency, USD). */
  monthlyBudgetUsd: number;
}

export class GanaarMonitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;
  readonly budget: budgets.CfnBudget;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.topic = new sns.Topic(this, 'AlarmTopic', {
      topicName: `ganaar-${props.stage}-alarms`,
      displayName: `Ganaar ${props.stage} alarms`,
      enforceSSL: true,
    });
    // AWS Budgets publishes its warnings to the topic itself; CloudWatch alarms of this account too.
    for (const service of ['budgets.amazonaws.com', 'cloudwatch.amazonaws.com']) {
      this.topic.addToResourcePolicy(
        new iam.PolicyStatement({
          actions: ['sns:Publish'],
          principals: [new iam.ServicePrincipal(service)],
          resources: [this.topic.topicArn],
          conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
        }),
      );
    }
    acknowledgeNag(this.topic, {
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm and budget notifications carry metric names and thresholds, no customer data; encrypting them would need a customer-managed KMS key whose policy admits CloudWatch and Budgets, a cost without a secret to protect.',
    });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const notify = new actions.SnsAction(this.topic);

    const alarm = (
      id: string,
      metric: cloudwatch.IMetric,
      opts: { threshold: number; description: string; periods?: number; missing?: cloudwatch.TreatMissingData; comparison?: cloudwatch.ComparisonOperator },
    ) => {
      const a = new cloudwatch.Alarm(this, id, {
        alarmName: `ganaar-${props.stage}-${id}`,
        alarmDescription: `${opts.description} Runbook: docs/operations.md, "${id}".`,
        metric,
        threshold: opts.threshold,
        evaluationPeriods: opts.periods ?? 1,
        datapointsToAlarm: opts.periods ?? 1,
        comparisonOperator: opts.comparison ?? cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: opts.missing ?? cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(notify);
      this.alarms.push(a);
      return a;
    };
    const five = Duration.minutes(5);
    const own = (name: MetricName, statistic = 'Sum', period = five, dimensionsMap?: Record<string, string>) =>
      new cloudwatch.Metric({ namespace: props.namespace, metricName: name, statistic, period, dimensionsMap });

    // ── every Lambda ──
    for (const [name, fn] of props.functions) {
      alarm(`lambda-errors-${name}`, fn.metricErrors({ period: five, statistic: 'Sum' }), {
        threshold: 1,
        description: `The ${name} Lambda threw (an unhandled error, a timeout or a crash).`,
      });
      alarm(`lambda-throttles-${name}`, fn.metricThrottles({ period: five, statistic: 'Sum' }), {
        threshold: 1,
        description: `The ${name} Lambda was throttled (account or function concurrency).`,
      });
    }

    // ── the API ──
    const requests = props.api.metricCount({ period: five, statistic: 'Sum' });
    const errors5xx = props.api.metricServerError({ period: five, statistic: 'Sum' });
    alarm(
      'api-5xx-rate',
      new cloudwatch.MathExpression({
        expression: `IF(requests >= ${ALARM_THRESHOLDS.api5xxMinRequests}, 100 * errors / requests, 0)`,
        usingMetrics: { requests, errors: errors5xx },
        period: five,
        label: 'API 5xx %',
      }),
      { threshold: ALARM_THRESHOLDS.api5xxPercent, description: `More than ${ALARM_THRESHOLDS.api5xxPercent} % of API answers were 5xx over 5 minutes.` },
    );
    alarm('api-5xx-count', errors5xx, {
      threshold: ALARM_THRESHOLDS.api5xxCount,
      description: `At least ${ALARM_THRESHOLDS.api5xxCount} API answers were 5xx in 5 minutes (every 5xx is a bug).`,
    });
    // HTTP APIs publish 4xx and 5xx, not 429: the access logs' lines with status 429 are counted
    // into a metric of our namespace.
    const throttled = new logs.MetricFilter(this, 'Api429Filter', {
      logGroup: props.apiAccessLogs,
      filterPattern: logs.FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: props.namespace,
      metricName: API_429_METRIC,
      metricValue: '1',
      defaultValue: 0,
    });
    alarm('api-429-burst', throttled.metric({ period: five, statistic: 'Sum' }), {
      threshold: ALARM_THRESHOLDS.api429,
      description: `At least ${ALARM_THRESHOLDS.api429} API answers were 429 in 5 minutes (a flood, or limits locking real users out).`,
    });
    alarm('api-p99-latency', props.api.metricLatency({ period: five, statistic: 'p99' }), {
      threshold: ALARM_THRESHOLDS.apiP99LatencyMs,
      periods: 2,
      description: `The API's p99 latency stayed above ${ALARM_THRESHOLDS.apiP99LatencyMs} ms for 10 minutes.`,
    });

    // ── the table ──
    alarm('dynamodb-throttled', props.table.metricThrottledRequestsForOperations({ operations: [...TABLE_OPERATIONS] as dynamodb.Operation[], period: five }), {
      threshold: 1,
      description: 'DynamoDB throttled requests of the table (or its index).',
    });
    alarm('dynamodb-system-errors', props.table.metricSystemErrorsForOperations({ operations: [...TABLE_OPERATIONS] as dynamodb.Operation[], period: five }), {
      threshold: 1,
      description: "DynamoDB answered internal errors (HTTP 500) to the table's requests.",
    });

    // ── payments ──
    alarm('payment-flow-failed', props.stateMachine.metricFailed({ period: five, statistic: 'Sum' }), {
      threshold: 1,
      description: 'A payment flow execution failed.',
    });
    alarm('payment-flow-timed-out', props.stateMachine.metricTimedOut({ period: five, statistic: 'Sum' }), {
      threshold: 1,
      description: 'A payment flow execution timed out.',
    });
    alarm('payment-pending-too-long', own('PaymentsPendingTooLong', 'Maximum', Duration.minutes(30)), {
      threshold: 1,
      // The watch reports every run (0 included): no data means the watch itself stopped.
      missing: cloudwatch.TreatMissingData.BREACHING,
      description: 'A payment is still PENDING longer than its flow can last (or the stuck-payment watch stopped reporting).',
    });
    alarm('webhooks-refused-burst', own('WebhooksRefused'), {
      threshold: ALARM_THRESHOLDS.webhooksRefused,
      description: `At least ${ALARM_THRESHOLDS.webhooksRefused} provider webhooks refused in 5 minutes (a rotated secret on one side only, or a flood).`,
    });

    // ── mail ──
    const ses = (metricName: string) => new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.minutes(15) });
    alarm('ses-bounce-rate', ses('Reputation.BounceRate'), {
      threshold: ALARM_THRESHOLDS.sesBounceRate,
      description: "The account's SES bounce rate is climbing towards AWS's 5 % review threshold.",
    });
    alarm('ses-complaint-rate', ses('Reputation.ComplaintRate'), {
      threshold: ALARM_THRESHOLDS.sesComplaintRate,
      description: "The account's SES complaint rate is climbing towards AWS's 0.1 % review threshold.",
    });

    // ── the stuck-payment watch's schedule ──
    new events.Rule(this, 'PaymentWatchSchedule', {
      description: `Ganaar ${props.stage}: stuck-payment watch (functions/paiements/watch.ts)`,
      schedule: events.Schedule.rate(WATCH_EVERY),
      targets: [
        new targets.LambdaFunction(props.flowFunction, { event: events.RuleTargetInput.fromObject({ action: 'watchStuckPayments' }), retryAttempts: 2 }),
      ],
    });

    // ── the budget ──
    this.budget = new budgets.CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetName: `ganaar-${props.stage}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
        // Resources carry the tag stage=<stage> (ganaar-app.ts); it must be activated once as a
        // cost allocation tag in the Billing console (docs/deploy.md).
        costFilters: { TagKeyValue: [`user:stage$${props.stage}`] },
      },
      notificationsWithSubscribers: [
        {
          notification: { notificationType: 'ACTUAL', comparisonOperator: 'GREATER_THAN', threshold: 80, thresholdType: 'PERCENTAGE' },
          subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
        },
        {
          notification: { notificationType: 'FORECASTED', comparisonOperator: 'GREATER_THAN', threshold: 100, thresholdType: 'PERCENTAGE' },
          subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
        },
      ],
    });
    this.budget.node.addDependency(this.topic);

    // ── the dashboard ──
    this.dashboard = monitoringDashboard(this, props, this.alarms);
  }
}

/** The metric names the dashboard and alarms read, for the tests: every one is emitted by functions/lib/metrics.ts. */
export const MONITORED_METRICS = Object.keys(METRICS) as MetricName[];
