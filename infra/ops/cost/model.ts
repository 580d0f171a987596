// The arithmetic of `npm run cost`, with no input or output: measures × profile × prices → one line
// per AWS service for a farm's month, the stage's fixed costs, and each plan's margin. Pure, so the
// unit tests work it by hand (tests/unit/cost.test.ts).
import { PLANS } from '@shared/plans';
import type { Measures, RouteMeasure } from './measures';
import type { FarmProfile } from './profiles';
import { PRICES, SETTINGS, xofPerUsd } from './prices';

export type Prices = { [K in keyof typeof PRICES]: { usd: number } };
export type Settings = {
  [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K] extends number ? number : { [P in keyof (typeof SETTINGS)[K]]: number };
};

export const SERVICES = [
  'Lambda',
  'API Gateway',
  'DynamoDB reads',
  'DynamoDB writes',
  'DynamoDB storage',
  'S3',
  'CloudFront',
  'Step Functions',
  'SES',
  'Secrets Manager',
  'WAF',
  'CloudWatch logs',
  'CloudWatch metrics',
  'CloudWatch alarms',
] as const;
export type Service = (typeof SERVICES)[number];

/** What the synthesized stack holds that costs by the month whatever the traffic (infra/ops/cost/fixed.ts counts it). */
export interface FixedResources {
  /** Memory of each function, MB, by the domain whose routes it answers (and the jobs). */
  memoryMb: Record<string, number>;
  secrets: number;
  wafAcls: number;
  wafRules: number;
  alarms: number;
  customMetrics: number;
  dashboards: number;
  /** Scheduled invocations a month that do not depend on the farms (the stuck-payment watch), with their function's memory. */
  scheduledInvocations: number;
  scheduledMemoryMb: number;
}

/** Settings the arithmetic needs that are not AWS prices and not measured: the web app's and images' weights. */
export interface Weights {
  /** KB a full download of the web app sends (gzip) and how many files. */
  appKb: number;
  appFiles: number;
  /** Images a storefront page shows and the KB of each small image. */
  imagesPerStorefrontView: number;
  imageKb: number;
  /** Duration of one run of the scheduled watch, ms (not measured: a handful of DynamoDB requests). */
  scheduledMs: number;
}

export const DEFAULT_WEIGHTS: Weights = { appKb: 400, appFiles: 12, imagesPerStorefrontView: 6, imageKb: 15, scheduledMs: 200 };

/** Invocations a measure stands for (the payment flow is the webhook and the flow's two tasks). */
export const INVOCATIONS: Record<string, number> = { 'payment flow (Wave webhook → granted)': 3 };

export type Bill = Record<Service, number>;

const emptyBill = (): Bill => Object.fromEntries(SERVICES.map((s) => [s, 0])) as Bill;

/**
 * Billed milliseconds of one invocation on a function of `memoryMb`: the time spent waiting (wall
 * minus CPU) is the same on Lambda, the CPU time stretches where Lambda gives less than one vCPU.
 */
export function lambdaMs(m: Pick<RouteMeasure, 'wallMs' | 'cpuMs'>, memoryMb: number, mbPerVcpu: number): number {
  const cpu = Math.min(m.cpuMs, m.wallMs);
  const stretch = Math.max(1, mbPerVcpu / memoryMb);
  return Math.ceil(m.wallMs - cpu + cpu * stretch);
}

/** GB-seconds of `ms` on `memoryMb`. */
export const gbSeconds = (ms: number, memoryMb: number) => (ms / 1000) * (memoryMb / 1024);

export class MissingMeasure extends Error {}

