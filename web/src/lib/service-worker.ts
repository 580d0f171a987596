// Registers the static-asset cache worker (web/public/sw.js) 30 000 ms after load (spec part 1 §9),
// so it never competes with the first screen for a slow connection.
export const SW_DELAY_MS = 30_000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    window.setTimeout(() => {
      navigator.serviceWorker.register('sw.js').catch(() => {
        // No worker means no offline cache, nothing more: the app works the same.
      });
    }, SW_DELAY_MS);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
