// The business's subscription: plan code and the end of the paid (or trial) period.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../ddb';
import { keys } from './keys';

export interface Subscription {
  plan: string;
  validUntil: string;
  trial: boolean;
}

export function subscriptionItem(tenantId: number, sub: Subscription) {
  return { ...keys.subscription(tenantId), type: 'SUBSCRIPTION', ...sub };
}

export async function getSubscription(tenantId: number): Promise<Subscription | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.subscription(tenantId) }));
  if (!out.Item) return null;
  return { plan: String(out.Item.plan), validUntil: String(out.Item.validUntil), trial: Boolean(out.Item.trial) };
}

export function isValid(sub: Subscription | null, now = new Date()): boolean {
  return !!sub && new Date(sub.validUntil).getTime() > now.getTime();
}
