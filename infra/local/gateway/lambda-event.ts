// A request as the Lambda handlers receive it: the body read within the route's limit, then an
// API Gateway v2 event built from it, so the same handlers run here as in AWS.
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { routeKey, type RouteRow } from '@shared/api/routes';

/** API Gateway + Lambda answer 413 past this size (functions/lib/http/); so does the local server. */
export const MAX_BODY_BYTES = 256 * 1024;

export class BodyTooLarge extends Error {}

/**
 * Reads a request body up to `limit` bytes. A larger declared length is refused before reading
 * anything, and a body that grows past the limit is abandoned at once (no more bytes are read), so
 * a client cannot make the server buffer megabytes it will refuse anyway.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return reject(new BodyTooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function isTextual(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /json|text|xml|x-www-form-urlencoded/.test(contentType);
}

export function buildEvent(req: IncomingMessage, url: URL, row: RouteRow, params: Record<string, string>, body: Buffer): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'cookie') continue;
    headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  }
  const cookies = req.headers.cookie
    ? req.headers.cookie
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean)
    : undefined;
  const query: Record<string, string> = {};
  url.searchParams.forEach((v, k) => (query[k] = query[k] ? `${query[k]},${v}` : v));
  const textual = isTextual(headers['content-type']);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: routeKey(row),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(row),
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
  } as APIGatewayProxyEventV2;
}
