// The business's subscription: plan code and the end of the paid (or trial) period, whether the
// operator suspended it, and when its screens last checked it. The item is also indexed in GSI1
// under one operator partition sorted by end date, so the operator lists businesses and counts
// active subscriptions with a Query (docs/data-model.md), never a Scan.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, tableName } from '../ddb';
import { keys } from './keys';
import { storedValue } from './stored-names';

export type SubscriptionOrigine = 'essai' | 'paiement' | 'operateur';
const ORIGINES: readonly string[] = ['essai', 'paiement', 'operateur'];

export interface Subscription {
  plan: string;
  validUntil: string;
  trial: boolean;
  /**
   * Where the current period came from (the operator console told an operator's extension
   * of a trial as "Payé"): the sign-up's trial, a provider-confirmed payment, or an operator's
   * extension. Absent on periods written before it was recorded.
   */
  origine?: SubscriptionOrigine;
  /** Set by the operator (with a reason in the audit log): the subscription counts as invalid. */
  suspendu?: boolean;
  /** Last api/checkplan of the business, written at most once an hour (operator's "last activity"). */
  lastSeenAt?: string;
}

/** The subscription item's GSI1 keys: every business under one partition, by end date. */
const subscriptionIndex = (tenantId: number, validUntil: string) => ({
  GSI1PK: keys.subscriptionsIndexPk,
  GSI1SK: `${validUntil}#${String(tenantId).padStart(10, '0')}`,
});

/** A period as stored (snake_case), on the subscription item and in the operator's audit entries. */
export function storedSubscription(sub: Subscription) {
  return {
    plan: sub.plan,
    valid_until: sub.validUntil,
    trial: sub.trial,
    origine: sub.origine,
    suspendu: sub.suspendu,
    last_seen_at: sub.lastSeenAt,
  };
}

export function subscriptionItem(tenantId: number, sub: Subscription) {
  return {
    ...keys.subscription(tenantId),
    entity: 'SUBSCRIPTION',
    tenant_id: tenantId,
    ...storedSubscription(sub),
    ...subscriptionIndex(tenantId, sub.validUntil),
  };
}

/**
 * The one reading of a stored period: snake_case names, falling back to the camelCase ones of items
 * written before the migration 2026-12-stored-names (docs/decisions/0187-stored-names.md).
 */
export function parseSubscription(item: Record<string, unknown>): Subscription {
  const lastSeen = storedValue(item, 'lastSeenAt');
  return {
    plan: String(item.plan),
    validUntil: String(storedValue(item, 'validUntil')),
    trial: Boolean(item.trial),
    ...(typeof item.origine === 'string' && ORIGINES.includes(item.origine) ? { origine: item.origine as SubscriptionOrigine } : {}),
    suspendu: item.suspendu === true,
    lastSeenAt: typeof lastSeen === 'string' ? lastSeen : undefined,
  };
}

/** The business a subscription item belongs to. */
export const subscriptionTenant = (item: Record<string, unknown>) => Number(storedValue(item, 'tenantId'));

/** What the operator's counts read of a subscription item (both names: see parseSubscription). */
export const SUBSCRIPTION_PROJECTION = { ProjectionExpression: '#p, valid_until, validUntil, trial, suspendu', ExpressionAttributeNames: { '#p': 'plan' } };

export async function getSubscription(tenantId: number, consistent = false): Promise<Subscription | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.subscription(tenantId), ConsistentRead: consistent }));
  return out.Item ? parseSubscription(out.Item) : null;
}

/** Valid = not expired and not suspended: api/checkplan answers 200 and the plan's limits apply. */
export function isValid(sub: Subscription | null, now = new Date()): boolean {
  return !!sub && !sub.suspendu && new Date(sub.validUntil).getTime() > now.getTime();
}

/**
 * Lapsed = suspended, or expired for more than `graceDays`: the business's data stays readable but
 * its writes are refused until it pays (functions/lib/subscription-gate.ts).
 */
