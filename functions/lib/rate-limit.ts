// Fixed-window rate limits kept in the table, shared by every Lambda container: one conditional
// `UpdateItem ADD` per hit, so concurrent requests can never pass more than `limit` in a window.
// Used for abuse-prone public routes (password recovery, login, storefront orders, webhooks).
// The item expires with the window (TTL `expiresAt`; DynamoDB Local does not delete expired items,
// which is harmless here: an old window's key is never read again).
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

const rateKey = (name: string, subject: string, windowStart: number) => ({ PK: `RATE#${name}#${subject}`, SK: `W#${windowStart}` });

/**
 * Counts one hit for `subject` (an e-mail address, a client IP…) and answers whether it is within
 * the limit. A refused hit is not counted, so the window's figure stays at `limit`.
 */
export async function hitRateLimit(rule: RateLimit, subject: string, now = Date.now()): Promise<boolean> {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateKey(rule.name, subject.toLowerCase(), windowStart),
        UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :exp), entity = if_not_exists(entity, :type)',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': rule.limit, ':exp': windowStart + rule.windowSeconds, ':type': 'RATE' },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Throws 429 with a French message when `subject` is over the limit. */
export async function enforceRateLimit(
  rule: RateLimit,
  subject: string,
  message = 'Trop de requêtes, veuillez réessayer dans quelques minutes.',
): Promise<void> {
  if (!(await hitRateLimit(rule, subject))) throw new AppError(429, message);
}
