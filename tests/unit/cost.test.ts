// The arithmetic of `npm run cost` (infra/ops/cost/model.ts, fixed.ts), on round figures worked by
// hand in the comments: a Lambda's billed time on a small CPU, one farm's bill service by service,
// the stage's fixed costs, a plan's margin in whole FCFA, and what the synthesized stack counts.
import { describe, expect, it } from 'vitest';
import { countFixed, customMetricCount, invocationsOfRate } from '../../infra/ops/cost/fixed';
import {
  farmBill,
  fixedBill,
  gbSeconds,
  lambdaMs,
  margin,
  MissingMeasure,
  total,
  type FixedResources,
  type Prices,
  type Settings,
} from '../../infra/ops/cost/model';
import type { Measures } from '../../infra/ops/cost/measures';
import { PRICES, SETTINGS, xofPerUsd } from '../../infra/ops/cost/prices';
import type { FarmProfile } from '../../infra/ops/cost/profiles';

// Prices of 1 USD per unit (or 0) make each line of the bill the count it prices.
const unitPrices = (over: Partial<Record<keyof Prices, number>> = {}): Prices =>
  Object.fromEntries(Object.keys(PRICES).map((k) => [k, { usd: over[k as keyof Prices] ?? 0 }])) as Prices;

const settings: Settings = {
  ...SETTINGS,
  usdPerEur: 1.25,
  mobileMoneyFee: { wave: 0.01, orange_money: 0.02 },
  lambdaMbPerVcpu: 2048,
  coldStartShare: 0.1,
  logBytesPerInvocation: 1024,
  accessLogBytesPerRequest: 0,
  logMonthsKept: 1,
  historyMonths: 10,
  baseKbPerFarm: 24,
  secretCallsPerColdStart: 2,
  transitionsPerPayment: 6,
  photoKb: 1024,
};

const fixed: FixedResources = {
  memoryMb: { bandes: 512, ventes: 1024 },
  secrets: 5,
  wafAcls: 1,
  wafRules: 5,
  alarms: 50,
  customMetrics: 67,
  dashboards: 1,
  scheduledInvocations: 2880,
  scheduledMemoryMb: 512,
};

const measures: Measures = {
  routes: {
    measuredAt: '2026-11-29T00:00:00Z',
    load: 'test',
    byName: {
      // 40 ms waiting + 10 ms CPU; on 512 MB of a 2048 MB vCPU the CPU takes 4×: 40 + 40 = 80 ms.
      'GET /api/bande/{id}': { calls: 1, requests: 2, readUnits: 4, writeUnits: 0, wallMs: 50, cpuMs: 10, responseBytes: 1024, domain: 'bandes' },
      // 1 024 MB: the CPU takes 2×: 10 + 2 × 20 = 50 ms.
      'POST /api/vente': { calls: 1, requests: 6, readUnits: 1, writeUnits: 8, wallMs: 30, cpuMs: 20, responseBytes: 0, domain: 'ventes' },
    },
  },
  lambda: { measuredAt: '2026-11-29T00:00:00Z', load: 'test', coldStarts: { bandes: { p50Ms: 300, cpuMs: 100 } } },
};

const profile: FarmProfile = {
  key: 'petite',
  label: 'Test',
  plan: 'db1',
  why: 'hand-worked',
  requests: { 'GET /api/bande/{id}': 100, 'POST /api/vente': 10 },
  photos: 1,
  emails: 3,
  payments: 1,
  appDownloads: 0,
  storefrontViews: 0,
  morningSummaries: 0,
};

describe('a Lambda invocation', () => {
  it('is billed its waiting time and its CPU time stretched by the share of a vCPU its memory gives, rounded up to the millisecond', () => {
    expect(lambdaMs({ wallMs: 50, cpuMs: 10 }, 512, 2048)).toBe(80);
    expect(lambdaMs({ wallMs: 30, cpuMs: 20 }, 1024, 2048)).toBe(50);
    // At a vCPU or more the CPU is not faster than measured.
    expect(lambdaMs({ wallMs: 30.2, cpuMs: 20 }, 4096, 2048)).toBe(31);
    // CPU above the wall time (several threads) counts as busy the whole time.
    expect(lambdaMs({ wallMs: 10, cpuMs: 15 }, 1024, 2048)).toBe(20);
  });

  it('costs GB-seconds of its memory', () => {
    expect(gbSeconds(1000, 1024)).toBe(1);
    expect(gbSeconds(80, 512)).toBe(0.04);
  });
});

