// Days as the businesses live them. Ganaar's businesses are in Senegal (Africa/Dakar) and
// Côte d'Ivoire (Africa/Abidjan): both UTC+0 all year, without daylight saving, so "today in the
// business's time zone" is the UTC day of the clock shifted by a fixed offset per country. The
// table is plain data and nothing here touches Intl/ICU: this module is imported by the login
// screen's bundle and by every Lambda, and the first Intl date call of a process costs ~10 ms
// (docs/decisions.md, "Performance budgets"). Days are `YYYY-MM-DD` text throughout.

const DAY_MS = 86_400_000;

/** Hours ahead of UTC, per business country code; both countries served today are UTC+0. */
const UTC_OFFSET_HOURS: Record<string, number> = { sn: 0, ci: 0 };

/** The country code of a business's `pays` as stored ('sn', 'Senegal', 'Sénégal', "Côte d'Ivoire"…). */
function paysCode(pays: string | null | undefined): string | null {
  const p = (pays ?? '').trim().toLowerCase();
  if (!p) return null;
  if (p === 'sn' || p.startsWith('s\u00e9n\u00e9gal') || p.startsWith('senegal')) return 'sn';
  if (p === 'ci' || p.includes('ivoire')) return 'ci';
  return p;
}

/** Today (YYYY-MM-DD) in the business's time zone; an unknown country counts as UTC+0. */
export function todayFor(pays?: string | null, now: Date = new Date()): string {
  const code = paysCode(pays);
  const offset = (code && UTC_OFFSET_HOURS[code]) || 0;
  return new Date(now.getTime() + offset * 3_600_000).toISOString().slice(0, 10);
}

/** The day `n` days after `day` (before it when n < 0). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (negative when b is before a); a time part is ignored. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b.slice(0, 10)}T00:00:00Z`) - Date.parse(`${a.slice(0, 10)}T00:00:00Z`)) / DAY_MS);
}

/** dd/mm/yyyy, as every screen and message shows a day. */
export function formatJour(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** How far back and ahead a device's typing time (`saisi_le`) is believed. */
const SAISIE_MAX_AGE_DAYS = 31;
const SAISIE_MAX_AHEAD_MS = 5 * 60_000;

const SAISIE_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z$/;

/**
 * The `created_at` of a write sent by the outbox: the time it was typed on the device (`saisi_le`,
 * ISO date-time in UTC) when it parses and lies within [now − 31 days, now + 5 minutes], else now.
 * Never a refusal: a device with a wrong clock still gets its entry recorded, at the server's time.
 */
export function createdAtFrom(saisiLe: unknown, now: Date = new Date()): string {
  if (typeof saisiLe === 'string' && SAISIE_RE.test(saisiLe)) {
    const at = Date.parse(saisiLe);
    const n = now.getTime();
    if (Number.isFinite(at) && at >= n - SAISIE_MAX_AGE_DAYS * DAY_MS && at <= n + SAISIE_MAX_AHEAD_MS) {
      const iso = new Date(at).toISOString();
      // Date.parse rolls an impossible day over (2026-02-30 → 03-02): only an exact day is believed.
      if (iso.slice(0, 10) === saisiLe.slice(0, 10)) return iso;
    }
  }
  return now.toISOString();
}
