// Calendar days for tests that send a day the server judges against today. The server refuses a
// batch start in the future or more than 3 years back (DEMARRAGE_MAX_JOURS), an entry dated after
// today or before its batch's start; a figure "of this month" moves with the date. A test that
// wrote '2026-03-01' passed in 2026 and failed from 2029 on: its outcome depended on the calendar.
// `pastDay` gives the same month-days every year, in a year that is always past and always inside
// the server's limits, so a test keeps its order of days, its month boundaries and its figures
// whatever day it runs (docs/conventions.md, "Tests").
import { addDays, todayFor } from '@shared/dates';

/** The year the tests' fixed month-days fall in when today is `today` (YYYY-MM-DD): the year before. */
export function yearOfTestDays(today: string): number {
  return Number(today.slice(0, 4)) - 1;
}

/**
 * The year of the tests' fixed days: last year, by the server's today (UTC+0, shared/dates.ts).
 * Every day of it is before today and less than 2 years back; a day of the year before
 * (`pastDay(md, 1)`) is at most 1 095 days back, inside the 1 096 a batch's start may go back.
 * Fixed when the module loads: a run that crosses midnight on 31 December keeps one year, still
 * past and still inside the limits.
 */
export const TEST_YEAR = yearOfTestDays(todayFor());

/**
 * The day `MM-DD` of TEST_YEAR, or of the year before with `yearsBack` 1: pastDay('03-01') is
 * '2025-03-01' in 2026. 29 February is refused: three years in four have none, so a test using
 * it would fail those years; the last day of February is '02-28' in every year.
 */
export function pastDay(monthDay: string, yearsBack: 0 | 1 = 0): string {
  if (monthDay === '02-29') throw new Error('pastDay: 29 February exists one year in four; use 02-28');
  const iso = `${TEST_YEAR - yearsBack}-${monthDay}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || addDays(iso, 0) !== iso) throw new Error(`pastDay: MM-DD of a real day expected, got ${monthDay}`);
  return iso;
}
