// A local twin of a browser's push service (FCM, Mozilla autopush…), written from the RFCs on its
// own (it shares no code with functions/notifications/push.ts nor with the web-push library, so a
// misreading on one side shows up as a refused or unreadable push, as it would at FCM):
// - POST /push/:id (RFC 8030): requires the VAPID Authorization `vapid t=<JWT>, k=<public key>`
//   (RFC 8292): an ES256 JWT signed by that key, that key being the product's (VAPID_KEYS), `aud`
//   this origin, `exp` within 24 h; a TTL header; a body encrypted with aes128gcm (RFC 8188/8291),
//   which it DECRYPTS with the subscription's private key to record the real payload;
//   answers 201, 404 for an endpoint it never made, 410 for one told to be gone;
// - for tests and the screen's local use, under /__push: make a subscription (its endpoint and
//   keys, as PushManager.subscribe would give them), list the deliveries, make an endpoint gone.
// Each delivery is also one line in the server log, so a developer sees what a phone would get.
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { json, serve, stop, type Req, type Res, type Sandbox } from './http';

export interface PushDelivery {
  endpoint: string;
  at: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The decrypted payload, parsed when it is JSON (our NotificationPayload). */
  payload: unknown;
}

export interface PushSandbox extends Sandbox {
  deliveries(): PushDelivery[];
}

interface Sub {
  ecdh: ECDH;
  auth: Buffer;
  gone: boolean;
}

const b64u = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188 §2: the content key and nonce of a message, then its one record decrypted. */
export function decryptAes128gcm(body: Buffer, sub: { ecdh: ECDH; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65 || rs < 18 || ciphertext.length > rs) throw new Error('aes128gcm header invalid');
  const uaPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(asPublic);
  const prkKey = hmac(sub.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([d.update(ciphertext.subarray(0, ciphertext.length - 16)), d.final()]);
  // The last record ends with the delimiter 0x02 then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('aes128gcm padding invalid');
  return plain.subarray(0, end);
}

/** RFC 8292: the VAPID header's JWT, signed by `k`, which must be the expected key; `aud` this origin. */
function checkVapid(header: string | undefined, expectedKey: string, origin: string): string | null {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return 'Authorization vapid t=…, k=… required';
  const [, jwt, k] = m;
  if (k !== expectedKey) return 'unknown VAPID key';
  const [h, p, s] = jwt.split('.');
  if (!h || !p || !s) return 'malformed JWT';
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return 'VAPID key is not an uncompressed P-256 point';
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) }, format: 'jwk' });
  const good = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!good) return 'VAPID signature invalid';
  const header0 = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  if (header0.alg !== 'ES256') return 'VAPID alg must be ES256';
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) return `VAPID aud must be ${origin}`;
  if (!claims.exp || claims.exp <= now || claims.exp > now + 24 * 3600) return 'VAPID exp must be within 24 hours';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'VAPID sub must be a mailto: or https: URL';
  return null;
}

/**
 * `vapidPublicKey`: the product's (base64url), the one key whose signatures are accepted.
 * `announce`: a line per delivery in the server's output (npm start), none under test.
 */
export async function startPushSandbox(vapidPublicKey: string, opts: { port?: number; announce?: boolean } = {}): Promise<PushSandbox> {
  const subs = new Map<string, Sub>();
  const deliveries: PushDelivery[] = [];
  let origin = '';

  const receive = (req: Req): Res => {
    const endpoint = `${origin}/push/${req.params.id}`;
    const sub = subs.get(req.params.id);
    if (!sub) return json(404, { message: 'unknown subscription' });
    const refused = checkVapid(req.headers.authorization, vapidPublicKey, origin);
    if (refused) return json(401, { message: refused });
    const ttl = Number(req.headers.ttl);
    if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return json(400, { message: 'TTL header required' });
    if (req.headers['content-encoding'] !== 'aes128gcm') return json(415, { message: 'Content-Encoding aes128gcm required' });
    if (sub.gone) return json(410, { message: 'subscription expired' });
    let text: string;
    try {
      text = decryptAes128gcm(req.raw, sub).toString('utf8');
    } catch (err) {
      return json(400, { message: `payload not decryptable: ${(err as Error).message}` });
    }
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      // a non-JSON payload is recorded as sent
    }
    const d: PushDelivery = {
      endpoint,
      at: new Date().toISOString(),
      ttl,
      urgency: (req.headers.urgency as string) ?? null,
      topic: (req.headers.topic as string) ?? null,
      payload,
    };
    deliveries.push(d);
    if (opts.announce) {
      const p = payload as { titre?: string; corps?: string; url?: string };
      console.log(`  Notification (bac à sable) → …/push/${req.params.id.slice(0, 8)} : ${p.titre ?? ''} — ${(p.corps ?? text).replace(/\n/g, ' / ')} (${p.url ?? ''})`);
    }
    return { status: 201, body: null };
  };

  const { url, server } = await serve(
    [
      ['POST', '/push/:id', receive],
      [
        'POST',
        '/__push/subscriptions',
        () => {
          const id = randomBytes(18).toString('base64url');
          const ecdh = createECDH('prime256v1');
          ecdh.generateKeys();
          const sub: Sub = { ecdh, auth: randomBytes(16), gone: false };
          subs.set(id, sub);
          return json(201, { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(sub.auth) } });
        },
      ],
      [
        'POST',
        '/__push/gone',
        (req) => {
          const endpoint = String(req.json<{ endpoint?: string }>()?.endpoint ?? '');
          const sub = subs.get(endpoint.slice(`${origin}/push/`.length));
          if (!endpoint.startsWith(`${origin}/push/`) || !sub) return json(404, { message: 'unknown subscription' });
          sub.gone = true;
          return json(200, { ok: true });
        },
      ],
      [
        'GET',
        '/__push/deliveries',
        (req) => {
          const endpoint = req.query.get('endpoint');
          return json(
            200,
            deliveries.filter((d) => !endpoint || d.endpoint === endpoint),
          );
        },
      ],
    ],
    opts.port ?? 0,
  );
  origin = url;
  return { url, deliveries: () => [...deliveries], close: () => stop(server) };
}
