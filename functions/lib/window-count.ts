// A count per subject over a sliding window, kept in the table and shared by every Lambda
// container: the core of the rate limits (lib/rate-limit.ts) and of the attempt budgets
// (lib/attempts.ts). "At most `max` in `windowSeconds`" holds for EVERY interval of that length,
// not only for windows that open at a first hit or on the clock: a window that opened at the first
// hit let a client that timed its hits at the window's end pass twice the limit (4 hits just before
// the end, 5 just after: 9 storefront orders in 1.6 s against 5 a minute; decision 0313).
//
// The item holds the times of the counted hits of the last window (`hit_log`, milliseconds, oldest
// first; at most the largest `max` of them) and a version `v`. Every write is conditional on the version it
// read, so concurrent requests can never count more than `max`: a write that lost a race gets the
// item that beat it with its failed condition (ReturnValuesOnConditionCheckFailure) and decides
// again from it, without another read.
// Requests: a subject's first hit, one (a conditional create); a counted hit, two (the failed
// create returns the log, then the versioned write); a refusal, one (the failed create shows a full
// log). The item expires one window after its last hit (TTL `expiresAt`).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, tableName } from './ddb';

/** At most `max` counted hits in any `windowSeconds`. */
export interface WindowLimit {
  max: number;
  windowSeconds: number;
}

export interface CountedWindow {
  key: { PK: string; SK: string };
  /** The item's kind (its `entity`). */
  entity: string;
  /**
   * Every limit the subject's hits must respect (e.g. 5 a minute and 30 an hour): one log, so one
   * item and the same requests, whatever their number.
   */
  limits: readonly WindowLimit[];
}

/** The longest window of the limits: the log keeps the hits of that long. */
const span = (w: Pick<CountedWindow, 'limits'>) => Math.max(...w.limits.map((l) => l.windowSeconds));

export type Counted = { ok: true } | { ok: false; retryAfterSeconds: number };

/** What the item says: the hits of the log and its version (0: no item). */
export interface WindowState {
  log: number[];
  v: number;
  /** The item predates the log (a counter `hits` or `n` with `window_end`/`windowEnd`). */
  legacy?: { counter: string; count: number };
}

type RawItem = Record<string, { N?: string; L?: { N?: string }[] } | undefined>;

/**
 * The state of an item as DynamoDB returns it on a failed condition (its own format, { N: '5' }),
 * or as the document client reads it. An item written before the sliding log (a count and the end
 * of a window opened at the first hit) reads as that many hits at the window's start while the
 * window is live: never fewer than it counted, and gone when it would have ended.
 */
export function windowState(item: Record<string, unknown> | undefined, w: Pick<CountedWindow, 'limits'>): WindowState {
  if (!item) return { log: [], v: 0 };
  const raw = item as RawItem & Record<string, unknown>;
  const num = (a: unknown): number => (typeof a === 'number' ? a : Number((a as { N?: string } | undefined)?.N ?? NaN));
  const list = raw.hit_log;
  if (list !== undefined) {
    const values = Array.isArray(list) ? list : ((list as { L?: unknown[] }).L ?? []);
    return { log: values.map(num), v: num(raw.v) || 0 };
  }
  const counter = raw.hits !== undefined ? 'hits' : 'n';
  const count = num(raw[counter]) || 0;
  const end = num(raw.window_end ?? raw.windowEnd) || 0;
  const start = (end - span(w)) * 1000;
  return { log: Array(count).fill(start), v: 0, legacy: { counter, count } };
}

/** The hits still inside the longest window that ends now. */
export function liveHits(state: WindowState, w: Pick<CountedWindow, 'limits'>, now: number): number[] {
  return state.log.filter((t) => t > now - span(w) * 1000);
}

/** Seconds until every full limit has room for one more hit; 0 when there is room now. */
export function waitForRoom(live: number[], w: Pick<CountedWindow, 'limits'>, now: number): number {
  let wait = 0;
  for (const l of w.limits) {
    const inWindow = live.filter((t) => t > now - l.windowSeconds * 1000);
    // The hit that leaves this window first makes room for one more.
    if (inWindow.length >= l.max) wait = Math.max(wait, Math.max(1, Math.ceil((inWindow[inWindow.length - l.max] + l.windowSeconds * 1000 - now) / 1000)));
  }
  return wait;
}

/**
 * Writes `log` over the state read, on condition that nobody wrote in between; answers the item
 * that beat it when the condition failed. One UpdateItem.
 */
export async function writeLog(
  w: CountedWindow,
  read: WindowState,
  log: number[],
  now: number,
): Promise<{ ok: true } | { ok: false; item: Record<string, unknown> | undefined }> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':log': log,
    ':v': read.v + 1,
    ':exp': Math.ceil(((log.length ? log[log.length - 1] : now) + span(w) * 1000) / 1000),
    ':entity': w.entity,
  };
  let condition: string;
  let remove = '';
  if (read.legacy) {
    names['#count'] = read.legacy.counter;
    values[':count'] = read.legacy.count;
    condition = 'attribute_not_exists(hit_log) AND #count = :count';
    remove = ' REMOVE #count, window_end, windowEnd';
  } else if (read.v === 0) {
    condition = 'attribute_not_exists(PK)';
  } else {
    values[':read'] = read.v;
    condition = 'v = :read';
  }
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: w.key,
        UpdateExpression: `SET hit_log = :log, v = :v, expiresAt = :exp, entity = :entity${remove}`,
        ConditionExpression: condition,
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { ok: true };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return { ok: false, item: (err as { Item?: Record<string, unknown> }).Item };
  }
}

/**
 * Rounds of read-decide-write one call may lose to concurrent writers before it is refused. Each
 * lost round means another hit was counted, so after `max` of them the log is full anyway; the cap
 * bounds the work of a flood on one subject. 10 refused real webhook calls of a provider's burst
 * (25 at once under a limit of 300): every lost round is another caller's counted hit, so a burst
 * of up to 40 at once is counted in full.
 */
const ROUNDS = 40;

/** A pause of 0–5 ms × the rounds lost, so that callers that lost together do not collide again. */
const backOff = (round: number) => new Promise((r) => setTimeout(r, Math.random() * 5 * (round + 1)));

/** Counts one for the subject; refused, and not counted, while a limit's last window holds its `max`. */
export async function countInWindow(w: CountedWindow, now = Date.now()): Promise<Counted> {
  // The usual first hit of a subject has no item: try to create it before reading anything.
  let state: WindowState = { log: [], v: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const live = liveHits(state, w, now);
    const wait = waitForRoom(live, w, now);
    if (wait > 0) return { ok: false, retryAfterSeconds: wait };
    // Never more than the largest limit's hits: the older ones cannot refuse anything any more.
    const keep = Math.max(...w.limits.map((l) => l.max));
    const written = await writeLog(w, state, [...live, now].sort((a, b) => a - b).slice(-keep), now);
    if (written.ok) return { ok: true };
    state = windowState(written.item, w);
    if (round > 0) await backOff(round);
  }
  // Lost every round to concurrent hits of the same subject: refused, as a full window would be.
  return { ok: false, retryAfterSeconds: Math.min(...w.limits.map((l) => l.windowSeconds)) };
}
