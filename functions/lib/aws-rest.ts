// A signed call to an AWS REST API without its SDK client, for the two rare calls whose clients
// weighed more than the rest of their Lambda: S3's PutObject/HeadObject (the product photos,
// functions/lib/s3.ts: 167 KB of the ecommerce bundle) and CloudFront's CreateInvalidation (a
// revoked link, functions/partage/edge-cache.ts: 217 KB of the partage bundle). A client's
// package comes whole whatever command is used (every operation's schema and error class are
// registered at import), and V8 reads those bytes at every cold start: 10–15 ms each (decision 0398).
//
// What the SDK did for these calls and this module does the same way: Signature Version 4 by the
// SDK's own signer (tests/unit/aws-rest.test.ts checks the signature is the one the SDK's clients
// put on the same request), the execution role's
// credentials from Lambda's environment, a kept-alive connection, and the standard retry mode:
// three attempts, with a jittered backoff, on a throttle, a 5xx or a dropped connection.
import https from 'node:https';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { Sha256 } from '@smithy/core/checksum';
import { escapeUri } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import http from './builtins/node-http';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface AwsRestRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT';
  /** Scheme and host (`https://cloudfront.amazonaws.com`, a local stand-in's `http://127.0.0.1:port`). */
  origin: string;
  /** The path's segments, not encoded (`['2020-05-31', 'distribution', id, 'invalidation']`). */
  segments: readonly string[];
  /** Query parameters, not encoded. */
  query?: Record<string, string>;
  /** The signing scope: CloudFront's API is signed for us-east-1 whatever the stack's region. */
  region: string;
  service: 's3' | 'cloudfront';
  headers?: Record<string, string>;
  body?: Buffer | string;
  credentials?: AwsCredentials;
}

export interface AwsRestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The execution role's credentials, which Lambda puts in the environment (the SDK's own provider). */
const fromEnvironment = fromEnv();

/**
 * The request's headers with its SigV4 authorization, signed by the SDK's own signer
 * (@smithy/signature-v4, which the DynamoDB client already brings into every bundle): every header
 * given is signed, with host, x-amz-date, x-amz-content-sha256 and the session token. S3 paths are
 * encoded once, other services' twice (the canonical path is the encoded path, encoded again).
 */
export async function signRequest(
  req: AwsRestRequest,
  credentials: AwsCredentials | (() => Promise<AwsCredentials>),
  now: Date,
): Promise<Record<string, string>> {
  const url = new URL(req.origin);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers ?? {})) headers[k.toLowerCase()] = v;
  headers.host = url.host;
  const signer = new SignatureV4({
    service: req.service,
    region: req.region,
    credentials,
    sha256: Sha256,
    uriEscapePath: req.service !== 's3',
    applyChecksum: true,
  });
  const signed = await signer.sign(
    {
      method: req.method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: pathOf(req),
      query: { ...req.query },
      headers,
      body: req.body ?? '',
    },
    { signingDate: now },
  );
  return signed.headers;
}

/** The path on the wire: the origin's own path (a local endpoint's prefix) then each segment encoded. */
function pathOf(req: AwsRestRequest): string {
  const base = new URL(req.origin).pathname.replace(/\/$/, '');
  return `${base}/${req.segments.map(escapeUri).join('/')}`;
}

/** The query string, its parameters encoded and sorted by name (the canonical form SigV4 signs, also sent as is). */
function queryOf(req: AwsRestRequest): string {
  return Object.entries(req.query ?? {})
    .map(([k, v]) => `${escapeUri(k)}=${escapeUri(v)}`)
    .sort()
    .join('&');
}

// One kept-alive agent per scheme, as the SDK's handler keeps its sockets between calls.
const agents = { 'https:': new https.Agent({ keepAlive: true }), 'http:': new http.Agent({ keepAlive: true }) };

function sendOnce(req: AwsRestRequest, headers: Record<string, string>): Promise<AwsRestResponse> {
  const url = new URL(req.origin);
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  if (body) headers['content-length'] = String(body.length);
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const r = request(
      {
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port || undefined,
        method: req.method,
        path: pathOf(req) + (req.query ? `?${queryOf(req)}` : ''),
        headers,
        agent: agents[url.protocol as 'https:' | 'http:'],
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(body);
  });
}

/**
 * An AWS error answer, shaped as the SDK's exceptions are: named by the code its XML body gives
 * (`ServiceUnavailable`, `AccessDenied`…), so that error-mapping.ts answers it as before (503 for
 * an overloaded service, 500 otherwise), with the status in `$metadata`.
 */
export class AwsRestError extends Error {
  readonly $metadata: { httpStatusCode: number };
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    service: string,
  ) {
    super(`${service} answered ${status}${code ? ` ${code}` : ''}`);
    this.name = code ?? 'AwsRestError';
    this.$metadata = { httpStatusCode: status };
  }
}

const MAX_ATTEMPTS = 3;
const retryable = (status: number) => status === 429 || status >= 500;

/**
 * Sends the request, signed afresh for each attempt; answers any final status (HEAD's 404 is an
 * answer, not an error): the caller decides what a status means. A dropped connection or a
 * throttle/5xx is retried twice, after 0–100 ms then 0–200 ms (the SDK's standard mode).
 */
export async function awsRest(req: AwsRestRequest): Promise<AwsRestResponse> {
  const credentials = req.credentials ?? fromEnvironment;
  for (let attempt = 1; ; attempt++) {
    let out: AwsRestResponse | undefined;
    try {
      out = await sendOnce(req, await signRequest(req, credentials, new Date()));
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS) throw err;
    }
    if (out && (!retryable(out.status) || attempt >= MAX_ATTEMPTS)) return out;
    await new Promise((r) => setTimeout(r, Math.random() * 100 * 2 ** (attempt - 1)));
  }
}

/** Throws the answer's error unless its status is 2xx. */
export function expectOk(res: AwsRestResponse, service: string): AwsRestResponse {
  if (res.status >= 200 && res.status < 300) return res;
  throw new AwsRestError(res.status, /<Code>([^<]+)<\/Code>/.exec(res.body)?.[1], service);
}
