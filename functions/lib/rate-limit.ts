// Rate limits kept in the table, shared by every Lambda container: at most `limit` hits per subject
// in a window that opens with the subject's first hit (as the attempt budgets, lib/attempts.ts).
// Each hit is one conditional UpdateItem, so concurrent requests can never pass more than `limit`
// in a window. Used for abuse-prone public routes (password recovery, storefront orders, webhooks)
// and the payment start.
// Why not windows cut on the clock (10:00–10:01, 10:01–10:02…): a burst that crossed a cut got up to
// twice the limit at once, and which requests passed depended on the second they came in (a test of
// seven storefront orders from one address saw six pass when the minute turned between them).
// The item expires with the window (TTL `expiresAt`; DynamoDB Local does not delete expired items,
// so the window's end is always checked here).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, tableName } from './ddb';
import { AppError } from './errors';

export interface RateLimit {
  /** What is limited, e.g. `recovery-email`; part of the key. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

const rateKey = (name: string, subject: string) => ({ PK: `RATE#${name}#${subject}`, SK: 'WINDOW' });

/**
 * The window a failed condition returns (ReturnValuesOnConditionCheckFailure), if any. The document
 * client leaves the error's item in DynamoDB's own format ({ N: '5' }).
 */
function failedWindow(err: unknown): { hits: number; end: number } | undefined {
  const item = (err as { Item?: Record<string, { N?: string } | undefined> }).Item;
  return item ? { hits: Number(item.hits?.N), end: Number(item.window_end?.N) } : undefined;
}

/**
 * Counts one hit for `subject` (an e-mail address, a client IP…) and answers whether it is within
 * the limit. A refused hit is not counted, so the window's figure stays at `limit`.
 */
export async function hitRateLimit(rule: RateLimit, subject: string, now = Date.now()): Promise<boolean> {
  const nowSeconds = Math.floor(now / 1000);
  const Key = rateKey(rule.name, subject.toLowerCase());
  // Count one more in the live window if it is not full, else open a window when there is none (or
  // it has ended). A window opened by a concurrent hit between the two makes the loop count again.
  for (let i = 0; i < 3; i++) {
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'ADD hits :one',
          ConditionExpression: 'window_end > :now AND hits < :limit',
          ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds, ':limit': rule.limit },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const old = failedWindow(err);
      // The live window is full: refused without another write.
      if (old && old.end > nowSeconds && old.hits >= rule.limit) return false;
    }
    try {
      const end = nowSeconds + rule.windowSeconds;
      await ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET hits = :one, window_end = :end, expiresAt = :end, entity = :type',
          ConditionExpression: 'attribute_not_exists(PK) OR window_end <= :now',
          ExpressionAttributeValues: { ':one': 1, ':end': end, ':now': nowSeconds, ':type': 'RATE' },
        }),
      );
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  return false;
}

/** Throws 429 with a French message when `subject` is over the limit. */
export async function enforceRateLimit(
  rule: RateLimit,
  subject: string,
  message = 'Trop de requêtes, veuillez réessayer dans quelques minutes.',
): Promise<void> {
  if (!(await hitRateLimit(rule, subject))) throw new AppError(429, message);
}
