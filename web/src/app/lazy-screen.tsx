// A lazy screen that can be loaded ahead of its first render (slow networks, issue 12). React's
// lazy() always suspends on a component's first render, even when its file is already in the
// browser's cache; the Suspense fallback then shows, and React holds the screen back for at least
// 300 ms after a fallback (its reveal throttle) — on the dashboard after a login that delayed its
// data queries by 0.3 s. `preload()` imports the module beforehand: an instance rendered once it has
// resolved renders the page directly, without suspending.
import { lazy, useState, type ComponentType } from 'react';

type Module = { default: ComponentType };

export type PreloadableScreen = ComponentType & { preload: () => Promise<unknown> };

export function lazyScreen(factory: () => Promise<Module>): PreloadableScreen {
  let loaded: Module | undefined;
  let pending: Promise<Module> | undefined;
  const load = () =>
    (pending ??= factory().then(
      (m) => (loaded = m),
      (err: unknown) => {
        // A failed fetch (flaky network) may succeed on the next try.
        pending = undefined;
        throw err;
      },
    ));
  const Suspending = lazy(load);
  function Screen() {
    // Chosen once per mounted instance: switching from the lazy wrapper to the page would remount it.
    const [Page] = useState(() => loaded?.default);
    return Page ? <Page /> : <Suspending />;
  }
  Screen.preload = load;
  return Screen;
}
