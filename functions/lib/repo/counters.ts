// Numeric ids (the spec's contract reads ids as numbers): atomic counters, one UpdateItem each.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

export async function nextGlobalId(name: string): Promise<number> {
  return bump(keys.globalCounter(name), 1);
}

/** The Put that initialises a tenant counter inside a sign-up transaction. */
export function counterPut(tenantId: number, name: string, value: number) {
  return { Put: { TableName: tableName(), Item: { ...keys.tenantCounter(tenantId, name), n: value } } };
}
