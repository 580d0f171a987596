// A count per subject in a window that opens with the subject's first count, kept in the table and
// shared by every Lambda container: the core of the rate limits (lib/rate-limit.ts) and of the
// attempt budgets (lib/attempts.ts). Each step is one conditional UpdateItem, so concurrent requests
// can never count more than `max` in a window; a refusal costs one request (the failed condition
// returns the window).
// Why not windows cut on the clock (10:00–10:01, 10:01–10:02…): a burst that crossed a cut got up to
// twice the limit at once (decision 0204).
// The item expires with its window (TTL `expiresAt`; DynamoDB Local does not delete expired items,
// so the window's end is always checked here).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, tableName } from './ddb';

export interface CountedWindow {
  key: { PK: string; SK: string };
  /** The attribute that counts: `hits` for a rate limit, `n` for an attempt budget. */
  counter: 'hits' | 'n';
  /** The item's kind (its `entity`). */
  entity: string;
  max: number;
  windowSeconds: number;
}

export type Counted = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * The window is live: window_end, or windowEnd on a window opened before the migration
 * 2026-12-stored-names (it ends within the hour; a new window is written with window_end only).
 */
export const LIVE = '(window_end > :now OR (attribute_not_exists(window_end) AND windowEnd > :now))';

/**
 * The window a failed condition returns (ReturnValuesOnConditionCheckFailure), if any. The document
 * client leaves the error's item in DynamoDB's own format ({ N: '5' }).
 */
function failedWindow(err: unknown, counter: string): { count: number; end: number } | undefined {
  const item = (err as { Item?: Record<string, { N?: string } | undefined> }).Item;
  return item ? { count: Number(item[counter]?.N ?? 0), end: Number(item.window_end?.N ?? item.windowEnd?.N ?? 0) } : undefined;
}

/** Counts one for the window's subject; refused, and not counted, while the live window holds `max`. */
export async function countInWindow(w: CountedWindow, now = Date.now()): Promise<Counted> {
  const nowSeconds = Math.floor(now / 1000);
  // Count one more in the live window if it is not full, else open a window when there is none (or
  // it has ended). A window opened by a concurrent count between the two makes the loop count again.
  for (let i = 0; i < 3; i++) {
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: w.key,
          UpdateExpression: 'ADD #count :one',
          ConditionExpression: `${LIVE} AND #count < :max`,
          ExpressionAttributeNames: { '#count': w.counter },
          ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds, ':max': w.max },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { ok: true };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const old = failedWindow(err, w.counter);
      // The live window is full: refused without another request.
      if (old && old.end > nowSeconds && old.count >= w.max) return { ok: false, retryAfterSeconds: old.end - nowSeconds };
    }
    try {
      const end = nowSeconds + w.windowSeconds;
      await ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: w.key,
          UpdateExpression: 'SET #count = :one, window_end = :end, expiresAt = :end, entity = :entity REMOVE windowEnd',
          ConditionExpression: `attribute_not_exists(PK) OR NOT ${LIVE}`,
          ExpressionAttributeNames: { '#count': w.counter },
          ExpressionAttributeValues: { ':one': 1, ':end': end, ':now': nowSeconds, ':entity': w.entity },
        }),
      );
      return { ok: true };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  // Three windows opened under our feet in a row: refused, as a full window would be.
  return { ok: false, retryAfterSeconds: w.windowSeconds };
}
