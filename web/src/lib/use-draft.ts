// An unsaved form survives a reload on the device: a cheap phone drops a tab behind the
// camera or a call, and the farmer finds the form empty. While a form is open its values are kept
// in localStorage under its key; they come back when the same form opens again (the list reopens a
// creation form left with a draft), and are dropped when it is saved or deliberately closed
// (Annuler, ×, Escape). Signing out clears localStorage, so nothing passes to another user of the
// phone. Only what the user typed is kept: no token, no server answer.
import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

const PREFIX = 'ganaar.draft.';

function read(key: string): Record<string, unknown> | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    const v: unknown = raw ? JSON.parse(raw) : null;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null; // storage refused (private mode) or a damaged entry: no draft
  }
}

/** True when a form left open before a reload has a draft here (the list reopens it). */
export function hasDraft(key: string): boolean {
  return read(key) !== null;
}

function clearDraft(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // storage unavailable: nothing was kept either
  }
}

/**
 * Keeps `form`'s values under `key` while it is open and puts a draft back on opening. Returns
 * whether a draft was restored (the dialog says so), `clear` (saved or closed on purpose) and
 * `discard` (the user's "Effacer le brouillon": back to the form's defaults).
 */
export function useDraft<T extends FieldValues>(key: string, form: Pick<UseFormReturn<T>, 'watch' | 'reset' | 'getValues'>) {
  // A form's key is fixed for its life (a dialog per item): whether it opens on a draft is known at once.
  const [restored, setRestored] = useState(() => read(key) !== null);
  const done = useRef(false);
  const { watch, reset, getValues } = form;
  useEffect(() => {
    done.current = false;
    const draft = read(key);
    if (draft) {
      // Over the form's own defaults, which stay its reference (dirty = differs from them). Not
      // validated here: a half-typed draft shows its errors when sent, as a fresh form does.
      reset({ ...getValues(), ...draft } as T, { keepDefaultValues: true });
    }
    const sub = watch((values) => {
      if (done.current) return;
      try {
        localStorage.setItem(PREFIX + key, JSON.stringify(values));
      } catch {
        // quota or private mode: the form still works, without a draft
      }
    });
    return () => sub.unsubscribe();
  }, [key, watch, reset, getValues]);
  return {
    restored,
    clear: () => {
      done.current = true;
      clearDraft(key);
    },
    discard: () => {
      reset();
      clearDraft(key); // after the reset, which the watcher above has just saved
      setRestored(false);
    },
  };
}
