// Attempt budgets: at most `max` attempts per subject (an address and IP pair, an e-mail address,
// a user) in a window that starts with the first attempt (lib/window-count.ts, the rate limits'
// core too). An attempt is RESERVED with a conditional UpdateItem before the guess it stands for is
// evaluated, so concurrency cannot get more than `max` guesses evaluated: 100 parallel login
// guesses get 5 evaluated, 95 refused; a refused attempt costs one request.
// A correct guess gives its attempt back (refundAttempt) or clears the budget (clearAttempts),
// so only wrong guesses add up. Used for login, the password-recovery code and the old password
// of a password change (docs/decisions.md, "Security hardening").
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, tableName } from './ddb';
import { countInWindow, LIVE, type Counted } from './window-count';

export interface AttemptBudget {
  /** What is counted, e.g. `login`; part of the key. */
  name: string;
  max: number;
  windowSeconds: number;
}

export type Reservation = Counted;

const attemptKey = (name: string, subject: string) => ({ PK: `ATTEMPTS#${name}#${subject.toLowerCase()}`, SK: 'ATTEMPTS' });

/** Reserves one attempt of `subject`; refused while `max` attempts of the current window are used. */
export function reserveAttempt(budget: AttemptBudget, subject: string, now = Date.now()): Promise<Reservation> {
  return countInWindow({ key: attemptKey(budget.name, subject), counter: 'n', entity: 'ATTEMPTS', max: budget.max, windowSeconds: budget.windowSeconds }, now);
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
