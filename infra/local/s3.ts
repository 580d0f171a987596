// s3rver stands in for the private images bucket locally.
import S3rver from 's3rver';
import { mkdirSync } from 'node:fs';
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
