// The S3 client of the images bucket, built once per container: in AWS the Lambda's role, locally
// s3rver (path-style, its fixed S3RVER keys, and checksums only when required: s3rver corrupts streamed uploads otherwise).
import { S3Client } from '@aws-sdk/client-s3';
import { config } from './config';
import { instrumentClient } from './aws-calls';
import { SDK_LOGGER } from './sdk-logger';

let client: S3Client | undefined;

export function s3(): S3Client {
  if (client) return client;
  const cfg = config();
  client = new S3Client({
    region: cfg.region,
    ...(cfg.s3Endpoint ? { endpoint: cfg.s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    logger: SDK_LOGGER,
  });
  return instrumentClient(client, 's3');
}

export function imagesBucket(): string {
  const b = config().imagesBucket;
  if (!b) throw new Error('Configuration: missing IMAGES_BUCKET');
  return b;
}
