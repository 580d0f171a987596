// Numbers as typed: the one rule every shop form reads a number with. A field
// left empty, a text that is not a number, a negative value or a fraction where whole units are
// expected is a French message naming the field — never a silent 0. Plain functions, no zod: the
// public storefront (web/src/vitrine) uses them too and must stay small.

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

/**
 * Reads what the user typed. `badInput` is the browser's own verdict on an `<input type="number">`
 * (its value reads '' when the text is not a number, e.g. "1e" or "--5"): malformed, not empty.
 * A decimal comma is accepted ("12,5").
 */
export function lireNombre(text: string | null | undefined, rule: NombreRule, badInput = false): NombreLu {
  const { label, feminin = false, min = 0, max, entier = true, decimales = 2 } = rule;
  const e = feminin ? 'e' : '';
  const raw = (text ?? '').trim().replace(/\s+/g, '');
  if (badInput) return { ok: false, message: `${label} doit être un nombre` };
  if (raw === '') return { ok: false, message: `${label} est requis${e}` };
  const normal = raw.replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(normal)) return { ok: false, message: `${label} doit être un nombre` };
  const value = Number(normal);
  if (!Number.isFinite(value)) return { ok: false, message: `${label} doit être un nombre` };
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
