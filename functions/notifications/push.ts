// Sending one Web Push message (RFC 8030/8291/8292) with the `web-push` library: it encrypts the
// payload (aes128gcm) and signs the VAPID header; we POST it ourselves with fetch, so that the local
// stand-in (plain http on the loopback) and the real push services (https) go through the same code,
// with our timeout. The server POSTs to an address a browser gave us: only the known push services
// are accepted (endpointAutorise, ./vapid.ts), checked when the subscription is stored AND before each send.
// Only the jobs function imports this file: the routes' Lambda never bundles web-push.
import webpush from 'web-push';
import type { NotificationPayload } from '@shared/schemas/notifications';
import type { Abonnement } from './repository';
import { endpointAutorise, vapidKeys } from './vapid';

export { checkPushConfig, endpointAutorise, vapidKeys, type VapidKeys } from './vapid';

/** What one send came to: delivered, the subscription is gone (404/410: remove it), or failed. */
export type Issue = { kind: 'ok' } | { kind: 'gone'; status: number } | { kind: 'error'; status: number | null; message: string };

/** A notification lives 12 hours at the push service: a phone off all morning still gets the day's summary. */
const TTL_SECONDS = 12 * 3600;
const TIMEOUT_MS = 10_000;

export async function envoyer(abo: Abonnement, payload: NotificationPayload, urgency: 'normal' | 'high' = 'normal'): Promise<Issue> {
  if (!endpointAutorise(abo.endpoint)) return { kind: 'error', status: null, message: 'endpoint not allowed' };
  const v = await vapidKeys();
  const req = webpush.generateRequestDetails({ endpoint: abo.endpoint, keys: { p256dh: abo.p256dh, auth: abo.auth } }, JSON.stringify(payload), {
    vapidDetails: v,
    TTL: TTL_SECONDS,
    urgency,
    topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
    contentEncoding: 'aes128gcm',
  });
  try {
    const res = await fetch(req.endpoint, {
      method: 'POST',
      headers: req.headers as Record<string, string>,
      body: new Uint8Array(req.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) return { kind: 'ok' };
    if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
    return { kind: 'error', status: res.status, message: `push service answered ${res.status}` };
  } catch (err) {
    return { kind: 'error', status: null, message: (err as Error).message };
  }
}