/** A farm's monthly bill in USD, service by service, without the fixed costs. */
export function farmBill(
  profile: FarmProfile,
  measures: Measures,
  fixed: FixedResources,
  prices: Prices,
  settings: Settings,
  weights: Weights = DEFAULT_WEIGHTS,
): Bill {
  const bill = emptyBill();
  const routes = measures.routes?.byName ?? {};
  const colds = measures.lambda?.coldStarts ?? {};
  let invocations = 0;
  let apiRequests = 0;
  let bytesOut = 0;
  let writeUnits = 0;
  for (const [name, n] of Object.entries(profile.requests)) {
    if (n === 0) continue;
    const m = routes[name];
    if (!m) throw new MissingMeasure(`no measure of « ${name} » in docs/measures.json: run npm run bench`);
    const memory = fixed.memoryMb[m.domain];
    if (!memory) throw new MissingMeasure(`no function of domain « ${m.domain} » in the stack`);
    const inv = n * (INVOCATIONS[name] ?? 1);
    invocations += inv;
    apiRequests += n;
    bytesOut += n * m.responseBytes;
    writeUnits += n * m.writeUnits;
    let ms = n * lambdaMs(m, memory, settings.lambdaMbPerVcpu);
    const cold = colds[m.domain];
    if (cold) ms += inv * settings.coldStartShare * lambdaMs({ wallMs: cold.p50Ms, cpuMs: cold.cpuMs }, memory, settings.lambdaMbPerVcpu);
    bill.Lambda += inv * prices.lambdaRequest.usd + gbSeconds(ms, memory) * prices.lambdaArmGbSecond.usd;
    bill['DynamoDB reads'] += n * m.readUnits * prices.dynamoReadUnit.usd;
    bill['DynamoDB writes'] += n * m.writeUnits * prices.dynamoWriteUnit.usd;
  }
  bill['API Gateway'] = apiRequests * prices.httpApiRequest.usd;

  // The morning summary: one invocation per shard works for hundreds of farms, so a farm pays its
  // measured share of the run's time and units, not an invocation.
  if (profile.morningSummaries > 0) {
    const job = measures.morningJob?.perBusiness;
    if (!job) throw new MissingMeasure('no measure of the morning job in docs/measures.json: run npx tsx tests/bench/notifications.ts');
    const memory = fixed.memoryMb['notifications-jobs'];
    if (!memory) throw new MissingMeasure('no function notifications-jobs in the stack');
    const ms = profile.morningSummaries * lambdaMs(job, memory, settings.lambdaMbPerVcpu);
    bill.Lambda += gbSeconds(ms, memory) * prices.lambdaArmGbSecond.usd;
    bill['DynamoDB reads'] += profile.morningSummaries * job.readUnits * prices.dynamoReadUnit.usd;
    bill['DynamoDB writes'] += profile.morningSummaries * job.writeUnits * prices.dynamoWriteUnit.usd;
    writeUnits += profile.morningSummaries * job.writeUnits;
  }

  // Storage: an upper bound, each write unit at most 1 KB kept (an update rewrites in place), over
  // the average history a farm has, plus what every farm holds; point-in-time recovery on top.
  const gb = (settings.baseKbPerFarm + writeUnits * settings.historyMonths) / 1024 / 1024;
  bill['DynamoDB storage'] = gb * (prices.dynamoStorageGbMonth.usd + prices.dynamoPitrGbMonth.usd);

  // S3: each photo stored full and small (two PUTs), kept over the farm's history.
  bill.S3 = profile.photos * 2 * prices.s3Put.usd + ((profile.photos * settings.photoKb * settings.historyMonths) / 1024 / 1024) * prices.s3StorageGbMonth.usd;

  // CloudFront: every API call, the web app's downloads and the storefront's images; the WAF
  // inspects and the viewer-request function runs on each of them.
  const imageRequests = profile.storefrontViews * weights.imagesPerStorefrontView;
  const edgeRequests = apiRequests + profile.appDownloads * weights.appFiles + imageRequests;
  bytesOut += profile.appDownloads * weights.appKb * 1024 + imageRequests * weights.imageKb * 1024;
  bill.CloudFront =
    edgeRequests * (prices.cloudfrontHttpsRequest.usd + prices.cloudfrontFunction.usd) + (bytesOut / 1024 / 1024 / 1024) * prices.cloudfrontGbOut.usd;
  bill.WAF = edgeRequests * prices.wafRequest.usd;

  bill['Step Functions'] = profile.payments * settings.transitionsPerPayment * prices.stepFunctionsTransition.usd;
  bill.SES = profile.emails * prices.sesEmail.usd;
  bill['Secrets Manager'] = invocations * settings.coldStartShare * settings.secretCallsPerColdStart * prices.secretApiCall.usd;
  const logGb = (invocations * settings.logBytesPerInvocation + apiRequests * settings.accessLogBytesPerRequest) / 1024 ** 3;
  bill['CloudWatch logs'] = logGb * (prices.logsIngestGb.usd + settings.logMonthsKept * prices.logsStoreGbMonth.usd);
  return bill;
}

/** The stage's monthly costs that do not grow with the farms, USD. */
export function fixedBill(fixed: FixedResources, prices: Prices, weights: Weights = DEFAULT_WEIGHTS): Bill {
  const bill = emptyBill();
  bill['Secrets Manager'] = fixed.secrets * prices.secretMonth.usd;
  bill.WAF = fixed.wafAcls * prices.wafAclMonth.usd + fixed.wafRules * prices.wafRuleMonth.usd;
  bill['CloudWatch alarms'] = fixed.alarms * prices.alarmMonth.usd;
  bill['CloudWatch metrics'] = fixed.customMetrics * prices.metricMonth.usd + Math.max(0, fixed.dashboards - 3) * prices.dashboardMonth.usd;
  bill.Lambda =
    fixed.scheduledInvocations * prices.lambdaRequest.usd +
    gbSeconds(fixed.scheduledInvocations * weights.scheduledMs, fixed.scheduledMemoryMb) * prices.lambdaArmGbSecond.usd;
  return bill;
}

export const total = (bill: Bill) => SERVICES.reduce((s, k) => s + bill[k], 0);

export interface Margin {
  profile: FarmProfile['key'];
  plan: string;
  priceXof: number;
  farms: number;
  provider: keyof Settings['mobileMoneyFee'];
  feeXof: number;
  costXof: number;
  marginXof: number;
}

/**
 * A plan's margin per farm per month, in whole FCFA: its price, less the provider's fee, less the
 * farm's bill, less its share of the fixed costs over `farms` farms.
 */
export function margin(
  profile: FarmProfile,
  farmUsd: number,
  fixedUsd: number,
  farms: number,
  provider: keyof Settings['mobileMoneyFee'],
  settings: Settings,
): Margin {
  const plan = PLANS[profile.plan];
  const rate = xofPerUsd(settings.usdPerEur);
  const feeXof = Math.round(plan.mensualite * settings.mobileMoneyFee[provider]);
  const costXof = Math.round((farmUsd + fixedUsd / farms) * rate);
  return { profile: profile.key, plan: plan.nom, priceXof: plan.mensualite, farms, provider, feeXof, costXof, marginXof: plan.mensualite - feeXof - costXof };
}
