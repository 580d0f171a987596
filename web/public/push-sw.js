// Web Push in the app's service worker (issue 37 §5), imported by the Workbox worker that
// vite-plugin-pwa generates (web/vite.config.ts, workbox.importScripts): precaching stays as it is.
// push: shows the notification the server sent ({titre, corps, url, tag}: shared/schemas/
// notifications.ts NotificationPayload); notificationclick: focuses an open window of the app and
// takes it to the screen named by `url` (a hash route), or opens one there.
// (a worker script: `self` is the ServiceWorkerGlobalScope)

// Only the app's own hash routes: a payload can never send the app elsewhere.
const HASH_ROUTE = /^#\/[A-Za-z0-9/_-]*$/;
const safeRoute = (url) => (typeof url === 'string' && HASH_ROUTE.test(url) ? url : '#/dashboard');

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { corps: event.data ? event.data.text() : '' };
  }
  const titre = typeof data.titre === 'string' && data.titre ? data.titre : 'Ganaar';
  event.waitUntil(
    self.registration.showNotification(titre, {
      body: typeof data.corps === 'string' ? data.corps : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      lang: 'fr',
      icon: 'icons/icon-192.png',
      badge: 'icons/icon-192.png',
      data: { url: safeRoute(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(safeRoute(event.notification.data && event.notification.data.url), self.registration.scope).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((c) => c.url.startsWith(self.registration.scope));
      if (open) {
        await open.focus();
        // A window this worker controls moves itself; one it does not is told to (web/src/lib/push-route.ts).
        if (open.navigate && open.url !== target) {
          try {
            await open.navigate(target);
            return;
          } catch {
            // not controlled by this worker yet: the message below
          }
        }
        open.postMessage({ type: 'ganaar:open', url: target });
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
