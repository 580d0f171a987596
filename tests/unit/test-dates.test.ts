// The tests that talk to the server (tests/api, tests/e2e and their helpers) send no fixed calendar
// day: the server judges days against today (a batch's start within 3 years, no entry in the
// future…), so a fixed day turns a passing test red as the years go by. They build days with
// tests/helpers/test-dates.ts instead. This file checks that helper's year rule for every day of
// many years, and scans those folders for a day written out (2026-03-01, 01/03/2026).
//
// A day that does not depend on today (an impossible day refused for its form, a range covering
// every possible day, an expiry long past) stays written out with a comment saying so on its line
// or the line above: `// fixed date: <why>`. Impossible days (2026-02-30) need none. The scan
// reads code lines only (comments are skipped), so the rule costs one comment per deliberate day
// and raises no alarm on a day the server never sees.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays } from '@shared/dates';
import { DEMARRAGE_MAX_JOURS } from '@shared/schemas/bandes';
import { pastDay, TEST_YEAR, yearOfTestDays } from '../helpers/test-dates';
import { filesUnder } from '../helpers/source-files';

const ROOT = process.cwd();
const SCANNED = ['tests/api', 'tests/e2e', 'tests/helpers'];
const MARKER = /\/\/ fixed date: \S/;

/** True when y-m-d is a day of the calendar (2026-02-30 and 2026-13-01 are not). */
function realDay(y: string, m: string, d: string): boolean {
  const t = new Date(`${y}-${m}-${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === `${y}-${m}-${d}`;
}

/** The real days written out on a code line, ISO (2026-03-01) or French (01/03/2026). */
function daysOn(line: string): string[] {
  const code = line.replace(/\s\/\/\s.*$/, '');
  const iso = [...code.matchAll(/(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?!\d)/g)].filter((m) => realDay(m[1], m[2], m[3]));
  const fr = [...code.matchAll(/(?<!\d)(\d{2})\/(\d{2})\/(\d{4})(?!\d)/g)].filter((m) => realDay(m[3], m[2], m[1]));
  return [...iso, ...fr].map((m) => m[0]);
}

describe('tests/helpers/test-dates.ts', () => {
  it("puts every fixed day in the past and within a batch start's 3 years, whatever day it is (2026 to 2060)", () => {
    for (let today = '2026-01-01'; today <= '2060-12-31'; today = addDays(today, 1)) {
      const y = yearOfTestDays(today);
      // the latest fixed day is before today; the earliest (1 January of the year before) is not too old
      expect(`${y}-12-31` < today, today).toBe(true);
      expect(`${y - 1}-01-01` >= addDays(today, -DEMARRAGE_MAX_JOURS), today).toBe(true);
    }
  });

  it('keeps the month-day, refuses 29 February and impossible days', () => {
    expect(pastDay('03-01')).toBe(`${TEST_YEAR}-03-01`);
    expect(pastDay('06-01', 1)).toBe(`${TEST_YEAR - 1}-06-01`);
    expect(pastDay('02-28')).toBe(`${TEST_YEAR}-02-28`);
    expect(() => pastDay('02-29')).toThrow(/29 February/);
    for (const bad of ['02-30', '13-01', '3-01', '04-31']) expect(() => pastDay(bad), bad).toThrow();
  });
});

describe('no fixed calendar day in the tests that talk to the server', () => {
  it('finds the days the scan is about, and only those', () => {
    expect(daysOn("post('/api/bande/create', { date_demarage: '2026-03-01' })")).toEqual(['2026-03-01']);
    expect(daysOn("get('/api/dashboard/periode/2026-03-01/2026-03-31')")).toEqual(['2026-03-01', '2026-03-31']);
    expect(daysOn("expect(cell).toBe('02/03/2026')")).toEqual(['02/03/2026']);
    expect(daysOn("{ debut: '2026-02-29', fin: '2026-02-30', mois: '2026-13' }")).toEqual([]);
    expect(daysOn("migrate('2026-11-period-index') // since 2026-11-01")).toEqual([]);
  });

  it('tests/api, tests/e2e and tests/helpers write no real day without saying why it does not depend on today', () => {
    const offences: string[] = [];
    for (const dir of SCANNED) {
      for (const file of filesUnder(join(ROOT, dir), /\.tsx?$/)) {
        const lines = readFileSync(file, 'utf8').split('\n');
        lines.forEach((line, i) => {
          const t = line.trim();
          if (t.startsWith('//') || t.startsWith('*') || t.startsWith('/*')) return;
          if (MARKER.test(line) || MARKER.test(lines[i - 1] ?? '')) return;
          for (const day of daysOn(line)) offences.push(`${relative(ROOT, file)}:${i + 1}: ${day}`);
        });
      }
    }
    expect(
      offences,
      'build the day with tests/helpers/test-dates.ts (pastDay) or from today; a day that does not depend on today takes `// fixed date: <why>` on its line or the line above',
    ).toEqual([]);
  });
});