export function isLapsed(sub: Subscription | null, graceDays: number, now = new Date()): boolean {
  if (!sub || sub.suspendu) return true;
  return new Date(sub.validUntil).getTime() + graceDays * 86400_000 <= now.getTime();
}

const HOUR = 3600_000;

/** Records that the business used the app, at most once an hour (one conditional UpdateItem). */
export async function touchLastSeen(tenantId: number, sub: Subscription, now = new Date()): Promise<void> {
  if (sub.lastSeenAt && now.getTime() - new Date(sub.lastSeenAt).getTime() < HOUR) return;
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.subscription(tenantId),
        UpdateExpression: 'SET last_seen_at = :now REMOVE lastSeenAt',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(last_seen_at) OR last_seen_at < :hourAgo) AND (attribute_not_exists(lastSeenAt) OR lastSeenAt < :hourAgo)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':hourAgo': new Date(now.getTime() - HOUR).toISOString() },
      }),
    );
  } catch (err) {
    // Another request of the same business wrote it first: nothing to do.
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * The conditional write of a new period or state, for a transaction: it applies only if the
 * subscription is still the one that was read (same end date, plan and suspension), so two
 * concurrent changes can never overwrite each other's months — the loser re-reads and retries.
 */
export function subscriptionChange(tenantId: number, read: Subscription | null, next: Subscription) {
  if (!read) {
    return { Put: { TableName: tableName(), Item: subscriptionItem(tenantId, next), ConditionExpression: 'attribute_not_exists(PK)' } };
  }
  const index = subscriptionIndex(tenantId, next.validUntil);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.subscription(tenantId),
      UpdateExpression:
        'SET #plan = :plan, valid_until = :until, trial = :trial, suspendu = :susp, GSI1PK = :gpk, GSI1SK = :gsk, tenant_id = :t, entity = :type' +
        // A change that does not say where the period came from (suspend, reactivate) keeps it.
        (next.origine ? ', origine = :orig' : '') +
        // The names of an item stored before 2026-12-stored-names go as the new ones are set.
        ' REMOVE validUntil, tenantId, #type',
      // Whichever name holds the end date (never both: every write sets one and removes the other).
      ConditionExpression: `(valid_until = :readUntil OR validUntil = :readUntil) AND #plan = :readPlan AND ${read.suspendu ? 'suspendu = :true' : '(attribute_not_exists(suspendu) OR suspendu = :false)'}`,
      ExpressionAttributeNames: { '#plan': 'plan', '#type': 'type' },
      ExpressionAttributeValues: {
        ':plan': next.plan,
        ':until': next.validUntil,
        ':trial': next.trial,
        ':susp': next.suspendu === true,
        ':gpk': index.GSI1PK,
        ':gsk': index.GSI1SK,
        ':t': tenantId,
        ':type': 'SUBSCRIPTION',
        ...(next.origine ? { ':orig': next.origine } : {}),
        ':readUntil': read.validUntil,
        ':readPlan': read.plan,
        ...(read.suspendu ? { ':true': true } : { ':false': false }),
      },
    },
  };
}

/**
 * A transaction's check that the subscription is still the one read (same end date and
 * suspension; absent if it was absent): a write that copies the subscription elsewhere (the
 * marketplace's town index, functions/ecommerce/repository/vitrine-index.ts) cannot land a copy
 * that a concurrent change made stale.
 */
export function subscriptionUnchanged(tenantId: number, read: Subscription | null) {
  if (!read) return { ConditionCheck: { TableName: tableName(), Key: keys.subscription(tenantId), ConditionExpression: 'attribute_not_exists(PK)' } };
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.subscription(tenantId),
      ConditionExpression: `(valid_until = :readUntil OR validUntil = :readUntil) AND ${read.suspendu ? 'suspendu = :true' : '(attribute_not_exists(suspendu) OR suspendu = :false)'}`,
      ExpressionAttributeValues: { ':readUntil': read.validUntil, ...(read.suspendu ? { ':true': true } : { ':false': false }) },
    },
  };
}
