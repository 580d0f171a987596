// Slow networks: once the login screen has painted and the page is idle, the files the
// dashboard after a login needs (the authenticated shell and the dashboard page, listed by the build
// in index.html's <meta name="ganaar-prefetch">, see web/vite.config.ts) are asked for as
// low-priority prefetches. On a 3G link (400 ms a round trip, 50 KB/s) they then arrive while the
// user types, not after "Se connecter"; the browser keeps them in its HTTP cache (hashed, immutable
// files), where the lazy imports find them. They are not part of the first screen: the browser marks
// these requests `Sec-Purpose: prefetch`, and starts them only after the screen is usable.
let done = false;

/**
 * Adds a <link> per file the build lists for the dashboard after a login (index.html's meta), as
 * `how` says (null: none). Each is fetched the way the module loader and the page ask for it (CORS,
 * same-origin credentials), so the cached answer is the one they reuse.
 */
export function linkDashboardFiles(how: (file: string) => { rel: string; as?: string } | null): void {
  linkListed('ganaar-prefetch', how);
}

/** Adds a <link> per file of the page's `<meta name="…">` list, as `how` says. */
function linkListed(name: string, how: (file: string) => { rel: string; as?: string } | null): void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  for (const file of meta?.content.split(/\s+/).filter(Boolean) ?? []) {
    const h = how(file);
    if (!h) continue;
    const link = document.createElement('link');
    link.rel = h.rel;
    if (h.as) link.as = h.as;
    link.crossOrigin = 'anonymous';
    link.href = file;
    document.head.appendChild(link);
  }
}

const inject = () => linkDashboardFiles((file) => ({ rel: 'prefetch', as: file.endsWith('.js') ? 'script' : file.endsWith('.css') ? 'style' : undefined }));

/** Prefetches the dashboard's files once the page is loaded and idle (at most once per page). */
export function prefetchAfterLogin(): void {
  if (done || typeof document === 'undefined') return;
  done = true;
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(inject, { timeout: 2000 });
    else setTimeout(inject, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
