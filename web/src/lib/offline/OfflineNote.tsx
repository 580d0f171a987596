// "hors ligne — données du 12/03 à 08:14": shown above a list read without a connection, with the
// time its data was last fetched (restored from the device's copy: web/src/lib/offline/persist.ts).
import { useSyncExternalStore } from 'react';

function subscribe(cb: () => void): () => void {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

/** True while the device has a connection (follows the browser's online and offline events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine !== false,
    () => true,
  );
}

const two = (n: number) => String(n).padStart(2, '0');

/** "données du 12/03 à 08:14" (local time of the device). */
function offlineLabel(updatedAt: number): string {
  const d = new Date(updatedAt);
  return `hors ligne — données du ${two(d.getDate())}/${two(d.getMonth() + 1)} à ${two(d.getHours())}:${two(d.getMinutes())}`;
}

export function OfflineNote({ updatedAt }: { updatedAt: number | undefined }) {
  const online = useOnline();
  if (online || !updatedAt) return null;
  return (
    <p className="offline-note" role="status" data-testid="offline-note">
      {offlineLabel(updatedAt)}
    </p>
  );
}
