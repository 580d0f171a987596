// Every price and rate `npm run cost` uses, in one place: AWS on-demand prices of the region the
// stack deploys to (infra/cdk/settings.ts DEFAULT_REGION), the currency conversion and the
// mobile-money fees. Each AWS price names the public page it comes from and the day it was
// written down. This file was written without network access: the figures are the published
// on-demand prices as remembered on that day, and `sure: false` marks the ones to check against
// the page before trusting a margin to the franc (docs/cost.md says how). Free tiers are left out
// on purpose: they do not grow with the number of farms, and a margin must hold without them.
import { DEFAULT_REGION } from '../../cdk/settings';

export interface Price {
  /** USD per `unit`. */
  usd: number;
  unit: string;
  source: string;
  /** False: remembered, not read on the page that day; check it before relying on it. */
  sure: boolean;
  note?: string;
}

export const PRICES_REGION = DEFAULT_REGION;
/** The day these prices were written down (not read on the pages: see the header). */
export const PRICES_DATE = '2026-11-29';

const LAMBDA = 'https://aws.amazon.com/lambda/pricing/';
const APIGW = 'https://aws.amazon.com/api-gateway/pricing/';
const DYNAMO = 'https://aws.amazon.com/dynamodb/pricing/on-demand/';
const S3 = 'https://aws.amazon.com/s3/pricing/';
const CLOUDFRONT = 'https://aws.amazon.com/cloudfront/pricing/';
const SFN = 'https://aws.amazon.com/step-functions/pricing/';
const SES = 'https://aws.amazon.com/ses/pricing/';
const SECRETS = 'https://aws.amazon.com/secrets-manager/pricing/';
const WAF = 'https://aws.amazon.com/waf/pricing/';
const CLOUDWATCH = 'https://aws.amazon.com/cloudwatch/pricing/';
const SCHEDULER = 'https://aws.amazon.com/eventbridge/pricing/';

export const PRICES = {
  lambdaRequest: { usd: 0.2 / 1e6, unit: 'invocation', source: LAMBDA, sure: true },
  /** Every function is arm64 (infra/cdk/constructs/domain-function.ts FUNCTION_ARCHITECTURE). */
  lambdaArmGbSecond: { usd: 0.0000133334, unit: 'GB-second (arm64)', source: LAMBDA, sure: true, note: 'first 7.5 billion GB-s a month' },
  httpApiRequest: {
    usd: 1.11 / 1e6,
    unit: 'HTTP API request (≤ 512 KB)',
    source: APIGW,
    sure: false,
    note: 'US East is 1.00 USD per million; the Ireland figure is remembered as 1.11',
  },
  dynamoWriteUnit: {
    usd: 0.7068 / 1e6,
    unit: 'write request unit (on-demand)',
    source: DYNAMO,
    sure: false,
    note: 'half of the Ireland price before the on-demand price cut of November 2024 (1.4135 USD per million)',
  },
  dynamoReadUnit: {
    usd: 0.1413 / 1e6,
    unit: 'read request unit (on-demand)',
    source: DYNAMO,
    sure: false,
    note: 'half of the Ireland price before the on-demand price cut of November 2024 (0.2827 USD per million)',
  },
  dynamoStorageGbMonth: { usd: 0.283, unit: 'GB-month of table storage', source: DYNAMO, sure: true },
  /** The table has point-in-time recovery on (infra/cdk/ganaar-stack.ts). */
  dynamoPitrGbMonth: { usd: 0.22, unit: 'GB-month of continuous backup', source: DYNAMO, sure: false, note: 'US East is 0.20' },
  s3StorageGbMonth: { usd: 0.023, unit: 'GB-month (S3 Standard)', source: S3, sure: true },
  s3Put: { usd: 0.005 / 1000, unit: 'PUT request', source: S3, sure: true },
  s3Get: { usd: 0.0004 / 1000, unit: 'GET request', source: S3, sure: true },
  /** PriceClass_All (infra/cdk/constructs/web-distribution.ts): farms in Senegal and Côte d'Ivoire may be served from African edges, the dearest zone. */
  cloudfrontGbOut: { usd: 0.11, unit: 'GB out (Africa and Middle East, first 10 TB)', source: CLOUDFRONT, sure: true },
  cloudfrontHttpsRequest: {
    usd: 0.022 / 10_000,
    unit: 'HTTPS request (Africa and Middle East)',
    source: CLOUDFRONT,
    sure: false,
    note: 'Europe is 0.012 per 10 000; the dearer zone is taken',
  },
  cloudfrontFunction: { usd: 0.1 / 1e6, unit: 'CloudFront Functions invocation', source: CLOUDFRONT, sure: true },
  stepFunctionsTransition: { usd: 0.025 / 1000, unit: 'state transition (Standard workflow)', source: SFN, sure: true },
  sesEmail: { usd: 0.1 / 1000, unit: 'e-mail sent', source: SES, sure: true },
  secretMonth: { usd: 0.4, unit: 'secret-month', source: SECRETS, sure: true },
  secretApiCall: { usd: 0.05 / 10_000, unit: 'API call', source: SECRETS, sure: true },
  wafAclMonth: { usd: 5, unit: 'web ACL-month', source: WAF, sure: true },
  wafRuleMonth: { usd: 1, unit: 'rule-month', source: WAF, sure: true, note: 'AWS managed rule groups used here count as one rule each, no subscription fee' },
  wafRequest: { usd: 0.6 / 1e6, unit: 'request inspected', source: WAF, sure: true },
  logsIngestGb: { usd: 0.57, unit: 'GB of logs ingested (Ireland)', source: CLOUDWATCH, sure: false, note: 'US East is 0.50' },
  logsStoreGbMonth: { usd: 0.03, unit: 'GB-month of logs stored', source: CLOUDWATCH, sure: true },
  metricMonth: { usd: 0.3, unit: 'custom metric-month (first 10 000)', source: CLOUDWATCH, sure: true },
  alarmMonth: { usd: 0.1, unit: 'standard-resolution alarm-month (per metric)', source: CLOUDWATCH, sure: true },
  dashboardMonth: { usd: 3, unit: 'dashboard-month (beyond the first three)', source: CLOUDWATCH, sure: true },
  schedulerInvocation: { usd: 1 / 1e6, unit: 'EventBridge Scheduler invocation', source: SCHEDULER, sure: true },
} as const satisfies Record<string, Price>;

