// `npm run cost [-- --json]`: the monthly AWS bill of a small, a medium and a large farm, service by
// service, from what the bench measured (docs/measures.json: DynamoDB units, Lambda times and
// response sizes per route, cold starts), the stage's fixed costs counted in the synthesized
// template and spread over 100, 1 000 and 10 000 farms, and each plan's margin after the
// mobile-money fee. Prices and settings: infra/ops/cost/prices.ts; farms: infra/ops/cost/profiles.ts;
// arithmetic: infra/ops/cost/model.ts. docs/cost.md explains the figures.
import { PLANS } from '@shared/plans';
import { readMeasures, MEASURES_FILE } from './cost/measures';
import { DEFAULT_WEIGHTS, farmBill, fixedBill, margin, SERVICES, total, MissingMeasure, type Bill, type Margin } from './cost/model';
import { PRICES, PRICES_CHECKED, PRICES_DATE, PRICES_REGION, SETTINGS, XOF_PER_EUR, xofPerUsd } from './cost/prices';
import { FARM_COUNTS, PROFILES } from './cost/profiles';
import { synthesizeFixed } from './cost/fixed';

function main() {
  const json = process.argv.includes('--json');
  const measures = readMeasures();
  if (!measures.routes) throw new MissingMeasure(`${MEASURES_FILE} has no route measures: run npm run bench`);
  const fixed = synthesizeFixed();
  const rate = xofPerUsd(SETTINGS.usdPerEur);
  const farms = PROFILES.map((p) => ({ profile: p, bill: farmBill(p, measures, fixed, PRICES, SETTINGS, DEFAULT_WEIGHTS) }));
  const fixedUsd = fixedBill(fixed, PRICES, DEFAULT_WEIGHTS);
  const fixedTotal = total(fixedUsd);
  const margins: Margin[] = [];
  for (const f of farms)
    for (const provider of Object.keys(SETTINGS.mobileMoneyFee) as (keyof typeof SETTINGS.mobileMoneyFee)[])
      for (const n of FARM_COUNTS) margins.push(margin(f.profile, total(f.bill), fixedTotal, n, provider, SETTINGS));

  const source = {
    routesMeasuredAt: measures.routes.measuredAt,
    routesLoad: measures.routes.load,
    coldStartsMeasuredAt: measures.lambda?.measuredAt ?? null,
    coldStartsLoad: measures.lambda?.load ?? null,
    morningJobMeasuredAt: measures.morningJob?.measuredAt ?? null,
    morningJobLoad: measures.morningJob?.load ?? null,
    file: 'docs/measures.json',
  };
  if (json) {
    const xof = (usd: number) => Math.round(usd * rate);
    console.log(
      JSON.stringify(
        {
          measures: source,
          prices: { region: PRICES_REGION, writtenOn: PRICES_DATE, checkedOn: PRICES_CHECKED, items: PRICES },
          settings: SETTINGS,
          weights: DEFAULT_WEIGHTS,
          xofPerEur: XOF_PER_EUR,
          xofPerUsd: rate,
          fixedResources: fixed,
          farms: farms.map((f) => ({
            profile: f.profile.key,
            label: f.profile.label,
            plan: f.profile.plan,
            why: f.profile.why,
            requests: f.profile.requests,
            usd: f.bill,
            totalUsd: total(f.bill),
            totalXof: xof(total(f.bill)),
          })),
          fixed: {
            usd: fixedUsd,
            totalUsd: fixedTotal,
            totalXof: xof(fixedTotal),
            perFarmXof: Object.fromEntries(FARM_COUNTS.map((n) => [n, xof(fixedTotal / n)])),
          },
          margins,
        },
        null,
        2,
      ),
    );
    return;
  }

  const usd = (n: number) => (n === 0 ? '0' : n < 0.0001 ? '< 0.0001' : n.toFixed(4));
  const fcfa = (n: number) => {
    const x = n * rate;
    return x === 0 ? '0' : x < 0.5 ? '< 1' : String(Math.round(x));
  };
  const cell = (n: number) => `${usd(n)} $ · ${fcfa(n)} F`;
  console.log(`AWS cost per farm and month, ${PRICES_REGION}`);
  console.log(`Measures: ${source.file}, routes measured ${source.routesMeasuredAt} (${source.routesLoad})`);
  console.log(
    `          cold starts measured ${source.coldStartsMeasuredAt ?? 'never (run npm run bench:lambda): left out'}${source.coldStartsLoad ? ` (${source.coldStartsLoad})` : ''}`,
  );
  console.log(
    `          morning job measured ${source.morningJobMeasuredAt ?? 'never (run npx tsx tests/bench/notifications.ts)'}${source.morningJobLoad ? ` (${source.morningJobLoad})` : ''}`,
  );
  console.log(
    `Prices: infra/ops/cost/prices.ts, written ${PRICES_DATE}, checked ${PRICES_CHECKED} against stored copies of AWS's price list (each price's note); * = not found there, to check on the AWS page before relying on it`,
  );
  console.log(`1 USD = ${rate.toFixed(1)} FCFA (${XOF_PER_EUR} FCFA per euro, fixed; ${SETTINGS.usdPerEur} USD per euro, a setting)\n`);

  const table = (head: string[], rows: string[][]) => {
    const widths = head.map((_, i) => Math.max(head[i].length, ...rows.map((r) => r[i].length)));
    const line = (r: string[]) => '| ' + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
    console.log(line(head));
    console.log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
    for (const r of rows) console.log(line(r));
  };
  const billRows = (bills: Bill[]) => [...SERVICES.map((s) => [s, ...bills.map((b) => cell(b[s]))]), ['total', ...bills.map((b) => cell(total(b)))]];

  console.log('## One farm, one month (without the fixed costs)');
  for (const f of farms) console.log(`- ${f.profile.label} (${PLANS[f.profile.plan].nom}): ${f.profile.why}`);
  console.log('');
  table(['service', ...farms.map((f) => f.profile.label)], billRows(farms.map((f) => f.bill)));

  console.log('\n## The stage, one month, whatever the traffic');
  console.log(
    `${fixed.secrets} secrets, ${fixed.wafAcls} WAF web ACL with ${fixed.wafRules} rules, ${fixed.alarms} alarm metrics, ${fixed.customMetrics} custom metrics, ${fixed.dashboards} dashboard, ${fixed.scheduledInvocations} scheduled invocations (counted in the synthesized template)\n`,
  );
  table(
    ['service', 'the stage', ...FARM_COUNTS.map((n) => `per farm, ${n.toLocaleString('fr-FR')} farms`)],
    [...SERVICES.filter((s) => fixedUsd[s] > 0), 'total' as const].map((s) => {
      const v = s === 'total' ? fixedTotal : fixedUsd[s];
      return [s, cell(v), ...FARM_COUNTS.map((n) => cell(v / n))];
    }),
  );

  console.log('\n## Margin per farm and month, FCFA (plan price − mobile-money fee − the farm’s bill − its share of the fixed costs)');
  const rows: string[][] = [];
  for (const f of farms)
    for (const provider of Object.keys(SETTINGS.mobileMoneyFee) as (keyof typeof SETTINGS.mobileMoneyFee)[]) {
      const ms = margins.filter((m) => m.profile === f.profile.key && m.provider === provider);
      rows.push([
        `${f.profile.label} · ${ms[0].plan} ${ms[0].priceXof} F`,
        `${provider} ${(SETTINGS.mobileMoneyFee[provider] * 100).toFixed(1)} % = ${ms[0].feeXof}`,
        ...ms.flatMap((m) => [String(m.costXof), String(m.marginXof)]),
      ]);
    }
  table(['farm · plan', 'fee', ...FARM_COUNTS.flatMap((n) => [`cost @${n}`, `margin @${n}`])], rows);

  const unsure = Object.entries(PRICES).filter(([, p]) => !p.sure);
  if (unsure.length) console.log(`\n* To check: ${unsure.map(([k, p]) => `${k} (${p.unit}: ${p.source})`).join('; ')}`);
}

try {
  main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
