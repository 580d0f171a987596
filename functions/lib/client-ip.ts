// The client's IP address, the subject of per-IP limits (login, password recovery, public routes).
// In AWS every request reaches API Gateway through CloudFront, so API Gateway's sourceIp is a
// CloudFront edge address shared by many users. CloudFront therefore
//   - sets `x-ganaar-client-ip` to the viewer's address in a viewer-request function (overwriting
//     whatever the client sent), and
//   - adds the secret origin header `x-ganaar-origin-verify` to every origin request
// (infra/cdk/constructs/web-distribution.ts). The forwarded address is trusted only on a request
// that carries the secret: a caller who goes to API Gateway directly cannot forge it and is
// counted under its own source address. Locally the stack has its own random secret (tests use
// it to act as distinct clients). See docs/decisions.md, "Security hardening".
import { isIP } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { config } from './config';
import { expireSecret, secretString } from './secrets';
import { recordAwsCall } from './aws-calls';
import { CLIENT_IP_HEADER, ORIGIN_VERIFY_HEADER } from './origin-headers';

export { CLIENT_IP_HEADER, ORIGIN_VERIFY_HEADER } from './origin-headers';

async function originSecret(): Promise<string | null> {
  const cfg = config();
  if (cfg.originSecret) {
    // The local stand-in of Secrets Manager: the IAM contract still sees the read it stands for.
    recordAwsCall({ service: 'secretsmanager', action: 'GetSecretValue', resource: 'env:ORIGIN_SECRET_ARN' });
    return cfg.originSecret;
  }
  if (cfg.originSecretArn) return secretString(cfg.originSecretArn);
  return null;
}

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The key per-IP limits count under: an IPv4 address as is; an IPv6 address reduced to its /64
 * network, since one subscriber (one phone, one home) holds a whole /64 and could otherwise
 * rotate through 2^64 addresses.
 */
export function ipKey(ip: string): string {
  const kind = isIP(ip);
  if (kind === 4) return ip;
  if (kind !== 6) return 'invalid';
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1];
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The client's address (as ipKey): the CloudFront viewer's when proven, else API Gateway's source. */
export async function clientIp(event: APIGatewayProxyEventV2): Promise<string> {
  const source = event.requestContext?.http?.sourceIp ?? '';
  const claimed = event.headers?.[CLIENT_IP_HEADER]?.trim();
  const proof = event.headers?.[ORIGIN_VERIFY_HEADER];
  if (claimed && proof && isIP(claimed)) {
    const secret = await originSecret();
    if (secret && sameSecret(proof, secret)) return ipKey(claimed);
    // After a rotation CloudFront sends the new value: read the secret again, at most once a
    // minute per container, so a forged header cannot make us hammer Secrets Manager.
    const arn = config().originSecretArn;
    if (arn && expireSecret(arn, 60_000) && sameSecret(proof, await secretString(arn))) return ipKey(claimed);
  }
  return ipKey(source);
}
