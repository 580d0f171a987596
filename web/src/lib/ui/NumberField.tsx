// The one number input of the app (decision 0213). A text input with a digit pad
// (`inputMode`), never `<input type="number">`: an English-language Chromium dropped the comma
// keystroke of a number input, so `2,5` birds were saved as 25 and `1,5` sacks as 15, silently.
// The text is read by shared/nombres.ts (`2,5` = `2.5`, spaces between thousands, `1.500` refused
// as ambiguous); once left, the field shows the number back in French (`1500` → `1 500`, `2.5` →
// `2,5`) without changing it. Works with react-hook-form's register() (with `nombreTape` as its
// setValueAs, so the form's values stay numbers for zod) and with a text kept in useState.
import { useState, type ChangeEvent, type ComponentProps, type FocusEvent, type Ref } from 'react';
import { ecrireNombre, lireTexte } from '@shared/nombres';
import { NOMBRE_MSG } from '@shared/messages/nombres';
import { Field } from './Field';

/**
 * react-hook-form's `setValueAs` for a number field: empty → undefined (the schema's "requis"), a
 * number → its value, anything else (letters, `1,2,3`, the ambiguous `1.500`) → NaN, which the
 * schema refuses naming the field. Never a silent 0, never a changed number.
 */
export const nombreTape = {
  setValueAs: (v: unknown): number | undefined => {
    if (v === '' || v === null || v === undefined) return undefined;
    if (typeof v === 'number') return v;
    const lu = lireTexte(String(v));
    return lu.kind === 'vide' ? undefined : lu.kind === 'nombre' ? lu.value : Number.NaN;
  },
};

type Props = Omit<ComponentProps<typeof Field>, 'type' | 'inputMode' | 'ref'> & {
  /** Decimals accepted (kg, a weight, a percentage): the pad with a separator. Default: whole numbers. */
  decimal?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** Sets an input's text as typing would, so React and react-hook-form read the change. */
function typeText(el: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The French text of what the field holds, or null when it holds no number (left as typed). */
function french(text: string, entier: boolean): string | null {
  const lu = lireTexte(text, entier);
  return lu.kind === 'nombre' ? ecrireNombre(lu.value) : null;
}

export function NumberField({ label, error, decimal = false, ref, onChange, onBlur, ...input }: Props) {
  const entier = !decimal;
  const controlled = input.value !== undefined;
  // The text as typed, for the message of an ambiguous number (a registered input keeps it in the
  // DOM). A value the form sets (an entry opened to be corrected) shows as the form writes it until
  // the field is left: formatting it on mount would fight react-hook-form's own writes (reset, drafts).
  const [typed, setTyped] = useState('');
  const text = controlled ? String(input.value) : typed;
  const lu = lireTexte(text, entier);
  // The form finds the value wrong; when the text is `1.500`, say why and how to type it (unless
  // the form's own reading, lireNombre, already said so).
  const ambigu = error && lu.kind === 'ambigu' && !error.includes(`« ${text.trim()} »`);
  const shown = ambigu ? NOMBRE_MSG.ambigu(label, text.trim(), lu.milliers, lu.decimal, entier) : error;
  return (
    <Field
      label={label}
      error={shown}
      type="text"
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      spellCheck={false}
      {...input}
      ref={ref}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        setTyped(e.target.value);
        onChange?.(e);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        const f = french(e.currentTarget.value, entier);
        if (f !== null && f !== e.currentTarget.value) typeText(e.currentTarget, f);
        onBlur?.(e);
      }}
    />
  );
}
