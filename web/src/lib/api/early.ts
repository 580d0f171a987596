// The two answers a signed-in visitor's first screen waits for — the token check (spec part 1 §4)
// and the rights (checkPermission) — asked by the SPA entry itself, before React renders, so they
// travel while the shell's files download instead of after them (slow networks: one
// round trip, 0.4 s on 3G). The guard's and the menu's queries take these first answers for the
// same token once; any later check asks the server as usual. The screen asked for may list its
// first reads too (`earlyReads`, taken by its queries through `earlyOr`). No TanStack Query here:
// the entry must stay small (the first-screen budget).
import { ApiError, http } from '../http';
import { getToken } from '../storage';

/** true: the token is good; false: refused. Without a connection the stored session is trusted. */
export async function askTokenCheck(): Promise<boolean> {
  if (!getToken()) return false;
  try {
    const res = await http.get<{ code?: number }>('api/checkToken');
    return res?.code === 200;
  } catch (err) {
    return err instanceof ApiError && err.status === 0;
  }
}

/** Every right the stored user holds (the spec's call, whose answer lists them all in `droits`). */
export async function askRights(): Promise<string[]> {
  const res = await http.get<{ status?: string; droits?: string[] }>('api/user/checkPermission', { droit: 'dashboardav:r' });
  return res?.droits ?? [];
}

type Name = 'checkToken' | 'rights';
/** An answer that has arrived: its value and when (a query's initial data and its age). */
export interface Settled<T> {
  data: T;
  at: number;
}
type Pending = { token: string; answer: Promise<unknown>; settled?: Settled<unknown> };
const early = new Map<Name, Pending>();

/** Keeps the answer's value once it arrives, so that a query created later can start with it. */
function track<E extends Pending>(e: E): E {
  e.answer.then(
    (data) => (e.settled = { data, at: Date.now() }),
    () => undefined, // an error is the query's, once taken
  );
  return e;
}

/** Public screens ask nothing (the login screen checks a stored token on its own). */
const PUBLIC = /^#\/(login|signup|forgetpassword)(\/|\?|$)/;
export const isPublicScreen = (hash: string) => PUBLIC.test(hash);

/** Called once by the entry (app/router.tsx preloadForLocation), before the app renders. */
export function startEarlyChecks(hash = window.location.hash): void {
  const token = getToken();
  if (!token || isPublicScreen(hash)) return;
  early.set('checkToken', track({ token, answer: askTokenCheck() }));
  early.set('rights', track({ token, answer: askRights() }));
}

/** The early answer for this token, once (undefined: ask the server). */
export function takeEarly<T>(name: Name, token: string | null): Promise<T> | undefined {
  const e = early.get(name);
  if (!e || !token || e.token !== token) return undefined;
  early.delete(name);
  return e.answer as Promise<T>;
}

/**
 * The early answer for this token if it has already arrived (taken, once), for a query's initial
 * data. A query that starts with its data renders with it in its screen's first render, which React
 * does in slices (a transition); an answer that arrives after the first render instead renders its
 * subscribers in one task (TanStack Query's store updates are not transitions), the long tasks
 * Lighthouse counts on a phone.
 */
export function settledEarly<T>(name: Name, token: string | null): Settled<T> | undefined {
  const e = early.get(name);
  if (!e?.settled || !token || e.token !== token) return undefined;
  early.delete(name);
  return e.settled as Settled<T>;
}

/**
 * A read a screen makes on its first render, asked by the entry ahead of the screen's files: a GET,
 * or a POST when it carries a body (a history read by period). `then` names the reads its answer
 * calls for (the first steps' lists, once the plan check says the business is on trial): asked when
 * it arrives, still before the app's first render (earlyAnswered waits for them too).
 */
export interface EarlyRead {
  path: string;
  droit?: string;
  body?: unknown;
  then?: (answer: unknown) => EarlyRead[];
}

/** An early read is taken within this time, or asked again (the screen's own query then asks). */
const EARLY_READ_MS = 60_000;
const reads = new Map<string, Pending & { droit?: string; at: number }>();
/** A read's key: its path, and its body for a POST. */
const readKey = (path: string, body?: unknown) => (body === undefined ? path : `${path} ${JSON.stringify(body)}`);
const ask = <T>(path: string, droit?: string, body?: unknown) => {
  const opts = droit ? { droit } : {};
  return body === undefined ? http.get<T>(path, opts) : http.post<T>(path, body, opts);
};

/** Called by the entry for the screen asked for (app/router.tsx preloadForLocation). */
export function startEarlyReads(list: EarlyRead[]): void {
  const token = getToken();
  if (!token) return;
  for (const r of list) {
    const answer = ask<unknown>(r.path, r.droit, r.body);
    // The follow-ups are registered before earlyAnswered's own wait on this answer settles.
    if (r.then)
      answer.then(
        (data) => startEarlyReads(r.then!(data)),
        () => undefined,
      );
    reads.set(readKey(r.path, r.body), track({ token, droit: r.droit, at: Date.now(), answer }));
  }
}

