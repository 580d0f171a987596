// The phone's Back button must not drop a half-typed form. While a form dialog holds typed values,
// one history entry of the same address sits on top of the page's: Back takes it off (the page
// stays, the router sees the same path) and the dialog asks « Abandonner cette saisie ? » instead
// of vanishing. « Continuer la saisie » puts the entry back; « Oui, abandonner » closes the form.
// Back on a form with nothing typed just closes it. Closing the form any other way (saved,
// Annuler, ×) takes the entry off again, so Back then leaves the page as before.
// Even if the page goes anyway (Back pressed twice, the tab dropped), the form's draft
// (lib/use-draft.ts) stays on the device and comes back when the form is opened again.
//
// Taking the entry off is a history.back() whose popstate comes later: a few ms, far more on a
// loaded phone. Meanwhile the page takes taps, and Chromium has fixed the Back's target when it was
// asked: an entry pushed meanwhile (the next dialog typed in, a link followed) is dropped when it
// lands, and its popstate looks like the user's Back. That made the next dialog ask « Abandonner
// cette saisie ? » by itself, and a batch opened right after saving another form went back to the
// list (decision 0277). So until that popstate comes, what the app writes to the history is noted;
// the popstate is then hidden from the router and the dialogs, and those writes are made again.
import { useCallback, useEffect, useRef, useState } from 'react';

const MARK = 'ganaarForm';

/** Whether the current history entry is the one this form put on top. */
const onTop = (id: string) => (window.history.state as Record<string, unknown> | null)?.[MARK] === id;

interface Write {
  replace: boolean;
  state: unknown;
  url: string | URL | null | undefined;
}

/** A closed form's Back on its way: the entry it lands on, the app's history writes since, how to stop noting them. */
let landing: { below: string; writes: Write[]; end: () => void } | null = null;

/**
 * Past this, the Back's popstate is taken as never coming (it always comes for an entry pushed on
 * this page): noting stops, so a later Back of the user is never hidden.
 */
const LANDING_GIVE_UP_MS = 5_000;

/** A history state without this module's mark, as text (the router's states are plain JSON). */
const unmarked = (state: unknown) => {
  const { [MARK]: _mark, ...rest } = (state ?? {}) as Record<string, unknown>;
  return JSON.stringify(rest);
};

/** Takes the closed form `id`'s entry, on top, off the history. */
function takeOff(id: string): void {
  if (landing) {
    // Pushed while an earlier form's entry was on its way off: not made again is taken off.
    const i = landing.writes.findLastIndex((w) => !w.replace && (w.state as Record<string, unknown> | null)?.[MARK] === id);
    if (i >= 0) landing.writes.splice(i, 1);
    return;
  }
  const h = window.history;
  const { pushState, replaceState } = h;
  const writes: Write[] = [];
  h.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
    writes.push({ replace: false, state, url });
    pushState.call(h, state, unused, url);
  };
  h.replaceState = (state: unknown, unused: string, url?: string | URL | null) => {
    writes.push({ replace: true, state, url });
    replaceState.call(h, state, unused, url);
  };
  const giveUp = window.setTimeout(() => landing?.end(), LANDING_GIVE_UP_MS);
  landing = {
    // The entry under ours: the one we copied the state of.
    below: unmarked(h.state),
    writes,
    end: () => {
      h.pushState = pushState;
      h.replaceState = replaceState;
      window.clearTimeout(giveUp);
      landing = null;
    },
  };
  h.back();
}

// Listeners of one target run in the order they were added (at the window, capture ones too, in
// Chromium): this one is added when this module is evaluated, which app/start.tsx makes happen
// before the router listens, so it runs first and can hide the popstate from the router and the
// dialogs. Another popstate meanwhile (a typed address's new hash, state null) is not ours: it
// goes through.
window.addEventListener('popstate', (e) => {
  if (!landing || unmarked(e.state) !== landing.below) return;
  const { writes } = landing;
  landing.end();
  e.stopImmediatePropagation();
  for (const w of writes) (w.replace ? window.history.replaceState : window.history.pushState).call(window.history, w.state, '', w.url);
});

/**
 * `dirty`: the form holds typed values. `close`: what Back does to a form with nothing typed.
 * Returns `asking` (show the question), `ask` (Escape or a tap outside on a typed form asks the
 * same) and `stay` (« Continuer la saisie »).
 */
export function useBackGuard(dirty: boolean, close: () => void) {
  const [id] = useState(() => Math.random().toString(36).slice(2));
  const [asking, setAsking] = useState(false);
  const state = useRef({ dirty, close, mounted: false, pushed: false });
  useEffect(() => {
    state.current.dirty = dirty;
    state.current.close = close;
  });

  // The entry goes on top once something is typed, and again after « Continuer la saisie ».
  useEffect(() => {
    if (dirty && !asking && !onTop(id)) {
      window.history.pushState({ ...(window.history.state as object | null), [MARK]: id }, '', window.location.href);
      state.current.pushed = true;
    }
  }, [dirty, asking, id]);

  useEffect(() => {
    const s = state.current;
    s.mounted = true;
    const onPop = () => {
      if (!s.pushed || onTop(id)) return;
      s.pushed = false; // Back took our entry off
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
