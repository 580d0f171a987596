// Business and error metrics as CloudWatch Embedded Metric Format: a JSON log line that
// CloudWatch Logs turns into metrics, no API call and no latency (the line goes out through
// functions/lib/log.ts's sink, so locally and in the tests it is visible like any log line).
// Low cardinality by construction: the only dimensions are the ones named below (domain,
// provider, reason, channel), never a business or a user; the request's ids ride along as plain
// properties of the line, which CloudWatch keeps in the log but not in the metric.
// The namespace is per stage (METRICS_NAMESPACE, set by CDK: `Ganaar/<stage>`), so staging and
// prod in one account never add up; the alarms and the dashboard of
// infra/cdk/constructs/monitoring.ts read the same names.
import { contextFields, writeLine } from './log';

/** Every metric Ganaar emits, with the dimensions each may carry. */
export const METRICS = {
  SignUps: [],
  LoginsRefused: [],
  LoginsLocked: [],
  PaymentsStarted: ['provider'],
  PaymentsConfirmed: ['provider'],
  PaymentsFailed: ['provider'],
  PaymentsExpired: ['provider'],
  PaymentsPendingTooLong: [],
  WebhooksRefused: ['provider', 'reason'],
  SalesRecorded: [],
  OrdersRecorded: ['channel'],
  Responses4xx: ['domain'],
  Responses5xx: ['domain'],
} as const satisfies Record<string, readonly string[]>;

export type MetricName = keyof typeof METRICS;
type DimsOf<M extends MetricName> = { [K in (typeof METRICS)[M][number]]: string };

export const DEFAULT_NAMESPACE = 'Ganaar/local';

function metricsNamespace(env: NodeJS.ProcessEnv = process.env): string {
  return env.METRICS_NAMESPACE || DEFAULT_NAMESPACE;
}

/**
 * Counts one occurrence (or `value`). Each metric is published twice: per its dimensions and, with
 * an empty dimension set, as one total the alarms can watch (`WebhooksRefused` of every provider
 * and reason together).
 */
export function countMetric<M extends MetricName>(
  name: M,
  ...args: (typeof METRICS)[M]['length'] extends 0 ? [value?: number] : [dims: DimsOf<M>, value?: number]
): void {
  const names = METRICS[name] as readonly string[];
  const dims = (names.length ? args[0] : {}) as Record<string, string>;
  const value = (names.length ? args[1] : args[0]) as number | undefined;
  const dimensionSets: string[][] = names.length ? [[...names], []] : [[]];
  writeLine(
    JSON.stringify({
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [{ Namespace: metricsNamespace(), Dimensions: dimensionSets, Metrics: [{ Name: name, Unit: 'Count' }] }],
      },
      service: 'ganaar',
      ...contextFields(),
      ...dims,
      [name]: value ?? 1,
    }),
  );
}
