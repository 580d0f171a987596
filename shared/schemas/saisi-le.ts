// When an outbox write was typed (contract "Dated entries"): the optional top-level
// `saisi_le` (ISO date-time with Z, set on the device at typing time) becomes the entry's
// created_at when it is plausible, so a sale typed offline at 23:50 stays on its day once synced.
// Never a refusal: an absent, malformed or implausible value is simply the server's now.
import { z } from './common';

/** How far back a device may have kept an entry (a phone left offline for weeks). */
const SAISI_LE_MAX_AGE_DAYS = 31;
/** A device clock a little ahead of the server's is tolerated, not more. */
const SAISI_LE_MAX_AHEAD_MS = 5 * 60_000;

const ISO_Z = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?Z$/;

/** The request field: anything is accepted (never a refusal); only a string can be used. */
export const saisiLe = z.lazy(() =>
  z.optional(
    z.pipe(
      z.unknown(),
      z.transform((v) => (typeof v === 'string' && v.length <= 40 ? v : undefined)),
    ),
  ),
);

/** created_at of an entry: `saisi_le` when it parses and lies in [now − 31 days, now + 5 min], else now. */
export function createdAtFrom(saisi: unknown, now = new Date()): string {
  if (typeof saisi !== 'string') return now.toISOString();
  const m = ISO_Z.exec(saisi);
  if (!m) return now.toISOString();
  const [y, mo, d, h, mi, s = '0', ms = '0'] = m.slice(1);
  const t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0')));
  const back = new Date(t);
  // The calendar must agree (no 31 April, no 25:00).
  if (
    back.getUTCFullYear() !== Number(y) ||
    back.getUTCMonth() !== Number(mo) - 1 ||
    back.getUTCDate() !== Number(d) ||
    back.getUTCHours() !== Number(h) ||
    back.getUTCMinutes() !== Number(mi) ||
    back.getUTCSeconds() !== Number(s)
  ) {
    return now.toISOString();
  }
  const n = now.getTime();
  if (t < n - SAISI_LE_MAX_AGE_DAYS * 86_400_000 || t > n + SAISI_LE_MAX_AHEAD_MS) return now.toISOString();
  return back.toISOString();
}
