// s3rver ships no types; this is the part of its API the local stack uses.
declare module 's3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs: unknown[] }[];
  }
  export default class S3rver {
    constructor(opts: S3rverOptions);
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
