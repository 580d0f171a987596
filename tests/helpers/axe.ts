// axe-core (Deque's accessibility rules engine) in the Chromium journeys: `checkA11y`
// runs every rule axe ships (WCAG 2.x A/AA and best practices, not the experimental ones) on the
// page as it stands and fails the journey on any serious or critical finding. Every finding, of
// any impact, is appended to `.test-data/axe/findings.jsonl` so a run can print the table of
// findings by screen and impact (tests/e2e/a11y.e2e.test.ts).
//
// axe is evaluated through the driver (CDP), not added as a <script>: the app's Content-Security-
// Policy allows no inline script, and the page must stay exactly as users get it.
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const FINDINGS_FILE = join(process.cwd(), '.test-data', 'axe', 'findings.jsonl');

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface Finding {
  /** The screen as the journey names it (e.g. `bande-detail`), with the viewport width. */
  screen: string;
  width: number;
  rule: string;
  impact: Impact;
  help: string;
  /** CSS selectors of the offending elements (the first few). */
  targets: string[];
  nodes: number;
  /** Inside a list's table (a `.table-wrap` or a `<table>`), for the table of findings. */
  list: boolean;
}

/** Rules whose findings inside a list's table are G1's (keyboard-reachable scrolling, empty headers). */
const LIST_RULES = new Set(['scrollable-region-focusable', 'empty-table-header', 'td-has-header', 'th-has-data-cells']);
/** Measuring only (a "before" table for a new rule): record the findings, fail on none. */
const REPORT_ONLY = process.env.AXE_REPORT_ONLY === '1';

/** Runs axe on the page as it stands; every finding, whatever its impact. */
export async function axeScan(page: Page, screen: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const width = page.viewportSize()?.width ?? 0;
  const raw = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<any> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return (r.violations as any[]).map((v) => ({
      rule: v.id as string,
      impact: v.impact as string,
      help: v.help as string,
      targets: (v.nodes as any[]).map((n) => String(n.target?.[0] ?? '')),
      inList: (v.nodes as any[]).every((n) => {
        const el = typeof n.target?.[0] === 'string' ? document.querySelector(n.target[0]) : null;
        return !!el?.closest('.table-wrap, table');
      }),
    }));
  });
  return raw.map((v) => ({
    screen,
    width,
    rule: v.rule,
    impact: v.impact as Impact,
    help: v.help,
    targets: v.targets.slice(0, 5),
    nodes: v.targets.length,
    list: LIST_RULES.has(v.rule) && v.inList,
  }));
}

function record(findings: Finding[], screen: string, width: number): void {
  mkdirSync(dirname(FINDINGS_FILE), { recursive: true });
  // One line per scan, even a clean one, so the table lists every screen looked at.
  appendFileSync(FINDINGS_FILE, JSON.stringify({ screen, width, findings }) + '\n');
}

// Lists block like every other screen part (the shared DataTable makes scrolling tables focusable
// and names its actions header).
const blocking = (f: Finding) => f.impact === 'serious' || f.impact === 'critical';

/**
 * axe on the current screen: fails on a serious or critical finding (named, with its elements),
 * records all of them. Call it once the screen has settled (its data shown, its dialog open).
 */
export async function checkA11y(page: Page, screen: string): Promise<Finding[]> {
  const findings = await axeScan(page, screen);
  const width = page.viewportSize()?.width ?? 0;
  record(findings, screen, width);
  const bad = REPORT_ONLY ? [] : findings.filter(blocking);
  expect(
    bad.map((f) => `${f.impact} ${f.rule} (${f.help}) on ${f.targets.join(', ')}`),
    `axe-core on ${screen} at ${width} px`,
  ).toEqual([]);
  return findings;
}

/** The recorded scans, for the table of a run. */
export function readFindings(): { screen: string; width: number; findings: Finding[] }[] {
  try {
    return readFileSync(FINDINGS_FILE, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
}

const IMPACTS: Impact[] = ['critical', 'serious', 'moderate', 'minor'];

/** Markdown table: one row per screen and width, findings (element count) by impact, and the rules. */
export function findingsTable(scans: { screen: string; width: number; findings: Finding[] }[]): string {
  const rows = new Map<string, { screen: string; width: number; by: Record<Impact, number>; rules: Set<string> }>();
  for (const s of scans) {
    const key = `${s.screen}@${s.width}`;
    const row = rows.get(key) ?? { screen: s.screen, width: s.width, by: { critical: 0, serious: 0, moderate: 0, minor: 0 }, rules: new Set<string>() };
    // The same screen scanned twice (two journeys) counts once: keep the larger count per rule.
    for (const f of s.findings) {
      const tag = `${f.rule} (${f.impact}${f.list ? ', list: G1' : ''})`;
      if (!row.rules.has(tag)) {
        row.rules.add(tag);
        row.by[f.impact] += 1;
      }
    }
    rows.set(key, row);
  }
  const lines = ['| screen | width | critical | serious | moderate | minor | rules |', '|---|---|---|---|---|---|---|'];
  const total: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const r of [...rows.values()].sort((a, b) => a.screen.localeCompare(b.screen) || a.width - b.width)) {
    for (const i of IMPACTS) total[i] += r.by[i];
    lines.push(`| ${r.screen} | ${r.width} | ${IMPACTS.map((i) => r.by[i]).join(' | ')} | ${[...r.rules].sort().join(', ') || '—'} |`);
  }
  lines.push(`| **total** | | ${IMPACTS.map((i) => `**${total[i]}**`).join(' | ')} | |`);
  return lines.join('\n');
}
