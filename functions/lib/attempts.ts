// Attempt budgets: at most `max` attempts per subject (an address and IP pair, an e-mail address,
// a user) in a window that starts with the first attempt. An attempt is RESERVED with a
// conditional UpdateItem before the guess it stands for is evaluated, so concurrency cannot get
// more than `max` guesses evaluated: 100 parallel login guesses get 5 evaluated, 95 refused.
// A correct guess gives its attempt back (refundAttempt) or clears the budget (clearAttempts),
// so only wrong guesses add up. Used for login, the password-recovery code and the old password
// of a password change (docs/decisions.md, "Security hardening").
// The item expires with its window (TTL `expiresAt`; DynamoDB Local does not delete expired
// items, so the window end is always checked here).
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, tableName } from './ddb';

export interface AttemptBudget {
  /** What is counted, e.g. `login`; part of the key. */
  name: string;
  max: number;
  windowSeconds: number;
}

export type Reservation = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * The window is live: window_end, or windowEnd on a window opened before 2026-12-stored-names (it
 * ends within the hour; a new window is written with window_end only).
 */
const LIVE = '(window_end > :now OR (attribute_not_exists(window_end) AND windowEnd > :now))';

const attemptKey = (name: string, subject: string) => ({ PK: `ATTEMPTS#${name}#${subject.toLowerCase()}`, SK: 'ATTEMPTS' });

/** Reserves one attempt of `subject`; refused while `max` attempts of the current window are used. */
export async function reserveAttempt(budget: AttemptBudget, subject: string, now = Date.now()): Promise<Reservation> {
  const nowSeconds = Math.floor(now / 1000);
  const key = attemptKey(budget.name, subject);
  // Two conditional writes, each atomic: open a new window when there is none (or it ended),
  // else count one more in the live window if it is not full. A race between them retries.
  for (let i = 0; i < 4; i++) {
    try {
      const end = nowSeconds + budget.windowSeconds;
      await ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET n = :one, window_end = :end, expiresAt = :end, entity = :type REMOVE windowEnd',
          ConditionExpression: `attribute_not_exists(PK) OR NOT ${LIVE}`,
          ExpressionAttributeValues: { ':one': 1, ':end': end, ':now': nowSeconds, ':type': 'ATTEMPTS' },
        }),
      );
      return { ok: true };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'ADD n :one',
          ConditionExpression: `${LIVE} AND n < :max`,
          ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds, ':max': budget.max },
        }),
      );
      return { ok: true };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    const state = await readBudget(key);
    if (state && state.windowEnd > nowSeconds && state.n >= budget.max) return { ok: false, retryAfterSeconds: state.windowEnd - nowSeconds };
  }
  return { ok: false, retryAfterSeconds: budget.windowSeconds };
}

async function readBudget(key: { PK: string; SK: string }): Promise<{ n: number; windowEnd: number } | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return out.Item ? { n: Number(out.Item.n), windowEnd: Number(out.Item.window_end ?? out.Item.windowEnd) } : null;
}

/** Gives back one attempt of the live window (the guess was right, or was never evaluated). */
export async function refundAttempt(budget: AttemptBudget, subject: string, now = Date.now()): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: attemptKey(budget.name, subject),
        UpdateExpression: 'ADD n :minus',
        ConditionExpression: `n > :zero AND ${LIVE}`,
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0, ':now': Math.floor(now / 1000) },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** Forgets every attempt of `subject` (a successful login from that address and IP). */
export async function clearAttempts(budget: AttemptBudget, subject: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: attemptKey(budget.name, subject) }));
}

/** True while the live window of `subject` has no attempt left. */
export async function attemptsExhausted(budget: AttemptBudget, subject: string, now = Date.now()): Promise<boolean> {
  const state = await readBudget(attemptKey(budget.name, subject));
  return !!state && state.windowEnd > Math.floor(now / 1000) && state.n >= budget.max;
}
