// A revoked link is dead at once, also at the edge: its page may sit in CloudFront's cache for up
// to PAGE_CACHE_MAX_SECONDS (routes.ts), so the revoke asks CloudFront to drop that one path
// (CreateInvalidation). Only where a distribution is configured (DISTRIBUTION_ID, AWS); locally
// nothing caches. The SDK is loaded on the first revoke of a container, not at every cold start.
import type { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { randomUUID } from 'node:crypto';
import { instrumentClient } from '../lib/aws-calls';
import { SDK_LOGGER } from '../lib/sdk-logger';

let client: CloudFrontClient | undefined;

/** Drops `path` (e.g. /p/<token>) from `distributionId`'s caches; resolves once CloudFront accepted it. */
export async function invalidatePath(distributionId: string, path: string): Promise<string | undefined> {
  const { CloudFrontClient, CreateInvalidationCommand } = await import('../lib/sdk-cloudfront');
  // CloudFront's API lives in us-east-1 whatever the region of the stack.
  client ??= instrumentClient(new CloudFrontClient({ region: 'us-east-1', logger: SDK_LOGGER }), 'cloudfront');
  const out = await client.send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: { CallerReference: randomUUID(), Paths: { Quantity: 1, Items: [path] } },
    }),
  );
  return out.Invalidation?.Id;
}

/** Tests: a fresh client (aws-sdk-client-mock replaces the class's send). */
export function resetEdgeCacheClientForTests(): void {
  client = undefined;
}