describe("a farm's bill", () => {
  it('counts each service from the measures and the profile', () => {
    const b = farmBill(
      profile,
      measures,
      fixed,
      unitPrices({
        lambdaRequest: 1,
        lambdaArmGbSecond: 1,
        httpApiRequest: 1,
        dynamoReadUnit: 1,
        dynamoWriteUnit: 1,
        dynamoStorageGbMonth: 1,
        s3Put: 1,
        stepFunctionsTransition: 1,
        sesEmail: 1,
        secretApiCall: 1,
        wafRequest: 1,
        cloudfrontHttpsRequest: 1,
        cloudfrontGbOut: 1,
        logsIngestGb: 1,
      }),
      settings,
      { appKb: 0, appFiles: 0, imagesPerStorefrontView: 0, imageKb: 0, scheduledMs: 0 },
    );
    // Lambda: 110 invocations. The batch: 100 × 80 ms on 0.5 GB = 4 GB-s, and 10 % cold starts of
    // 200 ms waiting + 4 × 100 ms CPU = 600 ms: 10 × 0.6 s × 0.5 GB = 3 GB-s. The sale: 10 × 50 ms
    // on 1 GB = 0.5 GB-s, no cold start measured for its domain. 110 + 4 + 3 + 0.5 = 117.5.
    expect(b.Lambda).toBeCloseTo(117.5, 9);
    expect(b['API Gateway']).toBe(110);
    expect(b['DynamoDB reads']).toBe(100 * 4 + 10 * 1);
    expect(b['DynamoDB writes']).toBe(10 * 8);
    // (24 KB + 80 units × 1 KB × 10 months) = 824 KB.
    expect(b['DynamoDB storage']).toBeCloseTo(824 / 1024 / 1024, 12);
    // One photo, two PUTs; its storage is priced at 0 here.
    expect(b.S3).toBe(2);
    // 110 requests; 100 × 1 KB out = 100 KB.
    expect(b.CloudFront).toBeCloseTo(110 + (100 * 1024) / 1024 ** 3, 12);
    expect(b.WAF).toBe(110);
    expect(b['Step Functions']).toBe(6);
    expect(b.SES).toBe(3);
    // 10 % of 110 invocations start a container and read 2 secrets.
    expect(b['Secrets Manager']).toBeCloseTo(22, 9);
    expect(b['CloudWatch logs']).toBeCloseTo((110 * 1024) / 1024 ** 3, 15);
    expect(b['CloudWatch metrics']).toBe(0);
    expect(b['CloudWatch alarms']).toBe(0);
  });

  it("adds the farm's share of the morning job: its time and units per business, no invocation of its own", () => {
    const withJob: Measures = {
      ...measures,
      morningJob: { measuredAt: '', load: '', businesses: 50, perBusiness: { requests: 10, readUnits: 6, writeUnits: 1, wallMs: 40, cpuMs: 10 } },
    };
    const p = { ...profile, requests: {}, photos: 0, emails: 0, payments: 0, morningSummaries: 30 };
    const b = farmBill(
      p,
      withJob,
      { ...fixed, memoryMb: { 'notifications-jobs': 512 } },
      unitPrices({ lambdaArmGbSecond: 1, lambdaRequest: 1, dynamoReadUnit: 1, dynamoWriteUnit: 1 }),
      settings,
    );
    // 30 × (30 + 4 × 10) ms = 2 100 ms on 0.5 GB = 1.05 GB-s.
    expect(b.Lambda).toBeCloseTo(1.05, 9);
    expect(b['DynamoDB reads']).toBe(180);
    expect(b['DynamoDB writes']).toBe(30);
    expect(() => farmBill(p, measures, fixed, unitPrices(), settings)).toThrow(MissingMeasure);
  });

  it('refuses a profile naming a route the bench did not measure, rather than pricing it at zero', () => {
    const other = { ...profile, requests: { 'GET /api/nowhere': 1 } };
    expect(() => farmBill(other, measures, fixed, unitPrices(), settings)).toThrow(MissingMeasure);
  });
});

