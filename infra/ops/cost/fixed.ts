// The stage's resources that cost by the month, counted in the template CDK synthesizes (without
// bundling: no Lambda code is read), so that `npm run cost` follows infra/cdk as it changes:
// functions and their memory, secrets, WAF rules, alarms, dashboards, scheduled invocations; and
// the custom metrics the functions publish (functions/lib/metrics.ts).
import { PAYMENT_FLOW_FUNCTION } from '../../../functions/paiements/constants';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGanaarApp } from '../../cdk/ganaar-app';
import { METRICS } from '../../../functions/lib/metrics';
import { activeDomains } from '@shared/api/routes';
import type { FixedResources } from './model';

type Resource = { Type: string; Properties?: Record<string, any> };

/** Values each metric dimension takes (functions/lib/route-metrics.ts, functions/paiements/). */
function dimensionValues(): Record<string, number> {
  return { domain: activeDomains().length, provider: 2, reason: 4, channel: 2 };
}

/** Custom metrics: each metric once per combination of its dimensions' values, and once as a total without dimension. */
export function customMetricCount(metrics: Record<string, readonly string[]> = METRICS, values = dimensionValues()): number {
  let n = 0;
  for (const dims of Object.values(metrics)) n += dims.length === 0 ? 1 : dims.reduce((p, d) => p * values[d], 1) + 1;
  return n;
}

/** Invocations a month of an EventBridge `rate(N minutes|hours)` schedule (30-day month). */
export function invocationsOfRate(expression: string): number {
  const m = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (!m) throw new Error(`schedule « ${expression} » is not a rate`);
  const minutes = Number(m[1]) * (m[2].startsWith('minute') ? 1 : m[2].startsWith('hour') ? 60 : 1440);
  return (30 * 24 * 60) / minutes;
}

export function countFixed(resources: Resource[]): FixedResources {
  const ofType = (t: string) => resources.filter((r) => r.Type === t);
  const memoryMb: Record<string, number> = {};
  for (const f of ofType('AWS::Lambda::Function')) {
    const name = f.Properties?.FunctionName;
    // CDK's own helpers (deploy-time custom resources) have no name of ours and run at deploy only.
    if (typeof name !== 'string' || !name.startsWith('ganaar-')) continue;
    const domain = name.split('-').slice(2).join('-');
    memoryMb[domain] = f.Properties?.MemorySize ?? 128;
  }
  const rules = ofType('AWS::Events::Rule').filter((r) => typeof r.Properties?.ScheduleExpression === 'string');
  const alarms = ofType('AWS::CloudWatch::Alarm').reduce((n, a) => {
    // A metric-math alarm is billed per metric it reads.
    const metrics = (a.Properties?.Metrics ?? []) as { MetricStat?: unknown }[];
    return n + Math.max(1, metrics.filter((m) => m.MetricStat).length);
  }, 0);
  return {
    memoryMb,
    secrets: ofType('AWS::SecretsManager::Secret').length,
    wafAcls: ofType('AWS::WAFv2::WebACL').length,
    wafRules: ofType('AWS::WAFv2::WebACL').reduce((n, a) => n + (a.Properties?.Rules?.length ?? 0), 0),
    alarms,
    // A log metric filter publishes one custom metric per transformation, beside the EMF ones.
    customMetrics: customMetricCount() + ofType('AWS::Logs::MetricFilter').reduce((n, f) => n + (f.Properties?.MetricTransformations?.length ?? 1), 0),
    dashboards: ofType('AWS::CloudWatch::Dashboard').length,
    scheduledInvocations: rules.reduce((n, r) => n + invocationsOfRate(r.Properties!.ScheduleExpression), 0),
    scheduledMemoryMb: memoryMb[PAYMENT_FLOW_FUNCTION] ?? 512,
  };
}

/** Synthesizes the app of the default stage (both stacks) and counts its fixed resources. */
export function synthesizeFixed(): FixedResources {
  const outdir = mkdtempSync(join(tmpdir(), 'ganaar-cost-cdk-'));
  const webDist = mkdtempSync(join(tmpdir(), 'ganaar-cost-dist-'));
  try {
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Ganaar</title>');
    const { app } = createGanaarApp({ context: { 'aws:cdk:bundling-stacks': [] }, env: {}, outdir, webDistDir: webDist, cloudFormationValidation: false });
    const resources = app.synth().stacks.flatMap((s) => Object.values((s.template as { Resources: Record<string, Resource> }).Resources));
    return countFixed(resources);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  }
}
