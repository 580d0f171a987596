// s3rver stands in for the private images bucket locally; the server reads product photos from it
// for /images/* as CloudFront does from the bucket in AWS.
import S3rver from 's3rver';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { securityHeaders } from '@shared/security-headers';
import { freePort } from './ports';

export interface S3Local {
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

export const IMAGES_BUCKET = 'ganaar-images';

export async function startS3(directory: string): Promise<S3Local> {
  mkdirSync(directory, { recursive: true });
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: IMAGES_BUCKET, configs: [] }] });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, bucket: IMAGES_BUCKET, stop: () => server.close() };
}

/** What CloudFront's /images/* behaviour serves: an image object by its exact key, nothing else (no listing). */
export const IMAGE_URL_RE = /^\/images\/[1-9][0-9]{0,9}\/[0-9a-f]{32}(?:-480)?\.webp$/;

let client: S3Client | undefined;
let clientEndpoint = '';

/** Serves /images/<tenant>/<id>.webp from the local bucket; any other path, or a missing object, is 404. */
export async function serveImage(s3: S3Local, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  const headers = securityHeaders('api');
  req.resume();
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !IMAGE_URL_RE.test(pathname)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
    res.end('Introuvable');
    return;
  }
  if (!client || clientEndpoint !== s3.endpoint) {
    clientEndpoint = s3.endpoint;
    client = new S3Client({
      region: 'eu-west-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, // s3rver's fixed keys
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  try {
    const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: pathname.slice(1) }));
    const body = Buffer.from(await out.Body!.transformToByteArray());
    res.writeHead(200, {
      'content-type': 'image/webp',
      'content-length': String(body.length),
      'cache-control': 'public, max-age=31536000, immutable',
      ...headers,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
    res.end('Introuvable');
  }
}
