// DynamoDB plumbing shared by the shop domains (clients, produits, commandes, versements,
// boutiques, ventes): a paginated Query of one tenant's key prefix, and a transaction runner that
// retries when DynamoDB cancels on a conflict with a concurrent transaction on the same items.
import { QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/ddb';
import { refused } from '../lib/errors';
import { tenantPk } from '../lib/repo/keys';

export type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Every item of the tenant whose sort key starts with `prefix` (one Query, pages followed). */
export async function queryPrefix(tenantId: number, prefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
        ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':sk': prefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Reasons DynamoDB gave for cancelling a transaction, one per item ('None' for the others). */
export function cancellationCodes(err: unknown): string[] | null {
  if ((err as { name?: string })?.name !== 'TransactionCanceledException') return null;
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((r) => r?.Code ?? 'None');
}

/** Index of the first item whose condition failed, or -1. */
export function failedConditionIndex(err: unknown): number {
  return cancellationCodes(err)?.findIndex((c) => c === 'ConditionalCheckFailed') ?? -1;
}

const CONFLICT_MSG = 'Opération concurrente en cours, veuillez réessayer.';

/**
 * Runs one TransactWriteItems. A cancellation caused only by concurrent transactions
 * (TransactionConflict) is retried with a jittered backoff, because it says nothing about the
 * conditions; a failed condition is thrown to the caller, who maps it to the business message.
 */
export async function transact(items: TxItem[], attempts = 12): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (err) {
      const codes = cancellationCodes(err);
      const conflictOnly =
        (codes && !codes.includes('ConditionalCheckFailed') && codes.some((c) => c === 'TransactionConflict')) ||
        (err as { name?: string })?.name === 'TransactionConflictException';
      if (!conflictOnly) throw err;
      if (i >= attempts) throw refused(409, CONFLICT_MSG);
      await new Promise((r) => setTimeout(r, Math.min(400, 15 * 2 ** Math.min(i, 5)) * (0.5 + Math.random())));
    }
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}

export const T = () => tableName();
