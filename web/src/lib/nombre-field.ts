// Number fields of the shop forms kept in useState, read as typed (never a silent 0). The input
// itself is lib/ui/NumberField (a text input with a digit pad, not `<input type="number">`, which
// hands the script '' for "1e" or "--5" and, in an English-language browser, drops the comma of
// `2,5`). The text is read by the one rule of shared/nombres.ts: empty, malformed, ambiguous,
// negative or fractional → a French message, never a silent 0.
import { useState, type ChangeEvent } from 'react';
import { lireNombre, type NombreLu, type NombreRule } from '@shared/nombres';

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
