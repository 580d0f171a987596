// Idempotency keys: the SPA's outbox sends each write typed offline with an
// `Idempotency-Key` header and may send it again and again (lost answers, retries, a reload in the
// middle of a sync). On the rows flagged `idempotent: true` in the route table, the handler
// plumbing (functions/lib/http/) makes the same key replayed answer the first answer, never a
// second write:
//
// 1. The key is read first: a finished record answers its stored status and body at once (header
//    `Idempotent-Replayed: true`), without running the route again.
// 2. Otherwise the route runs inside an AsyncLocalStorage scope. The transaction runner
//    (functions/lib/store.ts `transact`) adds the key's record to the write's own
//    TransactWriteItems, conditioned on `attribute_not_exists(PK)`: the write and the key commit
//    together or not at all. Two concurrent requests with the same key cannot both commit; the loser's
//    transaction is cancelled (nothing written) and it answers the winner's stored answer.
// 3. Once the route returns (or throws after its transaction committed), the answer is stored on
//    the record. Between the commit and that update a replay waits a little, then answers 409
//    (the outbox retries 409 later); a record left without an answer for over a minute (the
//    Lambda died right after its commit) answers 200 "Opération déjà enregistrée." since its
//    write is known to have committed.
//
// Records are scoped by business (the tenant of the verified token is part of the key), tied to
// the route and the exact request bytes (same key, other request → 422, nothing written), and
// expire through the table's TTL after IDEMPOTENCY_TTL_DAYS (a phone may stay offline for days
// before its outbox syncs). A refused request (4xx before any commit) stores nothing: nothing
// was written, so sending it again is evaluated afresh.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { SYNC_MSG } from '@shared/messages/sync';
import { ddb, isConditionFailure, tableName } from './ddb';
import { badRequest } from './errors';
import { keys } from './repo/keys';

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** How long a key is remembered: covers a device offline for weeks, not only days. */
export const IDEMPOTENCY_TTL_DAYS = 30;
/** A recorded write whose answer is still missing after this long: its Lambda died after the commit. */
const PENDING_GIVE_UP_MS = 60_000;
/** Largest answer stored on the record (a DynamoDB item holds 400 KB). */
const MAX_STORED_ANSWER = 300_000;

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{16,128}$/;

export interface IdempotencyScope {
  tenantId: number;
  key: string;
  /** Route and sha-256 of the request bytes: the same key on another request is refused. */
  fingerprint: string;
  userId: number;
  /** Set once a transaction carrying the record has committed. */
  committed: boolean;
}

export interface StoredAnswer {
  status: number;
  body: unknown;
}

interface IdemRecord {
  fingerprint: string;
  state: 'pending' | 'done';
  createdAt: number;
  status?: number;
  answer?: string;
}

/** A concurrent request with the same key committed first: answer its answer. */
export class IdempotentReplay extends Error {
  constructor() {
    super('idempotency key already recorded');
    this.name = 'IdempotentReplay';
  }
}

const storage = new AsyncLocalStorage<IdempotencyScope>();

/** The request's key, `null` without the header; a malformed key is a 400. */
export function idempotencyKeyOf(headers: Record<string, string | undefined> | undefined): string | null {
  const raw = headers?.[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (!KEY_PATTERN.test(raw)) throw badRequest(SYNC_MSG.badKey);
  return raw;
}

export function fingerprintOf(method: string, path: string, rawBody: Buffer): string {
  return createHash('sha256').update(`${method} ${path}\n`).update(rawBody).digest('hex');
}

export function newScope(tenantId: number, userId: number, key: string, fingerprint: string): IdempotencyScope {
  return { tenantId, userId, key, fingerprint, committed: false };
}

export function runInScope<T>(scope: IdempotencyScope, fn: () => Promise<T>): Promise<T> {
  return storage.run(scope, fn);
}

/** The idempotency scope of the running request, if its row is idempotent and it sent a key. */
export function currentScope(): IdempotencyScope | undefined {
  return storage.getStore();
}

/** The record's Put, to ride in the write's own transaction (functions/lib/store.ts). */
export function recordPut(scope: IdempotencyScope): TxItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.idempotency(scope.tenantId, scope.key),
        entity: 'IDEMPOTENCY',
        fingerprint: scope.fingerprint,
        user_id: scope.userId,
        state: 'pending',
        created_at: Date.now(),
        expiresAt: Math.floor(Date.now() / 1000) + IDEMPOTENCY_TTL_DAYS * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

async function readRecord(scope: IdempotencyScope): Promise<IdemRecord | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.idempotency(scope.tenantId, scope.key), ConsistentRead: true }));
  if (!out.Item) return null;
  // created_at, or createdAt on a record stored before 2026-12-stored-names (it expires within days).
  return { ...(out.Item as IdemRecord), createdAt: Number(out.Item.created_at ?? out.Item.createdAt) };
}

