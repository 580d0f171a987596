// A request's session: the user behind a verified token, and whether the token was revoked.
// Both are read in one BatchGetItem, so authentication costs one DynamoDB request.
import { BatchGetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../ddb';
import { keys } from './keys';
import { parseUserItem, type UserItem } from './utilisateurs';

export async function loadSession(tenantId: number, userId: number, jti: string): Promise<{ user: UserItem | null; revoked: boolean }> {
  const userKey = keys.user(tenantId, userId);
  const revokedKey = keys.revokedToken(jti);
  const out = await ddb().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: [userKey, revokedKey], ConsistentRead: true } } }));
  let items = out.Responses?.[tableName()] ?? [];
  // BatchGet may hand keys back unprocessed under load: read them once more.
  const pending = out.UnprocessedKeys?.[tableName()]?.Keys;
  if (pending?.length) {
    const again = await ddb().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }));
    items = items.concat(again.Responses?.[tableName()] ?? []);
  }
  const userItem = items.find((i) => i.PK === userKey.PK && i.SK === userKey.SK);
  const revoked = items.some((i) => i.PK === revokedKey.PK && i.SK === revokedKey.SK);
  return { user: userItem ? parseUserItem(userItem) : null, revoked };
}

/** Revokes a token until it would have expired anyway (TTL removes the marker then). */
export async function revokeToken(jti: string, expSeconds: number): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...keys.revokedToken(jti), entity: 'REVOKED', expiresAt: expSeconds } }));
}
