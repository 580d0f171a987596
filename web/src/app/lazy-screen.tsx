// A lazy screen that never suspends (slow networks). React's lazy() suspends on a
// component's first render, even when its file is already in the browser's cache; the Suspense
// fallback then shows, and React holds the screen back for at least 300 ms after a fallback (its
// reveal throttle). On a signed-in reopen that held the shell and the dashboard back by 0.3 s after
// their files had arrived, and after a login it delayed the dashboard's data queries.
// Here a screen whose module is loaded renders at once; one still loading shows the page loader
// itself (not a Suspense fallback) and renders the page as soon as the import resolves.
// `preload()` starts the import ahead of the first render. A failed import is thrown to the
// nearest error boundary, and tried again on the next mount (React.lazy would keep the failure).
import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { PageLoader } from '../lib/ui/PageLoader';

type Module<P> = { default: ComponentType<P> };

export type PreloadableScreen<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

export function lazyScreen<P extends object = object>(factory: () => Promise<Module<P>>): PreloadableScreen<P> {
  let loaded: Module<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
  const load = () =>
    (pending ??= factory().then(
      (m) => (loaded = m),
      (err: unknown) => {
        // A failed fetch (flaky network) may succeed on the next try.
        pending = undefined;
        throw err;
      },
    ));
  function Screen(props: P) {
    const [mod, setMod] = useState(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (mod) return;
      let live = true;
      load().then(
        // The screen arriving is rendered in slices (a transition), not in one long task.
        (m) => live && startTransition(() => setMod(m)),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [mod]);
    if (failure) throw failure.error;
    if (!mod) return <PageLoader />;
    const Page = mod.default;
    return <Page {...props} />;
  }
  Screen.preload = load;
  return Screen;
}
