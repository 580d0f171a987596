// The operator's access patterns (docs/data-model.md, "Operator console"), all key conditions:
// - businesses, by subscription end: `Query GSI1 GSI1PK=OPS#ABONNEMENTS` (the subscription items),
//   one page at a time, then ONE BatchGetItem of each page's profiles, shop counters and bird
//   quotas, and one COUNT Query of users per business;
// - the audit log: `OPS#JOURNAL / <iso date>#<id>`, newest first;
// - a manual change: one transaction = the subscription (conditioned on what was read) + the audit
//   entry. Payments and revenue are read through functions/paiements/repository/.
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/ddb';
import { keys } from '../lib/repo/keys';
import { countUsers } from '../lib/repo/utilisateurs';
import { parseEntreprise } from '../lib/repo/entreprises';
import {
  getSubscription,
  parseSubscription,
  storedSubscription,
  SUBSCRIPTION_PROJECTION,
  subscriptionChange,
  subscriptionTenant,
  type Subscription,
} from '../lib/repo/subscriptions';
import { batchGetAll, queryAll } from '../lib/store';
import { refuseWith, staleRead, transactOrRefuse, untilWritten } from '../lib/refusal';
import { concurrentChange } from '../lib/errors';
import { quotaKey } from '../bandes/public';
import { countKey as boutiqueCountKey } from '../boutiques/public';
import { vendeurIndexSteps } from '../ecommerce/public';
import { storedValue } from '../lib/repo/stored-names';

export const PAGE_SIZE = 25;
const JOURNAL_PK = 'OPS#JOURNAL';

export interface BusinessRow {
  tenantId: number;
  sub: Subscription;
  profile: { nom: string; pays: string; createdAt: string } | null;
  usage: { utilisateurs: number; boutiques: number; sujets_actifs: number };
}

function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;
}

function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    // Only a key of this index is accepted back, never an arbitrary start key.
    if (key && key.GSI1PK === keys.subscriptionsIndexPk && typeof key.GSI1SK === 'string' && typeof key.PK === 'string' && typeof key.SK === 'string')
      return key;
  } catch {
    /* fall through */
  }
  return undefined;
}

/** One page of businesses, latest end date first. */
export async function listBusinesses(cursor?: string): Promise<{ rows: BusinessRow[]; next?: string }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.subscriptionsIndexPk },
      ScanIndexForward: false,
      Limit: PAGE_SIZE,
      ExclusiveStartKey: decodeCursor(cursor),
    }),
  );
  const subs = (out.Items ?? []).map((i) => ({ tenantId: subscriptionTenant(i), sub: parseSubscription(i) }));
  const keyList = subs.flatMap(({ tenantId }) => [keys.entreprise(tenantId), boutiqueCountKey(tenantId), quotaKey(tenantId)]);
  const [items, users] = await Promise.all([batchGetAll(keyList), Promise.all(subs.map((s) => countUsers(s.tenantId)))]);
  const find = (k: { PK: string; SK: string }) => items.find((i) => i.PK === k.PK && i.SK === k.SK);
  const rows = subs.map(({ tenantId, sub }, i): BusinessRow => {
    const p = find(keys.entreprise(tenantId));
    return {
      tenantId,
      sub,
      profile: p ? (({ nom, pays, createdAt }) => ({ nom, pays, createdAt }))(parseEntreprise(p)) : null,
      usage: {
        utilisateurs: users[i],
        boutiques: Number(find(boutiqueCountKey(tenantId))?.n ?? 0),
        sujets_actifs: Number(find(quotaKey(tenantId))?.n ?? 0),
      },
    };
  });
  return { rows, next: encodeCursor(out.LastEvaluatedKey) };
}

/** Every subscription item (for the counts of active, trial, expired, suspended). */
export async function allSubscriptions(): Promise<Subscription[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.subscriptionsIndexPk },
    ...SUBSCRIPTION_PROJECTION,
  });
  return items.map(parseSubscription);
}

export interface AuditEntry {
  date: string;
  operateur: string;
  tenantId: number;
  action: 'prolonger' | 'suspendre' | 'reactiver';
  motif: string;
  avant: Subscription;
  apres: Subscription;
}

/**
 * Applies an operator's change to one subscription and writes its audit entry in the same
 * transaction; the change is recomputed if the subscription moved meanwhile (a payment landing).
 * Answers null when the business has no subscription (unknown business).
 */
export async function changeSubscription(
  tenantId: number,
  compute: (current: Subscription) => Subscription,
  audit: Omit<AuditEntry, 'date' | 'avant' | 'apres' | 'tenantId'>,
): Promise<{ avant: Subscription; apres: Subscription } | null> {
  // The subscription moved since it was read (a payment, another operator): compute again. Past
  // five readings, a 409 asks the operator to try again.
  return untilWritten(
    async () => {
      const current = await getSubscription(tenantId, true);
      if (!current) return null;
      const next = compute(current);
      const date = new Date().toISOString();
      const entry: AuditEntry = { ...audit, date, tenantId, avant: current, apres: next };
      // The seller leaves or comes back on the marketplace with this change (its town indexes).
      const vitrine = await vendeurIndexSteps(tenantId, next);
      await transactOrRefuse([
        refuseWith(staleRead(), subscriptionChange(tenantId, current, next)),
        ...vitrine.steps,
        {
          Put: {
            TableName: tableName(),
            Item: { PK: JOURNAL_PK, SK: `${date}#${randomUUID().slice(0, 8)}`, entity: 'JOURNAL', ...journalItem(entry) },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ]);
      await vitrine.apres();
      return { avant: current, apres: next };
    },
    5,
    concurrentChange,
  );
}

/** The audit log, newest first (the last `limit` entries). */
export async function journal(limit = 200): Promise<AuditEntry[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': JOURNAL_PK },
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map(parseJournal);
}

/** An audit entry as stored: snake_case names, the periods before and after as the subscription item stores them. */
function journalItem(e: AuditEntry) {
  return {
    date: e.date,
    operateur: e.operateur,
    tenant_id: e.tenantId,
    action: e.action,
    motif: e.motif,
    avant: storedSubscription(e.avant),
    apres: storedSubscription(e.apres),
  };
}

/** The one reading of an audit entry, with the camelCase fallback of entries written before 2026-12-stored-names. */
function parseJournal(i: Record<string, unknown>): AuditEntry {
  return {
    date: String(i.date),
    operateur: String(i.operateur),
    tenantId: Number(storedValue(i, 'tenantId')),
    action: i.action as AuditEntry['action'],
    motif: String(i.motif),
    avant: parseSubscription((i.avant ?? {}) as Record<string, unknown>),
    apres: parseSubscription((i.apres ?? {}) as Record<string, unknown>),
  };
}
