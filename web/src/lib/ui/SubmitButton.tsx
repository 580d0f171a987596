// Primary submit button: reads "Loading ..." and is disabled while its call runs (spec part 1 §4).
import type { ButtonHTMLAttributes } from 'react';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  pending?: boolean;
  /** Looks grey (invalid form) without being disabled, so a click still reveals what is missing. */
  muted?: boolean;
}

export function SubmitButton({ pending, muted, disabled, children, className, ...rest }: Props) {
  const cls = ['btn', 'btn-primary', muted ? 'btn-muted' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type="submit" className={cls} disabled={pending || disabled} aria-busy={pending || undefined} {...rest}>
      {pending ? 'Chargement…' : children}
    </button>
  );
}
