// Registers the app's service worker (Workbox, built by vite-plugin-pwa: web/vite.config.ts)
// 30 000 ms after load (spec part 1 §9), so it never competes with the first screen for a slow
// connection. The registration code (workbox-window) is itself loaded only then, outside the first
// screen's JS. When a new deployment's worker is waiting, a bar offers
// "Nouvelle version disponible — Recharger"; the new version takes over only on that click.
export const SW_DELAY_MS = 30_000;
export const UPDATE_TEXT = 'Nouvelle version disponible';

function showUpdateBar(reload: () => void): void {
  if (document.getElementById('sw-update')) return;
  const bar = document.createElement('div');
  bar.id = 'sw-update';
  bar.className = 'sw-update';
  bar.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = `${UPDATE_TEXT} — `;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-primary';
  button.textContent = 'Recharger';
  button.addEventListener('click', () => {
    button.disabled = true;
    reload();
  });
  bar.append(text, button);
  document.body.append(bar);
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    window.setTimeout(() => {
      import('virtual:pwa-register')
        .then(({ registerSW }) => {
          const update = registerSW({
            immediate: true,
            onNeedRefresh: () => showUpdateBar(() => void update(true)),
          });
        })
        .catch(() => {
          // No worker means no offline cache, nothing more: the app works the same.
        });
    }, SW_DELAY_MS);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
