// The one way a refused DynamoDB write becomes a business answer. A transaction cancelled by a
// failed condition says which item refused (CancellationReasons, in item order); rather than every
// caller counting item positions, each item that may refuse carries its own refusal: the error to
// raise, or a function that reads the current state to choose it (« stock insuffisant : il reste
// 3 » needs the stock as it now is). An item without a refusal that fails is a defect of ours and
// keeps its SDK error (a 500).
import { cancelledIndex } from './ddb';
import { AppError, BusinessConflict } from './errors';
import { transact, type TxItem } from './store';

export { isConditionFailure } from './ddb';

/** What a failed condition means: the error to raise, or how to find it from the current state. */
export type Refusal = Error | (() => Error | Promise<Error>);

/** A transaction item with the refusal its condition raises when it fails. */
export interface Refusable {
  item: TxItem;
  refusal: Refusal;
}

/** One step of a transaction: a plain item (it never refuses), or an item with its refusal. */
export type Step = TxItem | Refusable;

const isRefusable = (s: Step): s is Refusable => 'refusal' in s;

/** `item`, refused with `refusal` when its condition fails. */
export const refuseWith = (refusal: Refusal, item: TxItem): Refusable => ({ item, refusal });

/** Every item of a group (a batch's entries, an order's lines) refused alike. */
export const refuseEachWith = (refusal: Refusal, items: readonly TxItem[]): Refusable[] => items.map((item) => ({ item, refusal }));

/**
 * A write checked against a reading that another writer changed in between: not a refusal, the
 * caller reads, checks and writes again (`untilWritten` below).
 */
export class StaleRead extends Error {
  constructor() {
    super('the item changed since it was read');
    this.name = 'StaleRead';
  }
}

export const staleRead = (): StaleRead => new StaleRead();

/** Jittered backoff: spreads the losers of a round so that they do not collide again at once. */
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * Math.min(250, 10 * 2 ** Math.min(attempt, 5))));

/** A transaction cancelled by conflicts past lib/store's own retries: another writer, not a limit (a BusinessConflict is one). */
const isConflict = (err: unknown): boolean => err instanceof AppError && err.status === 409 && !(err instanceof BusinessConflict);

/**
 * Runs `attempt` (read, check, write) until it is written: a refusal it throws is real (made on
 * the item as it now is); a lost race (StaleRead) or a conflict past lib/store's retries runs it
 * again after a short jittered pause. Past `maxAttempts`, raises `exhausted()` (a 409 asking to try
 * again).
 */
export async function untilWritten<T>(attempt: (n: number) => Promise<T>, maxAttempts: number, exhausted: () => Error): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!(err instanceof StaleRead) && !isConflict(err)) throw err;
    }
    if (n >= maxAttempts) throw exhausted();
    await pause(n);
  }
}

/**
 * Runs the transaction (conflicts retried by lib/store `transact`, `attempts` times); when an
 * item's condition fails, raises that item's refusal.
 */
export async function transactOrRefuse(steps: readonly Step[], attempts?: number): Promise<void> {
  try {
    await transact(
      steps.map((s) => (isRefusable(s) ? s.item : s)),
      attempts,
    );
  } catch (err) {
    const i = cancelledIndex(err);
    const step = i >= 0 ? steps[i] : undefined;
    if (step && isRefusable(step)) throw typeof step.refusal === 'function' ? await step.refusal() : step.refusal;
    throw err;
  }
}

/** The refusal of a write that is also a test: `transactIfAllowed` answers false. */
class NotAllowed extends Error {}
const NOT_ALLOWED = new NotAllowed('not allowed');

/** `item`, whose failed condition makes `transactIfAllowed` answer false. */
export const mayRefuse = (item: TxItem): Refusable => refuseWith(NOT_ALLOWED, item);

/**
 * For a write that is also a test (close a batch unless it moved, take a code once): true when
 * written, false when an item marked `mayRefuse` failed its condition.
 */
export async function transactIfAllowed(steps: readonly Step[], attempts?: number): Promise<boolean> {
  try {
    await transactOrRefuse(steps, attempts);
    return true;
  } catch (err) {
    if (err === NOT_ALLOWED) return false;
    throw err;
  }
}
