// functions/lib/aws-rest.ts, the signed S3 and CloudFront calls that replaced their SDK clients in
// the Lambdas (decision 0398): the SDK's own clients sign the same requests (their HTTP handler
// replaced by one that keeps the request), and our signature of each must be theirs, byte for byte;
// then the retries of the standard mode against a local server, and the errors' codes.
import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { awsRest, AwsRestError, expectOk, signRequest, type AwsRestRequest } from '../../functions/lib/aws-rest';
import { storeUnavailable } from '../../functions/lib/http/error-mapping';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session/token+=' };

interface Captured {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
}

/** What the SDK client puts on the wire for `command`, never sent. */
async function sdkRequest(client: S3Client | CloudFrontClient, command: unknown): Promise<Captured> {
  let captured: Captured | undefined;
  client.config.requestHandler = {
    handle: async (req: { method: string; path: string; query: Record<string, string>; headers: Record<string, string>; body?: unknown }) => {
      captured = {
        method: req.method,
        path: req.path,
        query: req.query,
        headers: req.headers,
        body: req.body === undefined ? '' : Buffer.from(req.body as Uint8Array).toString('utf8'),
      };
      return { response: { statusCode: 200, headers: {}, body: Readable.from([Buffer.from('<Invalidation><Id>I1</Id></Invalidation>')]) } };
    },
  } as never;
  await (client as S3Client).send(command as never).catch(() => undefined);
  if (!captured) throw new Error('the SDK sent nothing');
  return captured;
}

/** Our signature of the SDK's request, with the headers the SDK signed (taken from its Authorization). */
async function ourAuthorization(sdk: Captured, req: Omit<AwsRestRequest, 'headers' | 'body'>): Promise<string> {
  const signed = /SignedHeaders=([^,]+)/.exec(sdk.headers.authorization)![1].split(';');
  const ours = new Set(['host', 'x-amz-date', 'x-amz-content-sha256', 'x-amz-security-token']);
  const headers = Object.fromEntries(signed.filter((h) => !ours.has(h)).map((h) => [h, sdk.headers[h]]));
  const amzDate = sdk.headers['x-amz-date'];
  const now = new Date(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  return (await signRequest({ ...req, query: sdk.query, headers, body: sdk.body }, credentials, now)).authorization;
}

describe('signRequest', () => {
  it("signs S3's PutObject and HeadObject as the SDK does (virtual-hosted bucket, path encoded once)", async () => {
    const s3 = new S3Client({ region: 'eu-west-1', credentials, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
    const key = 'images/7/0123456789abcdef0123456789abcdef.webp';
    const put = await sdkRequest(
      s3,
      new PutObjectCommand({
        Bucket: 'ganaar-images',
        Key: key,
        Body: Buffer.from('RIFF....WEBP'),
        ContentType: 'image/webp',
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
    expect(put.path).toBe(`/${key}`);
    // The SDK names the operation in the query (x-id, for S3's logs); ours sends none, and signs a query the same way.
    expect(put.query).toEqual({ 'x-id': 'PutObject' });
    const req = { origin: 'https://ganaar-images.s3.eu-west-1.amazonaws.com', segments: key.split('/'), region: 'eu-west-1', service: 's3' } as const;
    expect(await ourAuthorization(put, { ...req, method: 'PUT' })).toBe(put.headers.authorization);
    const head = await sdkRequest(s3, new HeadObjectCommand({ Bucket: 'ganaar-images', Key: key }));
    expect(await ourAuthorization(head, { ...req, method: 'HEAD' })).toBe(head.headers.authorization);
  });

  it("signs CloudFront's CreateInvalidation as the SDK does (us-east-1, same XML body)", async () => {
    const cf = new CloudFrontClient({ region: 'us-east-1', credentials });
    const sdk = await sdkRequest(
      cf,
      new CreateInvalidationCommand({
        DistributionId: 'E2ABCDEF',
        InvalidationBatch: { CallerReference: 'ref-1', Paths: { Quantity: 1, Items: ['/p/AAAA.BBBB'] } },
      }),
    );
    expect(sdk.path).toBe('/2020-05-31/distribution/E2ABCDEF/invalidation');
    expect(sdk.body).toContain('<Path>/p/AAAA.BBBB</Path>');
    const req = {
      origin: 'https://cloudfront.amazonaws.com',
      segments: ['2020-05-31', 'distribution', 'E2ABCDEF', 'invalidation'],
      region: 'us-east-1',
      service: 'cloudfront',
    } as const;
    expect(await ourAuthorization(sdk, { ...req, method: 'POST' })).toBe(sdk.headers.authorization);
  });

  it('encodes what is not unreserved once on the wire and, outside S3, twice in the signed path', async () => {
    const now = new Date('2026-11-29T18:00:00Z');
    const base = { method: 'GET', origin: 'https://h.example', segments: ['a b', 'é'], region: 'us-east-1' } as const;
    const s3 = (await signRequest({ ...base, service: 's3' }, credentials, now)).authorization;
    const cf = (await signRequest({ ...base, service: 'cloudfront' }, credentials, now)).authorization;
    expect(s3).not.toBe(cf);
    expect((await signRequest({ ...base, segments: ['a%20b', '%C3%A9'], service: 's3' }, credentials, now)).authorization).not.toBe(s3);
  });
});

describe('awsRest', () => {
  let server: Server;
  let origin = '';
  const answers: number[] = [];
  const seen: { method?: string; url?: string; auth?: string; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
        const status = answers.shift() ?? 200;
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(status >= 300 ? '<Error><Code>SlowDown</Code></Error>' : '<Ok/>');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const req = (): AwsRestRequest => ({
    method: 'PUT',
    origin,
    segments: ['bucket', 'images', '1', 'x.webp'],
    region: 'eu-west-1',
    service: 's3',
    body: 'bytes',
    credentials,
  });

  it('retries a throttle or a 5xx twice, signing each attempt, then answers the last status', async () => {
    seen.length = 0;
    answers.push(503, 429);
    expect((await awsRest(req())).status).toBe(200);
    expect(seen).toHaveLength(3);
    expect(seen.map((s) => s.url)).toEqual(Array(3).fill('/bucket/images/1/x.webp'));
    expect(seen.every((s) => s.body === 'bytes' && s.auth?.startsWith('AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/'))).toBe(true);
    seen.length = 0;
    answers.push(500, 500, 500);
    const last = await awsRest(req());
    expect(seen).toHaveLength(3);
    expect(() => expectOk(last, 's3')).toThrow(new AwsRestError(500, 'SlowDown', 's3'));
    // Named by its code as the SDK's exceptions are: an overloaded service is still a 503 for the caller.
    const unavailable = (() => {
      try {
        expectOk({ status: 503, headers: {}, body: '<Error><Code>ServiceUnavailable</Code></Error>' }, 's3');
      } catch (err) {
        return err;
      }
    })();
    expect(unavailable).toMatchObject({ name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } });
    expect(storeUnavailable(unavailable)).toBe(true);
  });

  it('answers a 4xx at once (a missing object is an answer, not a failure)', async () => {
    seen.length = 0;
    answers.push(404);
    expect((await awsRest({ ...req(), method: 'HEAD', body: undefined })).status).toBe(404);
    expect(seen).toHaveLength(1);
  });
});
