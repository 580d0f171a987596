// Display formats of the spec: amounts with thousands separators and FCFA, dates dd/mm/yyyy
// (with hh:mm:ss when the ISO text carries a time). Dates are read from their text, not through
// Date, so a date never shifts by a day with the viewer's time zone.

/** 12500 → "12 500 FCFA" (plain spaces, so it wraps and copies predictably). */
export function formatFcfa(n: number | null | undefined): string {
  const v = Math.round(Number(n ?? 0));
  if (!Number.isFinite(v)) return '0 FCFA';
  const sign = v < 0 ? '-' : '';
  const digits = String(Math.abs(v)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${digits} FCFA`;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** "2026-11-21T08:05:00" → "21/11/2026". */
export function formatDate(iso: string | null | undefined): string {
  const m = iso ? ISO.exec(iso) : null;
  if (!m) return '';
  return `${m[3]}/${m[2]}/${m[1]}`;
}

/** "2026-11-21T08:05:09" → "21/11/2026 08:05:09"; a date without time → "21/11/2026". */
export function formatDateTime(iso: string | null | undefined): string {
  const m = iso ? ISO.exec(iso) : null;
  if (!m) return '';
  const day = `${m[3]}/${m[2]}/${m[1]}`;
  return m[4] ? `${day} ${m[4]}:${m[5]}:${m[6] ?? '00'}` : day;
}

/** "aMINATA" → "Aminata"; each part of a compound name too ("jean-marc" → "Jean-Marc"). */
export function capitalize(s: string | null | undefined): string {
  if (!s) return '';
  return s
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}
