// The shared link's token (docs/partage.md): `<id>.<signature>`, both base64url.
//   id         16 random bytes (128 bits): the key of the link's item, PK PARTAGE#<id>. It says
//              nothing of the business or the document: those live in the item only.
//   signature  HMAC-SHA256(share secret, "partage:v1:<id>"), its first 16 bytes (128 bits,
//              RFC 2104 §5 allows truncating to half the hash).
// A token whose signature does not verify is refused before any read (a guessed or edited token
// costs no DynamoDB call and answers the same 404 as an unknown one). The signature is computed,
// not stored: the list of a document's links rebuilds their addresses from their ids.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '../lib/config';
import { recordAwsCall } from '../lib/aws-calls';
import { secretString } from '../lib/secrets';

const ID_BYTES = 16;
const SIG_BYTES = 16;
const B64URL = /^[A-Za-z0-9_-]+$/;
/** Base64url length of n bytes, no padding. */
const len = (n: number) => Math.ceil((n * 4) / 3);

async function shareSecret(): Promise<string> {
  const cfg = config();
  if (cfg.shareSecret) {
    // The local stand-in of Secrets Manager: the IAM contract still sees the read it stands for.
    recordAwsCall({ service: 'secretsmanager', action: 'GetSecretValue', resource: 'env:SHARE_SECRET_ARN' });
    return cfg.shareSecret;
  }
  return secretString(cfg.shareSecretArn!);
}

function signatureOf(secret: string, id: string): Buffer {
  return createHmac('sha256', secret).update(`partage:v1:${id}`).digest().subarray(0, SIG_BYTES);
}

/** A new link id: 128 random bits. */
export function newPartageId(): string {
  return randomBytes(ID_BYTES).toString('base64url');
}

/** The token of link `id`, as it goes into the address. */
export async function tokenOf(id: string): Promise<string> {
  return `${id}.${signatureOf(await shareSecret(), id).toString('base64url')}`;
}

/** The link id a token names when its signature verifies, else null (tampered, truncated, another key). */
export async function verifiedId(token: string): Promise<string | null> {
  const [id, sig, ...rest] = token.split('.');
  if (rest.length || !id || !sig || id.length !== len(ID_BYTES) || sig.length !== len(SIG_BYTES) || !B64URL.test(id) || !B64URL.test(sig)) return null;
  const given = Buffer.from(sig, 'base64url');
  // base64url decoding is lenient about the last character's unused bits: re-encode to refuse variants.
  if (given.length !== SIG_BYTES || given.toString('base64url') !== sig) return null;
  const expected = signatureOf(await shareSecret(), id);
  return timingSafeEqual(given, expected) ? id : null;
}