/** Whether the key's record exists (a cancelled transaction: was it our record that refused?). */
export async function recordExists(scope: IdempotencyScope): Promise<boolean> {
  return (await readRecord(scope)) !== null;
}

function answerOf(record: IdemRecord): StoredAnswer {
  return { status: record.status ?? 200, body: record.answer ? JSON.parse(record.answer) : null };
}

function keyReused(): StoredAnswer {
  return { status: 422, body: { code: 422, message: SYNC_MSG.keyReused } };
}

/** What the key already answers, or null when it was never used (the route must run). */
export async function priorAnswer(scope: IdempotencyScope): Promise<StoredAnswer | null> {
  const record = await readRecord(scope);
  if (!record) return null;
  return settle(scope, record);
}

/** The answer of a record known to exist (the first request may still be finishing). */
export async function awaitFirstAnswer(scope: IdempotencyScope): Promise<StoredAnswer> {
  const record = await readRecord(scope);
  // A cancelled transaction whose record is absent cannot happen (the caller checked); be safe.
  if (!record) return { status: 409, body: { code: 409, message: SYNC_MSG.inProgress } };
  return settle(scope, record);
}

async function settle(scope: IdempotencyScope, first: IdemRecord): Promise<StoredAnswer> {
  let record: IdemRecord | null = first;
  for (let i = 0; record && record.state === 'pending' && i < 20; i++) {
    if (record.fingerprint !== scope.fingerprint) return keyReused();
    await new Promise((r) => setTimeout(r, 150));
    record = await readRecord(scope);
  }
  if (!record) return { status: 409, body: { code: 409, message: SYNC_MSG.inProgress } };
  if (record.fingerprint !== scope.fingerprint) return keyReused();
  if (record.state === 'done') return answerOf(record);
  if (Date.now() - Number(record.createdAt) > PENDING_GIVE_UP_MS) return { status: 200, body: { code: 200, message: SYNC_MSG.alreadyDone } };
  return { status: 409, body: { code: 409, message: SYNC_MSG.inProgress } };
}

function serialise(body: unknown): string {
  const text = JSON.stringify(body ?? null);
  return text.length > MAX_STORED_ANSWER ? JSON.stringify({ code: 200, message: SYNC_MSG.alreadyDone }) : text;
}

/**
 * Stores the route's answer. After a commit the record exists: it is completed. A route that
 * returned without any transaction (nothing to write) gets its record now, first writer wins.
 */
export async function storeAnswer(scope: IdempotencyScope, answer: StoredAnswer): Promise<StoredAnswer> {
  const Key = keys.idempotency(scope.tenantId, scope.key);
  if (scope.committed) {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        UpdateExpression: 'SET #state = :done, #status = :status, answer = :answer',
        ExpressionAttributeNames: { '#state': 'state', '#status': 'status' },
        ExpressionAttributeValues: { ':done': 'done', ':status': answer.status, ':answer': serialise(answer.body) },
      }),
    );
    return answer;
  }
  const item = recordPut(scope).Put!;
  try {
    await ddb().send(
      new PutCommand({
        TableName: item.TableName,
        Item: { ...item.Item, state: 'done', status: answer.status, answer: serialise(answer.body) },
        ConditionExpression: item.ConditionExpression,
      }),
    );
    return answer;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return awaitFirstAnswer(scope);
  }
}
