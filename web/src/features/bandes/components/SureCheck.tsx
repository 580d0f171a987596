// « Êtes-vous sûr ? » inside an entry dialog: when a figure crosses a soft threshold
// (shared/plausibility.ts) the first Enregistrer does not save; the dialog shows the reasons and
// its submit button becomes « Oui, enregistrer », next to « Non, corriger ». Any change of a field
// withdraws the question (the figures it was about are gone), so a yes always answers the figures
// on screen. Kept inside the dialog rather than a second modal: one Escape closes one thing.
// The question itself is the app's one (lib/ui/SureBox.tsx, also the product form's); what is the
// batch entries' own is that a change also withdraws the server's refusal.
import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

export { SureBox, sureLabel, useSure, type Sure } from '../../../lib/ui/SureBox';

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
