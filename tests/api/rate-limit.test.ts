// The shared rate limiter over DynamoDB Local: exact under concurrency, per subject, per window,
// the window opening with the subject's first hit.
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

  it('opens the window with the first hit, not on the clock: a burst across the turn of a minute gets the limit, not twice it', async () => {
    const rule = { name: 'test-window', limit: 5, windowSeconds: 60 };
    const subject = randomUUID();
    const first = Date.UTC(2026, 0, 1, 10, 0, 50);
    const at = (seconds: number) => hitRateLimit(rule, subject, first + seconds * 1000);
    const burst = [];
    // Seven hits from 10:00:50 to 10:01:02: a window cut at 10:01:00 let six through.
    for (const s of [0, 2, 4, 6, 8, 10, 12]) burst.push(await at(s));
    expect(burst).toEqual([true, true, true, true, true, false, false]);
    expect(await at(59)).toBe(false);
    // The window ends 60 s after its first hit; the next opens afresh, with its own five.
    const next = [];
    for (let i = 0; i < 6; i++) next.push(await at(60 + i));
    expect(next).toEqual([true, true, true, true, true, false]);
  });

  it('refuses with one request to the table (a flood costs one write per refused hit), and opens a window with two', async () => {
    const { ddb } = await import('../../functions/lib/ddb');
    const client = ddb();
    const send = client.send.bind(client);
    let calls = 0;
    client.send = ((command: Parameters<typeof send>[0]) => {
      calls++;
      return send(command);
    }) as typeof client.send;
    try {
      const rule = { name: 'test-cost', limit: 1, windowSeconds: 60 };
      const subject = randomUUID();
      const counted = async () => {
        const before = calls;
        const passed = await hitRateLimit(rule, subject);
        return [passed, calls - before];
      };
      expect(await counted()).toEqual([true, 2]);
      expect(await counted()).toEqual([false, 1]);
      expect(await counted()).toEqual([false, 1]);
    } finally {
      client.send = send;
    }
  });

  it('treats a subject case-insensitively (an e-mail address in capitals is the same address)', async () => {
    const rule = { name: 'test-case', limit: 1, windowSeconds: 60 };
    const subject = `Someone-${randomUUID()}@Example.com`;
    const now = Date.UTC(2026, 0, 1, 10, 0, 0);
    expect(await hitRateLimit(rule, subject, now)).toBe(true);
    expect(await hitRateLimit(rule, subject.toLowerCase(), now)).toBe(false);
  });
});
