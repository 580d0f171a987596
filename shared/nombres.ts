// Numbers as typed: the one rule every number field of the app reads a number with (the shop
// forms, the storefront, and through web/src/lib/ui/NumberField.tsx the batch dialogs). A field
// left empty, a text that is not a number, a negative value or a fraction where whole units are
// expected is a French message naming the field — never a silent 0, never a silently changed
// number. `2,5` and `2.5` are both two and a half (a phone set to English or Wolof types a dot);
// spaces, no-break and narrow no-break spaces group thousands (`1 500`); `1.500`, and `1,500`
// where only whole numbers are accepted, could be a thousand and a half or one and a half and are
// refused with both readings (decision 0213). Plain functions, no zod: the public storefront
// (web/src/vitrine) uses them too and must stay small.
import { NOMBRE_MSG } from './messages/nombres';

export interface NombreRule {
  /** The field as it starts a sentence: "La quantité", "Le prix de vente", "L'acompte". */
  label: string;
  /** Grammatical gender of the label, for "requis/requise", "négatif/négative". */
  feminin?: boolean;
  /** Smallest accepted value (default 0). */
  min?: number;
  max?: number;
  /** Whole numbers only (default true: FCFA amounts and shop quantities are whole). */
  entier?: boolean;
  /** Decimal places accepted when not whole (default 2). */
  decimales?: number;
}

export type NombreLu = { ok: true; value: number } | { ok: false; message: string };

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** What a typed text holds, before any field's bounds are applied. */
export type Lecture =
  | { kind: 'vide' }
  | { kind: 'nombre'; value: number }
  /** `1.500`: 1 500 (`milliers`) or 1,5 (`decimal`)? Refused, never guessed. */
  | { kind: 'ambigu'; milliers: number; decimal: number }
  | { kind: 'invalide' };

// An optional sign, the whole part (plain digits, or groups of three after a space, a no-break
// or a narrow no-break space: `1 500`, `1 500 000`), then at most one decimal separator, comma or dot.
const TYPED = /^([+-]?)(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d*)(?:([.,])(\d*))?$/;

/**
 * Reads the text of a number field. `entier` says whether the field takes whole numbers only: there
 * `1,500` cannot be one and a half, so it is as ambiguous as `1.500` (decision 0213). `1 2 3`,
 * `1,2,3`, `1.500.000`, `12a` and `1e3` are not numbers.
 */
export function lireTexte(text: string | null | undefined, entier = false): Lecture {
  const t = (text ?? '').trim();
  if (t === '') return { kind: 'vide' };
  const m = TYPED.exec(t);
  if (!m) return { kind: 'invalide' };
  const [, sign, whole, sep, frac = ''] = m as unknown as [string, string, string, string | undefined, string | undefined];
  const digits = whole.replace(/\D/g, '');
  if (digits === '' && frac === '') return { kind: 'invalide' };
  const value = Number(`${sign}${digits || '0'}.${frac || '0'}`);
  if (!Number.isFinite(value)) return { kind: 'invalide' };
  // One separator, 1 to 3 digits before it (not 0) and exactly 3 after, no space grouping: the
  // separator may group thousands. A dot always may (`16.500 F` as prices are written by hand); a
  // comma is French for decimals, so it is ambiguous only where decimals are impossible.
  if (sep && digits === whole && /^[1-9]\d{0,2}$/.test(digits) && frac.length === 3 && (sep === '.' || entier)) {
    return { kind: 'ambigu', milliers: Number(`${sign}${digits}${frac}`), decimal: value };
  }
  return { kind: 'nombre', value };
}

/**
 * Reads what the user typed. `badInput` is the browser's own verdict on an `<input type="number">`
 * (its value reads '' when the text is not a number, e.g. "1e" or "--5"): malformed, not empty.
 */
export function lireNombre(text: string | null | undefined, rule: NombreRule, badInput = false): NombreLu {
  const { label, feminin = false, min = 0, max, entier = true, decimales = 2 } = rule;
  const e = feminin ? 'e' : '';
  if (badInput) return { ok: false, message: `${label} doit être un nombre` };
  const lu = lireTexte(text, entier);
  if (lu.kind === 'vide') return { ok: false, message: `${label} est requis${e}` };
  if (lu.kind === 'invalide') return { ok: false, message: `${label} doit être un nombre` };
  if (lu.kind === 'ambigu') return { ok: false, message: NOMBRE_MSG.ambigu(label, (text ?? '').trim(), lu.milliers, lu.decimal, entier) };
  const { value } = lu;
  if (value < 0) return { ok: false, message: `${label} ne peut pas être négati${feminin ? 've' : 'f'}` };
  if (entier && !Number.isInteger(value)) return { ok: false, message: `${label} doit être un nombre entier` };
  if (!entier) {
    const f = 10 ** decimales;
    if (Math.abs(value * f - Math.round(value * f)) > 1e-9 * Math.max(1, value * f)) {
      return { ok: false, message: `${label} : au plus ${decimales} décimale${decimales > 1 ? 's' : ''}` };
    }
  }
  if (value < min) return { ok: false, message: `${label} doit être au moins ${String(min).replace('.', ',')}` };
  if (max !== undefined && value > max) return { ok: false, message: `${label} ne doit pas dépasser ${grouped(max)}` };
  return { ok: true, value };
}

/**
 * A number as a number field shows it back once left: French digits (`1500` → `1 500`, `2.5` →
 * `2,5`) with plain spaces, which lireTexte reads back to the same number. Every decimal kept.
 */
export function ecrireNombre(value: number): string {
  if (Number.isSafeInteger(value)) return (value < 0 ? '-' : '') + grouped(Math.abs(value));
  const [i, d] = String(Math.abs(value)).split('.');
  if (!d || /e/i.test(String(value))) return String(value);
  return `${value < 0 ? '-' : ''}${grouped(Number(i))},${d}`;
}
