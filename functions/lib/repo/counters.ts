// Numeric ids (the spec's contract reads ids as numbers): atomic counters, one UpdateItem each.
import { GetCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../ddb';
import { keys } from './keys';

async function bump(Key: Record<string, string>, by: number): Promise<number> {
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key,
      UpdateExpression: 'ADD n :by',
      ExpressionAttributeValues: { ':by': by },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.n);
}

/** Next id of `name` inside a tenant (1, 2, 3…). With `count` > 1, returns the first of a block. */
export async function nextTenantId(tenantId: number, name: string, count = 1): Promise<number> {
  const last = await bump(keys.tenantCounter(tenantId, name), count);
  return last - count + 1;
}

/**
 * Reads the counter at `Key` and gives the first of `count` ids after its last value, with the Update
 * that moves it from that value (conditioned on it: another writer's ids since the read fail it).
 */
async function claim(Key: Record<string, string>, count: number): Promise<{ first: number; item: TxItem }> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  const last = out.Item ? Number(out.Item.n) : 0;
  return {
    first: last + 1,
    item: {
      Update: {
        TableName: tableName(),
        Key,
        UpdateExpression: 'SET n = :next',
        ConditionExpression: out.Item ? 'n = :last' : 'attribute_not_exists(n)',
        ExpressionAttributeValues: { ':next': last + count, ...(out.Item ? { ':last': last } : {}) },
      },
    },
  };
}

/**
 * The next id of a global counter, claimed inside the write's own transaction (as `idClaims` for a
 * business's counters): the counter moves only if the write lands. The claim fails when another
 * writer took an id since the read: the caller refuses it as a lost race (StaleRead) and claims again.
 */
export async function globalIdClaim(name: string): Promise<{ id: number; item: TxItem }> {
  const { first, item } = await claim(keys.globalCounter(name), 1);
  return { id: first, item };
}

/** The Put that initialises a tenant counter inside a sign-up transaction. */
export function counterPut(tenantId: number, name: string, value: number) {
  return { Put: { TableName: tableName(), Item: { ...keys.tenantCounter(tenantId, name), n: value } } };
}

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Ids taken inside the write's own transaction, for writes whose transaction may still refuse
 * (a condition on stock, birds, a version): `take` reads the counter's last value and adds to the
 * claims the Update that moves it from that value, so the counter moves only if the write lands,
 * and a refused request writes nothing, its counters included. A claim fails when another writer
 * took ids of that counter since the read: the caller gives each claim a lost race's refusal
 * (StaleRead) and reads, checks and claims again. One set per attempt.
 */
export function idClaims(tenantId: number): { take: (name: string, count?: number) => Promise<number>; items: TxItem[] } {
  const items: TxItem[] = [];
  return {
    items,
    async take(name, count = 1) {
      if (count <= 0) return 0;
      const { first, item } = await claim(keys.tenantCounter(tenantId, name), count);
      items.push(item);
      return first;
    },
  };
}
