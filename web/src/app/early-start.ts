// What the SPA entry does before React's files arrive (web/src/main.tsx imports nothing else
// statically, so this runs one round trip after the page, not after React's 70 KB): a signed-in
// visitor's token and rights checks and the screen's first reads leave now (lib/api/early.ts), and
// when the app opens on the dashboard its shell's and page's files are asked for with the page's own
// (the build lists them in index.html, web/vite.config.ts), instead of after React has run. On a
// phone's 3G link the dashboard's answers then travel while its files download.
import { dashboardEarlyReads } from '../features/tableau-de-bord/api/paths';
import type { EarlyRead } from '../lib/api/early';
import { isPublicScreen, startEarlyChecks, startEarlyReads } from '../lib/api/early';
import { linkDashboardFiles } from '../lib/prefetch';
import { getToken } from '../lib/storage';

/**
 * The first GETs of the screens the app may open on, by the path's first segment. '' is the shell's
 * index, the dashboard (features.tsx `index: true`; tests/web/early-reads.test.tsx checks they agree).
 */
export const EARLY_READS: Readonly<Partial<Record<string, () => EarlyRead[]>>> = { '': dashboardEarlyReads, dashboard: dashboardEarlyReads };

/** The path's first segment of a location hash ('#/bande/12' → 'bande'). */
export const segmentOf = (hash: string) => hash.replace(/^#/, '').split(/[?#]/)[0].split('/')[1] ?? '';

/** How long a signed-in first render waits for the early answers (usually they come before the files). */
export const EARLY_WAIT_MS = 2_000;

/** The signed-in shell's and the dashboard's files, as the build named them in index.html. */
const preloadDashboardFiles = () =>
  // A stylesheet is applied at once: the page would otherwise add it when its module arrives.
  linkDashboardFiles((file) => (file.endsWith('.js') ? { rel: 'modulepreload' } : file.endsWith('.css') ? { rel: 'stylesheet' } : null));

/** The session whose dashboard reads left at its sign-in (startSignedIn): asked once per session. */
let signedInAsked: string | null = null;

/**
 * Called as soon as a sign-in's answer is stored (the painted login, React's login, the sign-up): the
 * dashboard's first reads leave with it, while the shell's and the dashboard's files are readied,
 * instead of from the screen's first render (one round trip later on 3G). The token and rights
 * checks are not asked: the login's answer is them (lib/storage.ts loginAnswer). A write made before
 * the screen takes them drops them (lib/api/early.ts noteWrite), so no figure predates a write.
 */
export function startSignedIn(): void {
  const token = getToken();
  if (!token || signedInAsked === token) return;
  signedInAsked = token;
  startEarlyReads(dashboardEarlyReads());
}

/** Called once by the entry, before the app's own files have arrived. */
export function startEarly(hash = window.location.hash): void {
  if (!getToken() || isPublicScreen(hash)) return;
  const segment = segmentOf(hash);
  const reads = EARLY_READS[segment];
  // Files first: over HTTP/1.1 (the local stack) a browser opens six connections to the host, and
  // the shell's files must not queue behind data. Only the dashboard has early reads, and its files
  // are the ones the build lists.
  if (reads) preloadDashboardFiles();
  startEarlyChecks(hash);
  if (reads) startEarlyReads(reads());
}
