// The shared fixed-window rate limiter over DynamoDB Local: exact under concurrency, per subject,
// per window.
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';

let hitRateLimit: typeof import('../../functions/lib/rate-limit').hitRateLimit;

beforeAll(async () => {
  // The limiter runs in this process against the stack's table, as a Lambda would.
  Object.assign(process.env, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    JWT_SECRET: 'x'.repeat(32),
    MAIL_OUTBOX_DIR: inject('outboxDir'),
  });
  ({ hitRateLimit } = await import('../../functions/lib/rate-limit'));
});

describe('rate limit', () => {
  it('lets exactly `limit` of 40 concurrent hits through in one window', async () => {
    const rule = { name: 'test', limit: 7, windowSeconds: 3600 };
    const subject = randomUUID();
    const now = Date.UTC(2026, 0, 1, 10, 0, 0);
    const results = await Promise.all(Array.from({ length: 40 }, () => hitRateLimit(rule, subject, now)));
    expect(results.filter(Boolean)).toHaveLength(7);
    // Another subject has its own count; the next window starts afresh.
    expect(await hitRateLimit(rule, randomUUID(), now)).toBe(true);
    expect(await hitRateLimit(rule, subject, now + 3600_000)).toBe(true);
  });

  it('treats a subject case-insensitively (an e-mail address in capitals is the same address)', async () => {
    const rule = { name: 'test-case', limit: 1, windowSeconds: 60 };
    const subject = `Someone-${randomUUID()}@Example.com`;
    const now = Date.UTC(2026, 0, 1, 10, 0, 0);
    expect(await hitRateLimit(rule, subject, now)).toBe(true);
    expect(await hitRateLimit(rule, subject.toLowerCase(), now)).toBe(false);
  });
});
