// Push subscriptions (docs/notifications.md « Les données »). Keys:
//   subscription   PK ENT#<t>              SK PUSH#<pad10 user>#<sha256(endpoint) hex>
//                  {endpoint, p256dh, auth, id_utilisateur, created_at}: one per user and device;
//                  the endpoint's hash makes a second subscribe of the same device the same item.
//   user's count   PK ENT#<t>              SK PUSHN#<pad10 user>   {nb}: at most MAX_APPAREILS devices
//                  (its condition holds under concurrency, not a count read before the write)
//   shard          PK PUSH_ABONNES#<n>     SK ENT#<t>   {nb}: n = t mod PUSH_SHARDS; present while the
//                  business has a subscription. The morning job Queries the shards, never a Scan.
//   alert once     PK ENT#<t>              SK PUSH_ALERTE#<pad10 batch>#<day>: the death alert of a
//                  batch and day was pushed (a conditional Put: once), expires after 3 days (TTL).
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@shared/table';
import { ddb, tableName } from '../lib/ddb';
import { isConditionFailure, refuseWith, transactOrRefuse } from '../lib/refusal';
import { padId, tenantPk } from '../lib/repo/keys';
import { queryAll, nowIso } from '../lib/store';
import { badRequest } from '../lib/errors';
import { NOTIF_MSG } from '@shared/messages/notifications';
import { PUSH_SHARDS } from './constants';

/** Devices per user (a phone, a tablet, a computer or two…): a bound on what one account makes the job send. */
export const MAX_APPAREILS = 10;
export { PUSH_SHARDS };

export const endpointHash = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

export const k = {
  sub: (t: number, user: number, endpoint: string) => ({ PK: tenantPk(t), SK: `PUSH#${padId(user)}#${endpointHash(endpoint)}` }),
  userPrefix: (user: number) => `PUSH#${padId(user)}#`,
  prefix: 'PUSH#',
  count: (t: number, user: number) => ({ PK: tenantPk(t), SK: `PUSHN#${padId(user)}` }),
  shard: (t: number) => ({ PK: `PUSH_ABONNES#${t % PUSH_SHARDS}`, SK: tenantPk(t) }),
  shardPk: (n: number) => `PUSH_ABONNES#${n}`,
  alerte: (t: number, bande: number, day: string) => ({ PK: tenantPk(t), SK: `PUSH_ALERTE#${padId(bande)}#${day}` }),
};

export interface Abonnement {
  tenantId: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

function toAbonnement(t: number, i: Record<string, unknown>): Abonnement {
  return {
    tenantId: t,
    userId: Number(i.id_utilisateur),
    endpoint: String(i.endpoint),
    p256dh: String(i.p256dh),
    auth: String(i.auth),
    created_at: String(i.created_at),
  };
}

/**
 * Stores this device's subscription for the user. The same endpoint again (the browser re-subscribed,
 * the app was reopened) replaces its keys and counts nothing; a new one is counted against
 * MAX_APPAREILS and marks the business in its shard, in one transaction.
 */
export async function subscribe(t: number, user: number, s: { endpoint: string; p256dh: string; auth: string }): Promise<{ nouveau: boolean }> {
  const Key = k.sub(t, user, s.endpoint);
  const Item = { ...Key, entity: 'PUSH', id_utilisateur: user, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, created_at: nowIso() };
  const existing = await ddb().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  if (existing.Item) {
    await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...Item, created_at: existing.Item.created_at } }));
    return { nouveau: false };
  }
  const exists = new Error('exists');
  try {
    await transactOrRefuse([
      refuseWith(exists, { Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(PK)' } }),
      refuseWith(badRequest(NOTIF_MSG.tropDAppareils(MAX_APPAREILS)), {
        Update: {
          TableName: tableName(),
          Key: k.count(t, user),
          UpdateExpression: 'ADD nb :one',
          ConditionExpression: 'attribute_not_exists(nb) OR nb < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': MAX_APPAREILS },
        },
      }),
      {
        Update: {
          TableName: tableName(),
          Key: k.shard(t),
          UpdateExpression: 'ADD nb :one SET id_entreprise = :t',
          ExpressionAttributeValues: { ':one': 1, ':t': t },
        },
      },
    ]);
    return { nouveau: true };
  } catch (err) {
    // The same device subscribed twice at once: the other request wrote it; refresh its keys.
    if (err !== exists) throw err;
    await ddb().send(new PutCommand({ TableName: tableName(), Item }));
    return { nouveau: false };
  }
}

/**
 * Removes one subscription and its counts (false: there was none). The shard item goes with the
 * business's last subscription: a Delete conditioned on its count being 0, so that a subscribe
 * racing with it (which adds 1 first) keeps it.
 */
export async function unsubscribe(t: number, user: number, endpoint: string): Promise<boolean> {
  const gone = new Error('gone');
  try {
    await transactOrRefuse([
      refuseWith(gone, { Delete: { TableName: tableName(), Key: k.sub(t, user, endpoint), ConditionExpression: 'attribute_exists(PK)' } }),
      { Update: { TableName: tableName(), Key: k.count(t, user), UpdateExpression: 'ADD nb :m', ExpressionAttributeValues: { ':m': -1 } } },
      { Update: { TableName: tableName(), Key: k.shard(t), UpdateExpression: 'ADD nb :m', ExpressionAttributeValues: { ':m': -1 } } },
    ]);
  } catch (err) {
    if (err === gone) return false;
    throw err;
  }
  try {
    await ddb().send(
      new DeleteCommand({ TableName: tableName(), Key: k.shard(t), ConditionExpression: 'nb <= :zero', ExpressionAttributeValues: { ':zero': 0 } }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  return true;
}

/** Every subscription of a business (one Query, pages followed). */
export async function abonnements(t: number): Promise<Abonnement[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': tenantPk(t), ':sk': k.prefix },
  });
  return items.map((i) => toAbonnement(t, i));
}

/** The businesses of one shard that have a subscription (one Query per page of 1 MB: ~25 000 items). */
export async function entreprisesAbonnees(shard: number): Promise<number[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': k.shardPk(shard) },
    ProjectionExpression: 'id_entreprise',
  });
  return items.map((i) => Number(i.id_entreprise));
}

/**
 * Marks the death alert of a batch and day as pushed: true the first time only (a conditional Put;
 * a stream delivered twice, or two losses saved at once, push once). Kept 3 days (TTL).
 */
export async function alerteUneFois(t: number, bande: number, day: string): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...k.alerte(t, bande, day), entity: 'PUSH_ALERTE', at: nowIso(), [TABLE.ttlAttribute]: Math.floor(Date.now() / 1000) + 3 * 86_400 },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
