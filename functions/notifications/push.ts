// Sending one Web Push message (RFC 8030/8291/8292) with the `web-push` library: it encrypts the
// payload (aes128gcm) and signs the VAPID header; we POST it ourselves with fetch, so that the local
// stand-in (plain http on the loopback) and the real push services (https) go through the same code,
// with our timeout. The server POSTs to an address a browser gave us: only the known push services
// are accepted (endpointAutorise), checked when the subscription is stored AND before each send.
import webpush from 'web-push';
import { config, pushConfig } from '../lib/config';
import { secretString } from '../lib/secrets';
import { recordAwsCall } from '../lib/aws-calls';
import type { NotificationPayload } from '../../shared/schemas/notifications';
import type { Abonnement } from './repository';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The hosts of the browsers' push services (Chrome, Edge, Firefox, Safari, as documented in 2026):
 * Chrome, Samsung Internet and Opera use Firebase Cloud Messaging; Firefox Mozilla's autopush; Edge
 * the Windows Push Notification Services (wns2-<region>.notify.windows.com); Safari Apple's
 * (web.push.apple.com; *.push.apple.com for the regional hosts).
 */
const EXACT_HOSTS = new Set(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com']);
const HOST_SUFFIXES = ['.notify.windows.com', '.push.apple.com'];

/** Whether the server may POST to this push address (the SSRF guard, docs/decisions/0266). */
export function endpointAutorise(endpoint: string, localOrigin: string | null = pushConfig().pushLocalOrigin ?? null): boolean {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  // Locally, the stand-in only: nothing on the laptop's network or the Internet.
  if (localOrigin) return u.origin === localOrigin && u.pathname.startsWith('/push/');
  if (u.protocol !== 'https:' || u.port !== '') return false;
  const host = u.hostname.toLowerCase();
  return EXACT_HOSTS.has(host) || HOST_SUFFIXES.some((s) => host.endsWith(s) && host.length > s.length);
}

let keys: Promise<VapidKeys> | undefined;

function parseKeys(raw: string): VapidKeys {
  const k = JSON.parse(raw) as Partial<VapidKeys>;
  if (!k.publicKey || !k.privateKey || !k.subject) throw new Error('VAPID keys: publicKey, privateKey and subject are required');
  return { publicKey: k.publicKey, privateKey: k.privateKey, subject: k.subject };
}

/** The VAPID keys: from the environment locally, from Secrets Manager in AWS (read once per container). */
export function vapidKeys(): Promise<VapidKeys> {
  const p = pushConfig();
  // Locally the keys come from the environment; the IAM contract still sees the read AWS makes.
  if (p.vapidKeys) recordAwsCall({ service: 'secretsmanager', action: 'GetSecretValue', resource: 'env:VAPID_SECRET_ARN' });
  keys ??= (async () => parseKeys(p.vapidKeys ?? (await secretString(p.vapidSecretArn!, 64))))();
  keys.catch(() => (keys = undefined));
  return keys;
}

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

/** Configuration read at the Lambda's cold start (a missing key fails there, not at 06:00). */
export function checkPushConfig(): void {
  config();
  pushConfig();
}
