// DynamoDB plumbing shared by every domain's repository: a Query that follows its pages, a BatchGet
// of any number of keys, and the transaction runner. A transaction cancelled only because a concurrent transaction touched the
// same items (TransactionConflict) says nothing about its conditions, so it is retried with a
// jittered backoff; a failed condition goes back to lib/refusal `transactOrRefuse`, which raises
// the refusal its item carries.
import { BatchGetCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { cancelledIndex, ddb, tableName } from './ddb';
import { concurrentChange } from './errors';
import { currentScope, IdempotentReplay, recordExists, recordPut } from './idempotency';
import { tenantPk } from './repo/keys';

export type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The items of any number of keys: BatchGetItem by 100 keys, each asked again for the keys DynamoDB
 * left unprocessed (at most `rounds` requests per 100 keys). Missing items are absent.
 */
export async function batchGetAll(keyList: Record<string, unknown>[], { consistent = false, rounds = Infinity } = {}): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let request = keyList.slice(i, i + 100);
    for (let round = 0; request.length && round < rounds; round++) {
      const out = await ddb().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: request, ...(consistent ? { ConsistentRead: true } : {}) } } }),
      );
      items.push(...((out.Responses?.[tableName()] ?? []) as Record<string, unknown>[]));
      request = (out.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined) ?? [];
    }
  }
  return items;
}

/** Every item a Query returns, its pages followed. */
export async function queryAll(input: QueryCommandInput): Promise<Record<string, any>[]> {
  const items: Record<string, any>[] = [];
  let ExclusiveStartKey: Record<string, any> | undefined;
  do {
    const out = await ddb().send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...(out.Items ?? []));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Every item of the tenant whose sort key starts with `prefix` (one Query, pages followed). */
export function queryPrefix(tenantId: number, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':sk': prefix },
    ConsistentRead: true,
  });
}

function conflictOnly(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  if (name === 'TransactionConflictException') return true;
  if (name !== 'TransactionCanceledException') return false;
  const codes = ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r?.Code ?? 'None');
  return !codes.includes('ConditionalCheckFailed') && codes.includes('TransactionConflict');
}

/**
 * Runs one TransactWriteItems, retrying conflicts; 409 once the retries are spent. Within a
 * request sent with an idempotency key (functions/lib/idempotency.ts), the key's record rides in
 * the same transaction, last (the callers' items keep their refusals): when it is
 * the record that already exists, the write is a replay and IdempotentReplay is thrown instead of
 * the caller's business refusal.
 */
export async function transact(items: TxItem[], attempts = 12): Promise<void> {
  const scope = currentScope();
  const withKey = scope && !scope.committed ? [...items, recordPut(scope)] : items;
  for (let i = 1; ; i++) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: withKey }));
      if (withKey !== items) scope!.committed = true;
      return;
    } catch (err) {
      if (withKey !== items && cancelledIndex(err) >= 0 && (await recordExists(scope!))) throw new IdempotentReplay();
      if (!conflictOnly(err)) throw err;
      if (i >= attempts) throw concurrentChange();
      await new Promise((r) => setTimeout(r, Math.min(400, 15 * 2 ** Math.min(i, 5)) * (0.5 + Math.random())));
    }
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}

export const T = () => tableName();
