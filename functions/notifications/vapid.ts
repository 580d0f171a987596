// The VAPID keys and the push addresses the server may POST to: what the routes'
// Lambda needs (the public key, the SSRF guard at subscribe), without the `web-push` library that
// only the jobs function sends with (./push.ts).
import { config, pushConfig } from '../lib/config';
import { secretString } from '../lib/secrets';
import { recordAwsCall } from '../lib/aws-calls';

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

/** Configuration read at the Lambda's cold start (a missing key fails there, not at 06:00). */
export function checkPushConfig(): void {
  config();
  pushConfig();
}
