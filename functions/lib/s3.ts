// The images bucket's two calls, PutObject and HeadObject, signed by functions/lib/aws-rest.ts
// rather than sent through @aws-sdk/client-s3, whose 167 KB were read at every cold start of the
// ecommerce Lambda for the few requests that store or check a photo (decision 0398). In AWS the
// Lambda's role and the bucket's virtual-hosted address; locally s3rver (path-style, its fixed
// S3RVER keys). No checksum header is sent, as the client was set (checksums only when required:
// s3rver corrupts streamed uploads otherwise).
import { config } from './config';
import { recordAwsCall } from './aws-calls';
import { awsRest, expectOk, type AwsRestRequest } from './aws-rest';

export function imagesBucket(): string {
  const b = config().imagesBucket;
  if (!b) throw new Error('Configuration: missing IMAGES_BUCKET');
  return b;
}

/** An object of the images bucket: `key` is `images/<tenant>/<id>.webp`. */
function objectRequest(method: 'PUT' | 'HEAD', key: string, action: 'PutObject' | 'GetObject'): AwsRestRequest {
  const cfg = config();
  const bucket = imagesBucket();
  // The IAM contract (tests/contract/iam-contract.test.ts): HeadObject needs s3:GetObject.
  recordAwsCall({ service: 's3', action, resource: `env:IMAGES_BUCKET/${key}` });
  const local = cfg.s3Endpoint;
  return {
    method,
    origin: local ?? `https://${bucket}.s3.${cfg.region}.amazonaws.com`,
    segments: [...(local ? [bucket] : []), ...key.split('/')],
    region: cfg.region,
    service: 's3',
    credentials: local ? { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } : undefined,
  };
}

/** Stores `body` under `key`; throws on any answer but 2xx. */
export async function putObject(key: string, body: Buffer, headers: { contentType: string; cacheControl: string }): Promise<void> {
  const req = objectRequest('PUT', key, 'PutObject');
  expectOk(await awsRest({ ...req, headers: { 'content-type': headers.contentType, 'cache-control': headers.cacheControl }, body }), 's3');
}

/** Whether `key` exists: 404, or 403 (a missing key without the right to list), is no; another error throws. */
export async function objectExists(key: string): Promise<boolean> {
  const res = await awsRest(objectRequest('HEAD', key, 'GetObject'));
  if (res.status === 404 || res.status === 403) return false;
  expectOk(res, 's3');
  return true;
}
