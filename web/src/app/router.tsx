// Hash routes of the SPA (spec part 1 §2). Public: /login, /signup, /forgetpassword. Everything
// else sits under the guarded shell, built from FEATURES. The empty path is the shell's index:
// a visitor without a valid token is sent to /login by the guard, a signed-in user sees the
// index screen — this avoids the login ↔ / loop a literal "'' redirects to login" would create
// with "login goes to / when signed in". Unknown paths redirect to /login.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { HashRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AddressCatchUp } from './address-catch-up';
import { ErrorBoundary } from './ErrorBoundary';
import { FEATURES, type FeatureEntry } from './features';
import { earlyAnswered, isPublicScreen } from '../lib/api/early';
import { EARLY_WAIT_MS, segmentOf, startSignedIn } from './early-start';
import { getToken } from '../lib/storage';
import { lazyScreen } from './lazy-screen';
import { PageLoader } from '../lib/ui/PageLoader';

// The login screen never suspends (lazyScreen): when index.html has painted it, React's must replace
// it in its first commit, not a loader (lib/static-login.ts; app/start.tsx loads it first).
export const LoginPage = lazyScreen<{ preloadSignedIn: () => Promise<void> }>(() => import('../features/acces/routes/LoginPage'));
const SignupPage = lazy(() => import('../features/acces/routes/SignupPage'));
const ForgotPasswordPage = lazy(() => import('../features/acces/routes/ForgotPasswordPage'));
const AuthedApp = lazyScreen(() => import('./AuthedApp'));

/**
 * Loads the authenticated shell and the index screen (the dashboard) before the login leaves its
 * screen, so neither suspends on its first render (app/lazy-screen.tsx). Their files are usually
 * in the browser's cache already (prefetched by the login screen, lib/prefetch.ts). A file that
 * cannot be loaded is left to the screen's own error boundary.
 */
export function preloadSignedIn(): Promise<void> {
  const home = FEATURES.find((f) => f.index)?.element;
  // The dashboard's first reads leave now, with its files (app/early-start.ts), and the screen is
  // entered once they have answered (at most EARLY_WAIT_MS): it renders once, with its figures. A
  // read that predates a write is never shown (app/providers.tsx, lib/api/early.ts noteWrite).
  startSignedIn();
  const answered = Promise.race([earlyAnswered({ followUps: false }), new Promise((r) => setTimeout(r, EARLY_WAIT_MS))]);
  return Promise.all([AuthedApp.preload(), home?.preload?.(), answered]).then(
    () => undefined,
    () => undefined,
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

function featureRoute(f: FeatureEntry) {
  const El = f.element;
  return (
    <Route
      key={f.path}
      path={f.path}
      element={
        El ? (
          <Lazy>
            <El />
          </Lazy>
        ) : undefined
      }
    >
      {f.children?.map((c, i) => {
        const C = c.element;
        return c.index ? (
          <Route
            key={`i${i}`}
            index
            element={
              <Lazy>
                <C />
              </Lazy>
            }
          />
        ) : (
          <Route
            key={c.path ?? i}
            path={c.path}
            element={
              <Lazy>
                <C />
              </Lazy>
            }
          />
        );
      })}
    </Route>
  );
}

/** The feature a shell path shows ('' is the shell's index). */
function featureFor(segment: string) {
  return FEATURES.find((f) => (segment === '' ? f.index : f.path === segment));
}
const screenFor = (segment: string) => featureFor(segment)?.element;

/**
 * Called by the app's start before React's first render, for a signed-in visitor outside the public
 * screens: the shell's and the screen's modules start loading at once instead of after the router's
 * first render (a phone's tens of milliseconds of script, more on 3G). The token and rights checks
 * and the screen's first reads left earlier, from the entry (app/early-start.ts).
 */
export function preloadForLocation(hash = window.location.hash): void {
  if (!getToken() || isPublicScreen(hash)) return;
  void AuthedApp.preload().catch(() => undefined);
  void featureFor(segmentOf(hash))
    ?.element?.preload?.()
    .catch(() => undefined);
}

/**
 * The authenticated shell; the screen asked for is loaded alongside it rather than after it, when
 * it can be (lazyScreen): a signed-in visitor opening the app downloads both at once. A screen
 * reached later from the menu is loaded as its path changes.
 */
function SignedIn() {
  const segment = useLocation().pathname.split('/')[1] ?? '';
  useEffect(() => {
    // Without a session the guard sends the visitor to the login: nothing to load ahead.
    if (!getToken()) return;
    void screenFor(segment)
      ?.preload?.()
      .catch(() => undefined);
  }, [segment]);
  return (
    <Lazy>
      <AuthedApp />
    </Lazy>
  );
}

export function AppRoutes() {
  const home = FEATURES.find((f) => f.index && f.element);
  const Home = home?.element;
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <Lazy>
            <LoginPage preloadSignedIn={preloadSignedIn} />
          </Lazy>
        }
      />
      <Route
        path="/signup"
        element={
          <Lazy>
            <SignupPage preloadSignedIn={preloadSignedIn} />
          </Lazy>
        }
      />
      <Route
        path="/forgetpassword"
        element={
          <Lazy>
            <ForgotPasswordPage />
          </Lazy>
        }
      />
      <Route path="/" element={<SignedIn />}>
        <Route
          index
          element={
            Home ? (
              <Lazy>
                <Home />
              </Lazy>
            ) : (
              <Navigate to="/profil" replace />
            )
          }
        />
        {FEATURES.map(featureRoute)}
      </Route>
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}

export function AppRouter() {
  return (
    <HashRouter>
      <AddressCatchUp />
      <AppRoutes />
    </HashRouter>
  );
}
