// This device's Web Push subscription: what the browser can do, and turning it on or
// off — the browser's permission asked only from the tap on « Activer », the subscription made with
// the server's VAPID key (GET api/notifications/cle) and stored for the signed-in user (POST
// api/notifications/abonnement), removed on « Désactiver » (POST api/notifications/desabonnement).
import type { CleNotificationsResponse } from '@shared/schemas/notifications';
import { http } from '../../../lib/http';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The app's worker registration (registered now when the 30 s delayed registration has not run yet). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const reg = (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register('sw.js'));
  await navigator.serviceWorker.ready;
  return reg;
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Asks the permission (from the user's tap), subscribes this device and stores it for the user. */
export async function enablePush(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const reg = await registration();
  const { cle } = await http.get<CleNotificationsResponse>('api/notifications/cle');
  const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(cle) }));
  await http.post('api/notifications/abonnement', sub.toJSON());
  return 'on';
}

/** Removes this device's subscription, on the server first (a 404 there: already gone), then in the browser. */
export async function disablePush(): Promise<PushState> {
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await http.post('api/notifications/desabonnement', { endpoint: sub.endpoint }).catch((err: { status?: number }) => {
      if (err?.status !== 404) throw err;
    });
    await sub.unsubscribe();
  }
  return 'off';
}
