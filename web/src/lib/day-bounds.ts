// The day of an entry, bounded on screen as the server bounds it, so a
// day outside reality never leaves the form: the input's min/max keep the browser's picker inside [first allowed day, today], and
// the form's schema says why in the server's own French words when a day is typed outside them.
// Today is the business's day (shared/dates.ts: Senegal and Côte d'Ivoire are UTC+0), not the
// phone's local calendar day.
import { addDays, todayFor } from '@shared/dates';
import { DEMARRAGE_MAX_JOURS } from '@shared/schemas/bandes';
import { z, jour } from '@shared/schemas/common';

/** Today, in the business's time zone. */
export const today = (): string => todayFor();

export interface DayBounds {
  /** First allowed day (YYYY-MM-DD). */
  min: string;
  /** Last allowed day: today. */
  max: string;
}

/** The bounds of a batch entry: from the batch's start day to today. */
export const batchDayBounds = (dateDemarrage: string, now = today()): DayBounds => ({ min: dateDemarrage.slice(0, 10), max: now });

/** The bounds of a batch's start: today − 1 096 days to today. */
export const startDayBounds = (now = today()): DayBounds => ({ min: addDays(now, -DEMARRAGE_MAX_JOURS), max: now });

/**
 * A required day within `bounds`, with the message of each side. An empty field says the date is
 * required (never "today" by default behind the farmer's back).
 */
export function dayWithin(bounds: DayBounds, messages: { future: string; before: string }) {
  return z.pipe(z.string({ error: 'Date requise' }).check(z.minLength(1, { error: 'Date requise' })), jour).check(
    z.refine((d) => d <= bounds.max, { error: messages.future }),
    z.refine((d) => d >= bounds.min, { error: messages.before }),
  );
}
