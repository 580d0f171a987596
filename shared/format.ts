// The display formats of the spec, written once for the screens, the storefront, the server's
// messages and e-mails, and the local sandboxes: amounts with thousands separators and FCFA,
// per-bird costs and rates with 2 decimals and a decimal comma, dates dd/mm/yyyy (with hh:mm:ss
// when the ISO text carries a time). Plain functions with no import, so the public storefront and
// a Lambda's cold start load nothing more than this file. Spaces are plain spaces (not the
// narrow no-break space of `Intl`), so a figure wraps and copies predictably. Dates are read from
// their text, not through Date, so a date never shifts by a day with the viewer's time zone.

/** Digits with a plain space between thousands: "1250000" → "1 250 000" (a sign or decimals kept). */
const grouped = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/**
 * A number as French text with plain spaces between thousands (`1 000 000 000`), as
 * `toLocaleString('fr-FR')` writes it. Integers are grouped by hand: the first `toLocaleString`
 * of a process loads ICU's French data (~10 ms), and the limit messages are built when a Lambda
 * loads (docs/decisions.md, "Performance budgets": cold starts).
 */
export const formatNombre = (n: number): string =>
  Number.isSafeInteger(n) ? (n < 0 ? '-' : '') + grouped(String(Math.abs(n))) : n.toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ');

/** 12500 → "12 500 FCFA"; rounded to the franc (XOF has no minor unit); not a number → "0 FCFA". */
export function formatFcfa(n: number | null | undefined): string {
  const v = Math.round(Number(n ?? 0));
  if (!Number.isFinite(v)) return '0 FCFA';
  return `${v < 0 ? '-' : ''}${grouped(String(Math.abs(v)))} FCFA`;
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
  const whole = grouped(int);
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
  return s.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}
