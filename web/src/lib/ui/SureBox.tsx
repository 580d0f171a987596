// « Êtes-vous sûr ? » inside a form dialog (a batch entry's doubtful figure, a product priced
// 0 FCFA): the first submit does not save, the dialog says why and its submit button becomes
// « Oui, enregistrer », next to « Non, corriger »; changing a field withdraws the question. Two
// features use it (features/bandes/components/SureCheck.tsx, the product form): it lives here.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { SURE_MSG } from '@shared/messages/bandes';

export interface Sure {
  /** The reasons being asked about, or null. */
  reasons: string[] | null;
  /** True when the form may be saved: nothing doubtful, or these reasons already answered yes. Otherwise asks and answers false. */
  confirmed: (found: (string | null)[]) => boolean;
  withdraw: () => void;
}

export function useSure(): Sure {
  const [reasons, setReasons] = useState<string[] | null>(null);
  const asked = useRef<string[] | null>(null);
  const withdraw = useCallback(() => {
    asked.current = null;
    setReasons(null);
  }, []);
  const confirmed = (found: (string | null)[]) => {
    const list = found.filter((r): r is string => !!r);
    if (!list.length) return true;
    if (asked.current && asked.current.join('\n') === list.join('\n')) return true;
    asked.current = list;
    setReasons(list);
    return false;
  };
  return { reasons, confirmed, withdraw };
}

/** Withdraws the question whenever a field of the form changes: a yes always answers the figures on screen. */
export function useWithdrawOnChange<T extends FieldValues>(watch: UseFormWatch<T>, sure: Sure): void {
  const { withdraw } = sure;
  useEffect(() => {
    const sub = watch((_, info) => {
      // `info.name` is set for a user's change; a reset or a restored draft is not one.
      if (info.name) withdraw();
    });
    return () => sub.unsubscribe();
  }, [watch, withdraw]);
}

export function SureBox({ sure }: { sure: Sure }) {
  if (!sure.reasons) return null;
  return (
    <div className="alert alert-warning form-sure" role="alert" data-testid="sure-check">
      <strong>{SURE_MSG.title}</strong>
      <ul>
        {sure.reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <button type="button" className="btn btn-small" onClick={sure.withdraw}>
        {SURE_MSG.no}
      </button>
    </div>
  );
}

/** The submit button's label: « Oui, enregistrer » while the question is asked. */
export const sureLabel = (sure: Sure, label = 'Enregistrer') => (sure.reasons ? SURE_MSG.yes : label);
