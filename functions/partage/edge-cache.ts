// A revoked link is dead at once, also at the edge: its page may sit in CloudFront's cache for up
// to PAGE_CACHE_MAX_SECONDS (routes.ts), so the revoke asks CloudFront to drop that one path
// (CreateInvalidation). Only where a distribution is configured (DISTRIBUTION_ID, AWS); locally
// nothing caches. The call is signed by functions/lib/aws-rest.ts, not sent through
// @aws-sdk/client-cloudfront: its 217 KB were read at every cold start of the partage Lambda for
// this one rare call (decision 0398).
import { randomUUID } from 'node:crypto';
import { recordAwsCall } from '../lib/aws-calls';
import { awsRest, expectOk } from '../lib/aws-rest';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Drops `path` (e.g. /p/<token>) from `distributionId`'s caches; resolves once CloudFront accepted it, with the invalidation's id. */
export async function invalidatePath(distributionId: string, path: string): Promise<string | undefined> {
  recordAwsCall({ service: 'cloudfront', action: 'CreateInvalidation', resource: 'unknown' });
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<InvalidationBatch xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/">' +
    `<Paths><Quantity>1</Quantity><Items><Path>${xmlText(path)}</Path></Items></Paths>` +
    `<CallerReference>${randomUUID()}</CallerReference>` +
    '</InvalidationBatch>';
  const res = await awsRest({
    method: 'POST',
    origin: 'https://cloudfront.amazonaws.com',
    segments: ['2020-05-31', 'distribution', distributionId, 'invalidation'],
    // CloudFront's API lives in us-east-1 whatever the region of the stack.
    region: 'us-east-1',
    service: 'cloudfront',
    headers: { 'content-type': 'application/xml' },
    body,
  });
  expectOk(res, 'cloudfront');
  return /<Id>([^<]+)<\/Id>/.exec(res.body)?.[1];
}
