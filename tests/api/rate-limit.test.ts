// The shared rate limiter and the attempt budgets over DynamoDB Local (one core,
// functions/lib/window-count.ts): exact under concurrency, per subject, over a sliding window (at
// most the limit in ANY interval of the window's length), a refusal costing one request.
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';

let hitRateLimit: typeof import('../../functions/lib/rate-limit').hitRateLimit;
let attempts: typeof import('../../functions/lib/attempts');

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
  attempts = await import('../../functions/lib/attempts');
});

/** Runs `fn` and answers its result with the number of requests the handlers' client sent. */
async function counting<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const { ddb } = await import('../../functions/lib/ddb');
  const client = ddb();
  const send = client.send.bind(client);
  let calls = 0;
  client.send = ((command: Parameters<typeof send>[0]) => {
    calls++;
    return send(command);
  }) as typeof client.send;
  try {
    return [await fn(), calls];
  } finally {
    client.send = send;
  }
}

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

  it('holds over any interval of the window: a client timing its hits at a window edge passes the limit, not twice it', async () => {
    const rule = { name: 'test-window', limit: 5, windowSeconds: 60 };
    const subject = randomUUID();
    const first = Date.UTC(2026, 0, 1, 10, 0, 0);
    const at = (seconds: number) => hitRateLimit(rule, subject, first + seconds * 1000);
    const passed: number[] = [];
    // One hit, then four just before the minute ends and five just after: a window that opened at
    // the first hit let nine through in 1.6 s (four before its end, five in the next window).
    for (const s of [0, 59.2, 59.4, 59.6, 59.8, 60.1, 60.3, 60.5, 60.7, 60.8]) if (await at(s)) passed.push(s);
    // The first hit leaves the window at 60 s, making room for exactly one more.
    expect(passed).toEqual([0, 59.2, 59.4, 59.6, 59.8, 60.1]);
    for (const s of passed) expect(passed.filter((t) => t > s - 60 && t <= s).length).toBeLessThanOrEqual(5);
    // Room comes back as the hits of 59.2 s onwards leave the window, one by one.
    expect(await at(119.1)).toBe(false);
    expect(await at(119.3)).toBe(true);
    expect(await at(119.35)).toBe(false);
  });

  it('counts a subject first hit with one request, a later hit with two, and refuses with one (a flood costs one write per refused hit)', async () => {
    const rule = { name: 'test-cost', limit: 2, windowSeconds: 60 };
    const subject = randomUUID();
    expect(await counting(() => hitRateLimit(rule, subject))).toEqual([true, 1]);
    expect(await counting(() => hitRateLimit(rule, subject))).toEqual([true, 2]);
    expect(await counting(() => hitRateLimit(rule, subject))).toEqual([false, 1]);
    expect(await counting(() => hitRateLimit(rule, subject))).toEqual([false, 1]);
  });

  it('treats a subject case-insensitively (an e-mail address in capitals is the same address)', async () => {
    const rule = { name: 'test-case', limit: 1, windowSeconds: 60 };
    const subject = `Someone-${randomUUID()}@Example.com`;
    const now = Date.UTC(2026, 0, 1, 10, 0, 0);
    expect(await hitRateLimit(rule, subject, now)).toBe(true);
    expect(await hitRateLimit(rule, subject.toLowerCase(), now)).toBe(false);
  });
});

describe('attempt budgets', () => {
  const budget = { name: 'test-attempts', max: 5, windowSeconds: 900 };

  it('reserves exactly `max` of 40 concurrent attempts, and says when the window ends', async () => {
    const subject = randomUUID();
    const now = Date.UTC(2026, 0, 1, 10, 0, 0);
    const results = await Promise.all(Array.from({ length: 40 }, () => attempts.reserveAttempt(budget, subject, now)));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await attempts.reserveAttempt(budget, subject, now + 60_000)).toEqual({ ok: false, retryAfterSeconds: 840 });
    expect(await attempts.attemptsExhausted(budget, subject, now)).toBe(true);
    // A right guess gives its attempt back: one more is reserved, then the window is full again.
    await attempts.refundAttempt(budget, subject, now);
    expect((await attempts.reserveAttempt(budget, subject, now)).ok).toBe(true);
    expect((await attempts.reserveAttempt(budget, subject, now)).ok).toBe(false);
    // Once the window has passed, every attempt has left it.
    expect((await attempts.reserveAttempt(budget, subject, now + 900_000)).ok).toBe(true);
  });

  it('refuses with one request to the table, counts a first attempt with one, a later one with two', async () => {
    const subject = randomUUID();
    const one = { ...budget, max: 2 };
    expect(await counting(() => attempts.reserveAttempt(one, subject))).toEqual([{ ok: true }, 1]);
    expect(await counting(() => attempts.reserveAttempt(one, subject))).toEqual([{ ok: true }, 2]);
    const [refused, calls] = await counting(() => attempts.reserveAttempt(one, subject));
    expect([refused.ok, calls]).toEqual([false, 1]);
  });

  it('honours a window stored before the sliding log (windowEnd, or window_end), and replaces it once ended', async () => {
    const { PutCommand, GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { ddb, tableName } = await import('../../functions/lib/ddb');
    const subject = randomUUID();
    const now = Date.UTC(2026, 0, 1, 10, 0, 0);
    const end = now / 1000 + 300;
    const Key = { PK: `ATTEMPTS#${budget.name}#${subject}`, SK: 'ATTEMPTS' };
    await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...Key, entity: 'ATTEMPTS', n: 5, windowEnd: end, expiresAt: end } }));
    expect(await attempts.reserveAttempt(budget, subject, now)).toEqual({ ok: false, retryAfterSeconds: 300 });
    expect((await attempts.reserveAttempt(budget, subject, now + 300_000)).ok).toBe(true);
    const item = (await ddb().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item!;
    expect(item).toMatchObject({ hit_log: [now + 300_000], v: 1 });
    expect([item.n, item.windowEnd, item.window_end]).toEqual([undefined, undefined, undefined]);
  });
});
