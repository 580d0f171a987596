// What every migration shares: its shape, what it answers, and the DynamoDB helpers they read with.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

/** What a migration did: items changed, and lines worth an operator's eye (kept as they were). */
export interface MigrationResult {
  changed: number;
  kept?: string[];
}

/** One migration: `name` is its marker's sort key (`PK=MIGRATION, SK=<name>`), so it never changes once shipped. */
export interface Migration {
  name: string;
  run(doc: DynamoDBDocumentClient, table: string): Promise<number | MigrationResult>;
}

export const isConditionFailure = (err: unknown) =>
  err instanceof ConditionalCheckFailedException ||
  (err as Error).name === 'ConditionalCheckFailedException' ||
  ((err as Error).name === 'TransactionCanceledException' && /ConditionalCheckFailed/.test((err as Error).message));

export async function queryAll(doc: DynamoDBDocumentClient, input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let key: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new QueryCommand({ ...input, ExclusiveStartKey: key }));
    items.push(...(page.Items ?? []));
    key = page.LastEvaluatedKey;
  } while (key);
  return items;
}

/** Every business: the operator's index of subscriptions (one item per business, written at sign-up). */
export async function businessIds(doc: DynamoDBDocumentClient, table: string): Promise<number[]> {
  const items = await queryAll(doc, {
    TableName: table,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': 'OPS#ABONNEMENTS' },
    ProjectionExpression: 'tenantId',
  });
  return [...new Set(items.map((i) => Number(i.tenantId)).filter((t) => Number.isSafeInteger(t) && t > 0))].sort((a, b) => a - b);
}
