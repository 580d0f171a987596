// A small form state for the public screens, in place of react-hook-form + zod there (those stay
// for the feature screens): values, the first error of each field from a validate function built
// on shared/schemas/rules.ts, and when to show it — as soon as a field changes (`change`) or once
// it has lost focus (`touched`), and for every field after a submit attempt.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { RuleError } from '@shared/schemas/rules';

export type Errors<V> = Partial<Record<keyof V, RuleError | undefined>>;

export function useLightForm<V extends Record<string, string>>(initial: V, validate: (v: V) => Errors<V>, mode: 'change' | 'touched') {
  const [values, setValues] = useState<V>(initial);
  const [shown, setShown] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const all = validate(values);
  const isValid = Object.values(all).every((e) => !e);
  const errors: Errors<V> = {};
  for (const k of Object.keys(all) as (keyof V)[]) if (submitted || shown[k]) errors[k] = all[k] ?? undefined;

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      if (mode === 'change') setShown((s) => (s[name] ? s : { ...s, [name]: true }));
    },
    onBlur: () => setShown((s) => (s[name] ? s : { ...s, [name]: true })),
  });

  const handleSubmit = (onValid: (v: V) => void) => (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (isValid) onValid(values);
  };

  const reset = (next: V = initial) => {
    setValues(next);
    setShown({});
    setSubmitted(false);
  };

  return { values, errors, isValid, field, handleSubmit, reset };
}
