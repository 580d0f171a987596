// Taking a closed form's history entry off (lib/use-back-guard.ts) is a history.back() whose
// popstate comes later: a few ms, far more on a loaded phone. Meanwhile the page takes taps, and
// Chromium has fixed the Back's target when it was asked: an entry pushed meanwhile (the next
// dialog typed in, a link followed) is dropped when it lands, and its popstate looks like the
// user's Back. That made the next dialog ask « Abandonner cette saisie ? » by itself, and a batch
// opened right after the batch form was saved went back to the list (decision 0277). So until that
// popstate comes, what the app writes to the history is noted; the popstate is then hidden from the
// router and the dialogs, and those writes are made again.
// That Back is a traversal, and Chromium restores the scroll position the page had when the form's
// entry was pushed: landing seconds later, after the farmer has scrolled to another row, it moved
// the page under the finger between the press and the release, and the tap opened nothing
// (decision 0401). So the entry under a form's entry does not restore its scroll.
// Apart from the guard (feature-ui chunk) because app/start.tsx loads it before the router listens
// (see the listener below), and the login must not load the feature screens' chunk.

/** The key of a form's history entry in the history state; its value is the form's id. */
export const MARK = 'ganaarForm';

interface Write {
  replace: boolean;
  state: unknown;
  url: string | URL | null | undefined;
}

/** A closed form's Back on its way: the entry it lands on, the app's history writes since, how to stop noting them. */
interface Landing {
  below: string;
  /** The scroll restoration the entry it lands on had before the form's entry was put on it. */
  mode: ScrollRestoration;
  writes: Write[];
  end: () => void;
}

// One per window, not per module instance: the web tests evaluate this module afresh for each file
// in one shared jsdom window (tests/web/setup.ts), and a second listener with its own pending Back
// would hide another file's popstate (a test's Back swallowed as a late landing). Their setup ends
// a pending landing between tests through this same object.
const shared = ((window as Window & { __ganaarHistoryLanding?: { landing: Landing | null; listening: boolean } }).__ganaarHistoryLanding ??= {
  landing: null,
  listening: false,
});

/**
 * Past this, the Back's popstate is taken as never coming (it always comes for an entry pushed on
 * this page): noting stops, so a later Back of the user is never hidden.
 */
const LANDING_GIVE_UP_MS = 5_000;

/** A history state without the forms' mark, as text (the router's states are plain JSON). */
const unmarked = (state: unknown) => {
  const { [MARK]: _mark, ...rest } = (state ?? {}) as Record<string, unknown>;
  return JSON.stringify(rest);
};

const isForm = (state: unknown) => (state as Record<string, unknown> | null)?.[MARK] !== undefined;

/**
 * Pushes a form's entry over the current one, which is made 'manual' first: Chromium keeps the
 * scroll restoration of each entry and, for a traversal, uses the one the entry had when it was
 * left (setting it in the popstate handler is too late), so the Back that takes the form's entry
 * off leaves the page where the farmer has scrolled it since. The form's own entry gets the mode
 * back, so that an entry pushed from it (a link followed from the form) restores as any other.
 */
export function pushOver(h: History, state: unknown, url: string | URL | null | undefined) {
  const mode = h.scrollRestoration;
  h.scrollRestoration = 'manual';
  h.pushState(state, '', url);
  h.scrollRestoration = mode;
}

/** Takes the closed form `id`'s entry, on top, off the history. */
export function takeOff(id: string): void {
  if (shared.landing) {
    // Pushed while an earlier form's entry was on its way off: not made again is taken off.
    const i = shared.landing.writes.findLastIndex((w) => !w.replace && (w.state as Record<string, unknown> | null)?.[MARK] === id);
    if (i >= 0) shared.landing.writes.splice(i, 1);
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
  const giveUp = window.setTimeout(() => shared.landing?.end(), LANDING_GIVE_UP_MS);
  shared.landing = {
    // The entry under ours: the one we copied the state of.
    below: unmarked(h.state),
    // the form's entry has the mode the page's had (pushOver)
    mode: h.scrollRestoration,
    writes,
    end: () => {
      h.pushState = pushState;
      h.replaceState = replaceState;
      window.clearTimeout(giveUp);
      shared.landing = null;
    },
  };
  h.back();
}

// Listeners of one target run in the order they were added (at the window, capture ones too, in
// Chromium): this one is added when this module is evaluated, which app/start.tsx makes happen
// before the router listens, so it runs first and can hide the popstate from the router and the
// dialogs. Another popstate meanwhile (a typed address's new hash, state null) is not ours: it
// goes through.
if (!shared.listening) {
  shared.listening = true;
  window.addEventListener('popstate', (e) => {
    const landing = shared.landing;
    if (!landing || unmarked(e.state) !== landing.below) return;
    const { writes, mode } = landing;
    landing.end();
    e.stopImmediatePropagation();
    const h = window.history;
    // Not restored by this traversal (its entry was 'manual'); restored by a later one, as before.
    h.scrollRestoration = mode;
    for (const w of writes) {
      if (w.replace) h.replaceState(w.state, '', w.url);
      else if (isForm(w.state)) pushOver(h, w.state, w.url);
      else h.pushState(w.state, '', w.url);
    }
  });
}
