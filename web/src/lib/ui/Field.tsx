// A labelled input with its validation message, wired to react-hook-form via register().
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  children?: ReactNode;
  /** The input itself (register()'s ref, or NumberField's): passed on with the other props. */
  ref?: Ref<HTMLInputElement>;
}

export function Field({ label, error, id, children, ...input }: Props) {
  const inputId = id ?? `f-${input.name}`;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <div className={children ? 'input-with-action' : undefined}>
        <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={error ? `${inputId}-err` : undefined} {...input} />
        {children}
      </div>
      {error && (
        <p className="field-error" id={`${inputId}-err`}>
          {error}
        </p>
      )}
    </div>
  );
}
