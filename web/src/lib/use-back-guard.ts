// The phone's Back button must not drop a half-typed form. While a form dialog holds typed values,
// one history entry of the same address sits on top of the page's: Back takes it off (the page
// stays, the router sees the same path) and the dialog asks « Abandonner cette saisie ? » instead
// of vanishing. « Continuer la saisie » puts the entry back; « Oui, abandonner » closes the form.
// Back on a form with nothing typed just closes it. Closing the form any other way (saved,
// Annuler, ×) takes the entry off again, so Back then leaves the page as before.
// Even if the page goes anyway (Back pressed twice, the tab dropped), the form's draft
// (lib/use-draft.ts) stays on the device and comes back when the form is opened again.
//
// The entry is taken off through lib/history-landing.ts: its Back lands late, and meanwhile the app
// may write to the history (decision 0277).
import { useCallback, useEffect, useRef, useState } from 'react';
import { MARK, pushOver, takeOff } from './history-landing';

/**
 * Puts form `id`'s entry on top of the page's (same address and state, with the mark). Returns the
 * page entry's scroll restoration, to give back once the user's Back has taken the form's entry off
 * (`uncovered`); taken off by `takeOff`, the landing gives it back. Here, not in history-landing.ts:
 * that module is in every first screen (the sign-up's is at its budget), this only where a form is.
 */
function putOn(id: string): ScrollRestoration {
  const h = window.history;
  pushOver(h, { ...(h.state as object | null), [MARK]: id }, window.location.href);
  return h.scrollRestoration;
}

/** The user's Back took a form's entry off: the entry it landed on restores its scroll again, as the app's other entries do. */
function uncovered(mode: ScrollRestoration): void {
  window.history.scrollRestoration = mode;
}

/** Whether the current history entry is the one this form put on top. */
const onTop = (id: string) => (window.history.state as Record<string, unknown> | null)?.[MARK] === id;

/**
 * `dirty`: the form holds typed values. `close`: what Back does to a form with nothing typed.
 * Returns `asking` (show the question), `ask` (Escape or a tap outside on a typed form asks the
 * same) and `stay` (« Continuer la saisie »).
 */
export function useBackGuard(dirty: boolean, close: () => void) {
  const [id] = useState(() => Math.random().toString(36).slice(2));
  const [asking, setAsking] = useState(false);
  const state = useRef({ dirty, close, mounted: false, pushed: false, mode: 'auto' as ScrollRestoration });
  useEffect(() => {
    state.current.dirty = dirty;
    state.current.close = close;
  });

  // The entry goes on top once something is typed, and again after « Continuer la saisie ».
  useEffect(() => {
    if (dirty && !asking && !onTop(id)) {
      state.current.mode = putOn(id);
      state.current.pushed = true;
    }
  }, [dirty, asking, id]);

  useEffect(() => {
    const s = state.current;
    s.mounted = true;
    const onPop = () => {
      if (!s.pushed || onTop(id)) return;
      s.pushed = false; // Back took our entry off
      uncovered(s.mode);
      if (s.dirty) setAsking(true);
      else s.close();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      s.mounted = false;
      window.removeEventListener('popstate', onPop);
      // Closed while our entry is still on top: take it off, unless the dialog came straight back
      // (React's development double mount, done by the time a microtask runs) or the app navigated
      // meanwhile (then it is not on top). A microtask, not a timer: no tap comes in between.
      queueMicrotask(() => {
        if (!s.mounted && onTop(id)) takeOff(id);
      });
    };
  }, [id]);

  return {
    asking,
    ask: useCallback(() => setAsking(true), []),
    stay: useCallback(() => setAsking(false), []),
  };
}
