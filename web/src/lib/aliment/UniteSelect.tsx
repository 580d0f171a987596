// The feed unit picker of the store's dialogs (kg, sacks of 25 or 50 kg, tonnes: the expenses' codes).
import type { SelectHTMLAttributes, Ref } from 'react';
import { UNITES_ALIMENT } from '@shared/schemas/aliment';

type Props = SelectHTMLAttributes<HTMLSelectElement> & { id: string; error?: string; ref?: Ref<HTMLSelectElement> };

export function UniteSelect({ id, error, ...select }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>Unité</label>
      <select id={id} aria-invalid={error ? true : undefined} {...select}>
        {UNITES_ALIMENT.map((u) => (
          <option key={u.code} value={u.code}>
            {u.nom}
          </option>
        ))}
      </select>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
