// Display formats of the spec: amounts with thousands separators and FCFA, per-bird costs and
// rates with 2 decimals and a decimal comma, dates dd/mm/yyyy (with hh:mm:ss when the ISO text
// carries a time). Dates are read from their text, not through
// Date, so a date never shifts by a day with the viewer's time zone.

/** 12500 → "12 500 FCFA" (plain spaces, so it wraps and copies predictably). */
export function formatFcfa(n: number | null | undefined): string {
  const v = Math.round(Number(n ?? 0));
  if (!Number.isFinite(v)) return '0 FCFA';
  const sign = v < 0 ? '-' : '';
  const digits = String(Math.abs(v)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${digits} FCFA`;
}

/** A per-bird cost with 2 decimals (spec part 1 §9): 687.5 → "687,50 FCFA", 1583 → "1 583 FCFA". */
export function formatCost(n: number): string {
  const [int, dec] = Math.abs(n).toFixed(2).split('.');
  const whole = formatFcfa(Number(int) * Math.sign(n || 1)).replace(' FCFA', '');
  return dec === '00' ? `${whole} FCFA` : `${whole},${dec} FCFA`;
}

/** A rate with the French decimal comma: 118.18 → "118,18 %". */
export function formatRate(n: number | null): string {
  return `${String(n ?? 0).replace('.', ',')} %`;
}

/** A quantity with the French decimal comma and thousands spaces: 1250.5 → "1 250,5". */
export function formatNumber(n: number): string {
  const [int, dec] = String(n).split('.');
  const whole = int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return dec ? `${whole},${dec}` : whole;
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
