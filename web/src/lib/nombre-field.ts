// Number fields of the shop forms, read as typed (never a silent 0). The inputs are text inputs with
// a numeric keyboard (`inputMode`), as the GOV.UK design system advises: an `<input type="number">`
// hands the script '' for "1e" or "--5", so a malformed number would read as an empty one and the
// user would not learn what is wrong. The text is read by the one rule of shared/nombres.ts:
// empty, malformed, negative or fractional → a French message, never a silent 0.
import { useState, type ChangeEvent } from 'react';
import { lireNombre, type NombreLu, type NombreRule } from '../../../shared/nombres';

/** Props of a whole-number input (quantities, FCFA amounts). */
export const NUMBER_INPUT = { type: 'text', inputMode: 'numeric', autoComplete: 'off', spellCheck: false } as const;
/** Props of a decimal input (a percentage). */
export const DECIMAL_INPUT = { ...NUMBER_INPUT, inputMode: 'decimal' } as const;

/** The state of one number field typed as text, for the forms built on useState. */
export function useNombreField(initial = '') {
  const [text, setText] = useState(initial);
  return {
    text,
    setText,
    inputProps: { value: text, onChange: (e: ChangeEvent<HTMLInputElement>) => setText(e.target.value) },
    read: (rule: NombreRule): NombreLu => lireNombre(text, rule),
  };
}
