// « Êtes-vous sûr ? » inside an entry dialog: when a figure crosses a soft threshold
// (shared/plausibility.ts) the first Enregistrer does not save; the dialog shows the reasons and
// its submit button becomes « Oui, enregistrer », next to « Non, corriger ». Any change of a field
// withdraws the question (the figures it was about are gone), so a yes always answers the figures
// on screen. Kept inside the dialog rather than a second modal: one Escape closes one thing.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { SURE_MSG } from '../../../../../shared/messages/bandes';

export interface Sure {
  /** The reasons being asked about, or null. */
  reasons: string[] | null;
  /**
   * True when the entry may be saved: nothing doubtful, or the farmer already answered yes to
   * these reasons (a second submit). Otherwise shows the question and answers false.
   */
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

/** Withdraws a stale server refusal and a stale question whenever a field of the form changes. */
export function useFreshOnChange<T extends FieldValues>(watch: UseFormWatch<T>, onChange: () => void): void {
  const cb = useRef(onChange);
  useEffect(() => {
    cb.current = onChange;
  });
  useEffect(() => {
    const sub = watch((_, info) => {
      // `info.name` is set for a user's change; a reset or a programmatic setValue without name is not one.
      if (info.name) cb.current();
    });
    return () => sub.unsubscribe();
  }, [watch]);
}

export function SureBox({ sure }: { sure: Sure }) {
  if (!sure.reasons) return null;
  return (
    <div className="alert alert-warning bd-sure" role="alert" data-testid="sure-check">
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
