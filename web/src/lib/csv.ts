// CSV that opens correctly in Excel with a French locale: UTF-8 with a byte-order mark,
// ';' between fields, CRLF between lines, dates dd/mm/yyyy, decimal comma, no thousands separator
// (a figure stays a number in the sheet). A field holding ';', '"' or a line break is quoted.
import { formatDate } from './format';

export interface CsvColumn<T> {
  label: string;
  value: (row: T) => string | number | null | undefined;
  /** The value is an ISO date (or date-time): written dd/mm/yyyy. */
  date?: boolean;
}

const BOM = '\ufeff';

/** An international phone number as formatPhone writes it (spaces, or no-break spaces, between groups). */
const PHONE = /^\+\d[\d \u00a0\u202f]*$/;

function cell(v: string | number | null | undefined, date?: boolean): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'number' ? (Number.isFinite(v) ? String(v).replace('.', ',') : '') : date ? formatDate(v) : v;
  // A text starting with = + - @ would run as a formula in Excel: neutralised with a leading quote.
  // A phone number (+, digits and spaces only: no name, no reference, nothing to run) is written as
  // is, so that the client list's « +225 07 12 34 56 78 » is not exported as « '+225 … » (0224).
  if (typeof v === 'string' && /^[=+\-@]/.test(s) && !PHONE.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => cell(c.label)).join(';'), ...rows.map((r) => columns.map((c) => cell(c.value(r), c.date)).join(';'))];
  return BOM + lines.join('\r\n') + '\r\n';
}

/** Saves the CSV through a temporary link (no server round trip). */
export function downloadCsv<T>(filename: string, columns: readonly CsvColumn<T>[], rows: readonly T[]): void {
  const blob = new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename.endsWith('.csv') ? filename : `${filename}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