/**
 * The early read of this request if it is usable (same token and right, fresh), taken. A request
 * takes it whatever it is (a stale one is then asked again); a lookup for initial data takes only
 * a usable, arrived one.
 */
function takeRead(path: string, droit: string | undefined, body: unknown, settledOnly: boolean) {
  const key = readKey(path, body);
  const e = reads.get(key);
  if (!e) return undefined;
  const usable = e.token === getToken() && e.droit === droit && Date.now() - e.at <= EARLY_READ_MS;
  if (settledOnly && !(usable && e.settled)) return undefined;
  reads.delete(key);
  return usable ? e : undefined;
}

/**
 * The early answer to this read (once, for the same token and right, while fresh), else the request
 * itself. The early answer is the answer, errors included (a 424 or a 403 is what the request would
 * get); only a network failure is asked again.
 */
export function earlyOr<T>(path: string, droit?: string, body?: unknown): Promise<T> {
  const e = takeRead(path, droit, body, false);
  if (!e) return ask<T>(path, droit, body);
  return (e.answer as Promise<T>).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 0) return ask<T>(path, droit, body);
    throw err;
  });
}

/** The early answer to this read if it has already arrived (taken, once; see settledEarly). */
export function settledRead<T>(path: string, droit?: string, body?: unknown): Settled<T> | undefined {
  return takeRead(path, droit, body, true)?.settled as Settled<T> | undefined;
}

/**
 * A query's `initialData` and `initialDataUpdatedAt` from one lookup, asked at most once (TanStack
 * Query calls both when it creates the query; the lookup takes the early answer).
 */
export function initialFrom<T>(lookup: () => Settled<T> | undefined) {
  let first: { v: Settled<T> | undefined } | undefined;
  const get = () => (first ??= { v: lookup() }).v;
  return { initialData: () => get()?.data, initialDataUpdatedAt: () => get()?.at };
}

/**
 * A query's function and initial data from an early read (the entry asked it, or may have): its
 * answer, if it has arrived, is the query's initial data, fresh for 10 s; else its request in
 * flight is awaited, else asked.
 */
export function earlyQuery<T>(read: EarlyRead) {
  return {
    queryFn: () => earlyOr<T>(read.path, read.droit, read.body),
    ...initialFrom(() => settledRead<T>(read.path, read.droit, read.body)),
    staleTime: freshIfEarly,
  };
}

/** A write has been made since the page loaded (noteWrite): the entry's answers may predate it. */
let written = false;

/** When this page started: an answer from before it was not asked by this page's entry. */
const PAGE_START = Math.floor(performance.timeOrigin);

/**
 * `staleTime` of a query whose usual freshness is none: its initial data from the entry counts as
 * just asked for 10 s (it would otherwise be asked again as the screen mounts), then as usual. Only
 * data this page received: the device's copy put back at start (lib/offline/persist.ts) also has no
 * update counted when it was saved from such initial data, and a page reloaded within its 10 s
 * showed that copy, older than a write made since, as fresh, never asking (a batch created, the page
 * reloaded: « Bandes 0 »).
 */
export const freshIfEarly = (q: { state: { dataUpdateCount: number; dataUpdatedAt: number } }) =>
  q.state.dataUpdateCount === 0 && !written && q.state.dataUpdatedAt >= PAGE_START ? 10_000 : 0;

/**
 * Called by the query client at every invalidation, i.e. after every write the app makes (app/
 * providers.tsx). The entry's answers were asked before it: none is handed to a query any more (a
 * screen visited later would show a figure older than the write, its query created after the
 * invalidation), and one already taken as initial data is no longer counted as just asked.
 */
export function noteWrite(): void {
  written = true;
  reads.clear();
  early.delete('rights');
}

/**
 * Settles when every question the entry asked has its answer (or its error), at once when it asked
 * none: the app's first render then has them all as initial data (app/start.tsx). `followUps: false`:
 * only the questions asked so far, not the reads their answers call for (EarlyRead.then), which a
 * screen's part shows apart (the first steps' ticks, « vérification » until they come): the screen's
 * figures then wait one round trip, not two.
 */
export async function earlyAnswered({ followUps = true }: { followUps?: boolean } = {}): Promise<void> {
  let waited = new Set<Promise<unknown>>();
  for (;;) {
    if (!followUps && waited.size) return;
    const answers = new Set([...early.values(), ...reads.values()].map((e) => e.answer));
    const fresh = [...answers].filter((a) => !waited.has(a));
    if (!fresh.length) return;
    waited = answers;
    // A read's follow-ups (EarlyRead.then) are asked as it settles: the loop waits for them too.
    await Promise.allSettled(fresh);
  }
}