describe("the stage's fixed costs", () => {
  it('are the secrets, the web ACL and its rules, the alarms, the metrics and the scheduled watch', () => {
    const b = fixedBill(fixed, PRICES);
    expect(b['Secrets Manager']).toBeCloseTo(5 * 0.4, 9);
    expect(b.WAF).toBeCloseTo(5 + 5 * 1, 9);
    expect(b['CloudWatch alarms']).toBeCloseTo(50 * 0.1, 9);
    // One dashboard: within the three free ones.
    expect(b['CloudWatch metrics']).toBeCloseTo(67 * 0.3, 9);
    // 2 880 runs of 200 ms on 0.5 GB = 288 GB-s.
    expect(b.Lambda).toBeCloseTo(2880 * 0.2e-6 + 288 * 0.0000133334, 9);
    expect(total(b)).toBeCloseTo(2 + 10 + 5 + 20.1 + 2880 * 0.2e-6 + 288 * 0.0000133334, 9);
  });
});

describe("a plan's margin", () => {
  it('is the price less the fee, the bill and the share of the fixed costs, in whole FCFA', () => {
    // 655.957 / 1.25 = 524.7656 FCFA per USD. Bill 1 USD + 100 USD / 100 farms = 2 USD = 1 049.53 → 1 050 F.
    expect(xofPerUsd(1.25)).toBeCloseTo(524.7656, 4);
    const m = margin(profile, 1, 100, 100, 'wave', settings);
    expect(m).toMatchObject({ priceXof: 5000, feeXof: 50, costXof: 1050, marginXof: 3900, farms: 100 });
    // Orange Money at 2 %: 100 F; 10 000 farms: 1.01 USD = 530 F.
    expect(margin(profile, 1, 100, 10_000, 'orange_money', settings)).toMatchObject({ feeXof: 100, costXof: 530, marginXof: 4370 });
  });
});

describe('the counts of the synthesized stack', () => {
  it('reads each function’s memory by its name, the WAF rules, the alarms (a metric-math alarm per metric) and the schedules', () => {
    const c = countFixed([
      { Type: 'AWS::Lambda::Function', Properties: { FunctionName: 'ganaar-prod-bandes', MemorySize: 512 } },
      { Type: 'AWS::Lambda::Function', Properties: { FunctionName: 'ganaar-prod-payments-flow', MemorySize: 256 } },
      { Type: 'AWS::Lambda::Function', Properties: { MemorySize: 128 } },
      { Type: 'AWS::SecretsManager::Secret' },
      { Type: 'AWS::SecretsManager::Secret' },
      { Type: 'AWS::WAFv2::WebACL', Properties: { Rules: [{}, {}, {}] } },
      { Type: 'AWS::CloudWatch::Alarm', Properties: {} },
      { Type: 'AWS::CloudWatch::Alarm', Properties: { Metrics: [{ MetricStat: {} }, { MetricStat: {} }, { Expression: 'a/b' }] } },
      { Type: 'AWS::Events::Rule', Properties: { ScheduleExpression: 'rate(15 minutes)' } },
      { Type: 'AWS::Events::Rule', Properties: { EventPattern: {} } },
      { Type: 'AWS::CloudWatch::Dashboard' },
      { Type: 'AWS::Logs::MetricFilter', Properties: { MetricTransformations: [{ MetricName: 'Api429' }] } },
    ]);
    expect(c).toMatchObject({
      memoryMb: { bandes: 512, 'payments-flow': 256 },
      secrets: 2,
      wafAcls: 1,
      wafRules: 3,
      alarms: 3,
      dashboards: 1,
      scheduledInvocations: 2880,
      scheduledMemoryMb: 256,
    });
    expect(Object.keys(c.memoryMb)).toHaveLength(2);
    // The EMF metrics of functions/lib/metrics.ts, and one more for the log metric filter.
    expect(c.customMetrics).toBe(customMetricCount() + 1);
  });

  it('counts a month of a rate schedule and each metric per combination of its dimensions plus its total', () => {
    expect(invocationsOfRate('rate(15 minutes)')).toBe(2880);
    expect(invocationsOfRate('rate(1 hour)')).toBe(720);
    expect(() => invocationsOfRate('cron(0 6 * * ? *)')).toThrow();
    // 1 + (3 + 1) + (3 × 2 + 1) = 12.
    expect(customMetricCount({ A: [], B: ['x'], C: ['x', 'y'] }, { x: 3, y: 2 })).toBe(12);
  });
});
