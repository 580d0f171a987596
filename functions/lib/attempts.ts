// Attempt budgets: at most `max` attempts per subject (an address and IP pair, an e-mail address,
// a user) in any window of the budget's length (a sliding window, lib/window-count.ts, the rate
// limits' core too). An attempt is RESERVED with a conditional UpdateItem before the guess it stands for is
// evaluated, so concurrency cannot get more than `max` guesses evaluated: 100 parallel login
// guesses get 5 evaluated, 95 refused; a refused attempt costs one request.
// A correct guess gives its attempt back (refundAttempt) or clears the budget (clearAttempts),
// so only wrong guesses add up. Used for login, the password-recovery code and the old password
// of a password change (docs/decisions.md, "Security hardening").
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './ddb';
import { countInWindow, liveHits, waitForRoom, windowState, writeLog, type Counted, type CountedWindow } from './window-count';

export interface AttemptBudget {
  /** What is counted, e.g. `login`; part of the key. */
  name: string;
  max: number;
  windowSeconds: number;
}

export type Reservation = Counted;

const attemptKey = (name: string, subject: string) => ({ PK: `ATTEMPTS#${name}#${subject.toLowerCase()}`, SK: 'ATTEMPTS' });
const counted = (budget: AttemptBudget, subject: string): CountedWindow => ({
  key: attemptKey(budget.name, subject),
  entity: 'ATTEMPTS',
  limits: [{ max: budget.max, windowSeconds: budget.windowSeconds }],
});

/** Reserves one attempt of `subject`; refused while `max` attempts of the last window are used. */
export function reserveAttempt(budget: AttemptBudget, subject: string, now = Date.now()): Promise<Reservation> {
  return countInWindow(counted(budget, subject), now);
}

async function readBudget(w: CountedWindow) {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: w.key, ConsistentRead: true }));
  return windowState(out.Item, w);
}

/**
 * Gives back the latest attempt of the window (the guess was right, or was never evaluated). Read,
 * then written on the version read; a write that lost a race reads again (a few rounds).
 */
export async function refundAttempt(budget: AttemptBudget, subject: string, now = Date.now()): Promise<void> {
  const w = counted(budget, subject);
  let state = await readBudget(w);
  for (let round = 0; round < 5; round++) {
    const live = liveHits(state, w, now);
    if (!live.length) return;
    const written = await writeLog(w, state, live.slice(0, -1), now);
    if (written.ok) return;
    state = windowState(written.item, w);
  }
}

/** Forgets every attempt of `subject` (a successful login from that address and IP). */
export async function clearAttempts(budget: AttemptBudget, subject: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: attemptKey(budget.name, subject) }));
}

/** True while the last window of `subject` holds `max` attempts. */
export async function attemptsExhausted(budget: AttemptBudget, subject: string, now = Date.now()): Promise<boolean> {
  const w = counted(budget, subject);
  return waitForRoom(liveHits(await readBudget(w), w, now), w, now) > 0;
}