export type PriceName = keyof typeof PRICES;

/** The West African CFA franc's fixed peg to the euro (BCEAO). */
export const XOF_PER_EUR = 655.957;

/**
 * Settings: values the operator owns, not prices AWS publishes. Change them here; `npm run cost`
 * prints them with the bill.
 */
export const SETTINGS = {
  /** US dollars for one euro: the rate of the day the operator pays the AWS invoice (setting). */
  usdPerEur: 1.16,
  /**
   * Mobile-money fee on a subscription paid to the operator, as a share of the amount. Neither
   * figure is in this repository's payment code or contracts: Wave publishes a 1 % fee on merchant
   * payments (https://www.wave.com/en/business/, not re-read here); Orange Money's merchant fee is
   * negotiated per contract, 2 % is a cautious placeholder. Both are settings to check.
   */
  mobileMoneyFee: { wave: 0.01, orange_money: 0.02 },
  /** Lambda gives 1 vCPU at 1 769 MB and CPU in proportion below (Lambda documentation, « Memory and computing power »). */
  lambdaMbPerVcpu: 1769,
  /**
   * Share of invocations that start a new container. The bench measures a cold start's duration;
   * how often one happens depends on traffic AWS-wide, so it is a setting: 5 % is cautious for
   * 18 functions shared by hundreds of farms, and AWS bills the init phase (since August 2025).
   */
  coldStartShare: 0.05,
  /** Log bytes per invocation: START, END and REPORT lines (~300 B) plus the request's own log line and its metric lines. Not measured: checked against CloudWatch after a deploy (docs/operations.md). */
  logBytesPerInvocation: 1200,
  /** API Gateway access log line per request (infra/cdk/constructs/http-api.ts keeps them 90 days). */
  accessLogBytesPerRequest: 400,
  /** Months of logs kept on average: the functions keep 30 days, the access log 90 (infra/cdk). */
  logMonthsKept: 1.5,
  /** Average months of history a farm's table items cover (storage grows with it; nothing is deleted). */
  historyMonths: 12,
  /** Table storage per farm that does not grow with entries (business, users, plan, shop, counters), KB. */
  baseKbPerFarm: 20,
  /** Secrets Manager: secrets are read once per new container (functions/lib/secrets.ts caches them). */
  secretCallsPerColdStart: 2,
  /** Step Functions state transitions of one paid subscription (infra/cdk/constructs/payments.ts: start, callback, confirm, decide, activate, end). */
  transitionsPerPayment: 6,
  /** S3: a photo once resized (functions/ecommerce: sharp, WebP), KB. */
  photoKb: 120,
} as const;

/** FCFA per US dollar at the peg and the dollar setting. */
export function xofPerUsd(usdPerEur: number = SETTINGS.usdPerEur): number {
  return XOF_PER_EUR / usdPerEur;
}
