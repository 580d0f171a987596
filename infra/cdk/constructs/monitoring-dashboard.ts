// The stage's CloudWatch dashboard: the golden signals (traffic, errors, latency, saturation) of
// the API, the Lambdas, the table and the payment flow, then the business metrics of
// functions/lib/metrics.ts, and the state of every alarm.
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { MetricName } from '../../../functions/lib/metrics';

/** The table operations whose throttles and system errors are summed (alarms and dashboard). */
export const TABLE_OPERATIONS = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'BatchGetItem', 'TransactWriteItems'] as const;

export interface DashboardProps {
  stage: string;
  namespace: string;
  functions: ReadonlyMap<string, lambda.IFunction>;
  api: HttpApi;
  table: dynamodb.ITable;
  stateMachine: sfn.IStateMachine;
}

/** Made in `scope` (the monitoring construct) with the id `Dashboard`. */
export function monitoringDashboard(scope: Construct, props: DashboardProps, alarms: cloudwatch.IAlarm[]): cloudwatch.Dashboard {
  const five = Duration.minutes(5);
  const own = (name: MetricName, statistic = 'Sum', period = five, dimensionsMap?: Record<string, string>) =>
    new cloudwatch.Metric({ namespace: props.namespace, metricName: name, statistic, period, dimensionsMap });
  const requests = props.api.metricCount({ period: five, statistic: 'Sum' });
  const errors5xx = props.api.metricServerError({ period: five, statistic: 'Sum' });
  const fns = [...props.functions.values()];
  const graph = (title: string, left: cloudwatch.IMetric[], width = 8) => new cloudwatch.GraphWidget({ title, left, width, height: 6 });
  const byProvider = (name: MetricName) =>
    ['wave', 'orange_money'].map((provider) => own(name, 'Sum', five, { provider }).with({ label: `${name} ${provider}` }));
  return new cloudwatch.Dashboard(scope, 'Dashboard', {
    dashboardName: `ganaar-${props.stage}`,
    widgets: [
      [
        new cloudwatch.TextWidget({
          markdown: `# Ganaar ${props.stage}\nGolden signals, then business metrics (${props.namespace}). Runbook: docs/operations.md`,
          width: 24,
          height: 2,
        }),
      ],
      [
        graph('API requests (traffic)', [requests.with({ label: 'requests' })]),
        graph('API errors', [props.api.metricClientError({ period: five, statistic: 'Sum' }).with({ label: '4xx' }), errors5xx.with({ label: '5xx' })]),
        graph('API latency (ms)', [
          props.api.metricLatency({ period: five, statistic: 'p50' }).with({ label: 'p50' }),
          props.api.metricLatency({ period: five, statistic: 'p99' }).with({ label: 'p99' }),
        ]),
      ],
      [
        graph(
          'Lambda errors',
          fns.map((f) => f.metricErrors({ period: five, statistic: 'Sum' })),
        ),
        graph(
          'Lambda throttles',
          fns.map((f) => f.metricThrottles({ period: five, statistic: 'Sum' })),
        ),
        graph(
          'Lambda duration p99 (saturation)',
          fns.map((f) => f.metricDuration({ period: five, statistic: 'p99' })),
        ),
      ],
      [
        graph(
          'DynamoDB consumed capacity',
          [props.table.metricConsumedReadCapacityUnits({ period: five }), props.table.metricConsumedWriteCapacityUnits({ period: five })],
          6,
        ),
        // One expression per graph: both sum the same per-operation metrics, whose ids would clash.
        graph(
          'DynamoDB throttled',
          [props.table.metricThrottledRequestsForOperations({ operations: [...TABLE_OPERATIONS] as dynamodb.Operation[], period: five })],
          6,
        ),
        graph(
          'DynamoDB system errors',
          [props.table.metricSystemErrorsForOperations({ operations: [...TABLE_OPERATIONS] as dynamodb.Operation[], period: five })],
          6,
        ),
        graph(
          'Payment flows',
          [
            props.stateMachine.metricStarted({ period: five }),
            props.stateMachine.metricSucceeded({ period: five }),
            props.stateMachine.metricFailed({ period: five }),
            props.stateMachine.metricTimedOut({ period: five }),
          ],
          6,
        ),
      ],
      [
        graph('Sign-ups and logins', [own('SignUps'), own('LoginsRefused'), own('LoginsLocked')]),
        graph('Payments by provider', [
          ...byProvider('PaymentsStarted'),
          ...byProvider('PaymentsConfirmed'),
          ...byProvider('PaymentsFailed'),
          ...byProvider('PaymentsExpired'),
        ]),
        graph('Webhooks refused, stuck payments', [own('WebhooksRefused'), own('PaymentsPendingTooLong', 'Maximum', Duration.minutes(30))]),
      ],
      [
        graph(
          'Sales and orders',
          [
            own('SalesRecorded'),
            own('OrdersRecorded', 'Sum', five, { channel: 'boutique' }).with({ label: 'orders boutique' }),
            own('OrdersRecorded', 'Sum', five, { channel: 'vitrine' }).with({ label: 'orders vitrine' }),
          ],
          12,
        ),
        new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms, width: 12, height: 6 }),
      ],
    ],
  });
}
