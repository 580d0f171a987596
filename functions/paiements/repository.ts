// Every DynamoDB key of subscription payments (docs/data-model.md, "Subscriptions and payments"):
// - the payment: `ENT#<t> / PAIEMENT#<id>`, also in GSI1 under `OPS#PAIEMENTS#<yyyy-mm>` (the
//   operator's ledger of a month, across businesses);
// - its receipt: `ENT#<t> / RECU#<id>`, written by the activation transaction;
// - a provider event already handled: `PAYEVT#<service>#<event id> / EVT` (TTL 30 days);
// - the revenue of a month: `OPS#REVENUS / MOIS#<yyyy-mm>` (ADD in the activation transaction).
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentCountry, PaymentService, PaymentStatus } from '../../shared/payments';
import { planFor, type PlanCode } from '../../shared/plans';
import { ddb, tableName } from '../lib/ddb';
import { tenantPk } from '../lib/repo/keys';
import { getSubscription, subscriptionChange, type Subscription } from '../lib/repo/subscriptions';
import { queryAll } from '../lib/store';
import { isConditionFailure, mayRefuse, refuseWith, StaleRead, staleRead, transactIfAllowed } from '../lib/refusal';
import { extendPeriod } from './period';

const pad = (n: number) => String(n).padStart(10, '0');
const PAYMENT = 'PAIEMENT#';
const EVENT_DAYS = 30;

const key = {
  payment: (t: number, id: number) => ({ PK: tenantPk(t), SK: `${PAYMENT}${pad(id)}` }),
  receipt: (t: number, id: number) => ({ PK: tenantPk(t), SK: `RECU#${pad(id)}` }),
  event: (service: PaymentService, eventId: string) => ({ PK: `PAYEVT#${service}#${eventId}`, SK: 'EVT' }),
  revenue: (month: string) => ({ PK: 'OPS#REVENUS', SK: `MOIS#${month}` }),
  ledgerPk: (month: string) => `OPS#PAIEMENTS#${month}`,
};

export interface PaymentItem {
  id: number;
  tenantId: number;
  reference: string;
  service: PaymentService;
  pays: PaymentCountry;
  /** National number as typed (normalised). */
  numero: string;
  msisdn: string;
  plan: PlanCode;
  nbMois: number;
  montant: number;
  status: PaymentStatus;
  createdAt: string;
  updatedAt: string;
  /** Business name and the payer's address, for the ledger and the receipt mail. */
  entreprise: string;
  email: string;
  userId: number;
  providerRef?: string;
  paymentLink?: string;
  reason?: string;
  /** Step Functions task token of the wait for the webhook (removed once final). */
  taskToken?: string;
  callbackAt?: string;
  periodeDebut?: string;
  periodeFin?: string;
  recu?: string;
}

export interface ReceiptItem {
  recu: string;
  paymentId: number;
  montant: number;
  plan: PlanCode;
  nbMois: number;
  service: PaymentService;
  numero: string;
  reference: string;
  periodeDebut: string;
  periodeFin: string;
  createdAt: string;
  email: string;
  entreprise: string;
  mailedAt?: string;
}

/** Our reference of a payment, sent to the provider and echoed in its webhooks. */
export const paymentReference = (tenantId: number, id: number) => `GNR-${tenantId}-${id}`;

export function parseReference(ref: string | null | undefined): { tenantId: number; id: number } | null {
  const m = /^GNR-(\d{1,10})-(\d{1,10})$/.exec(ref ?? '');
  if (!m) return null;
  return { tenantId: Number(m[1]), id: Number(m[2]) };
}

const receiptNumber = (tenantId: number, id: number) => `RECU-${tenantId}-${String(id).padStart(6, '0')}`;

/** The Step Functions execution of a payment (unique per state machine for 90 days). */
export const executionName = (tenantId: number, id: number, suffix = '') => `pay-${tenantId}-${id}${suffix}`;

function strip(item: Record<string, unknown>): PaymentItem {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, type: _t, ...rest } = item;
  return rest as unknown as PaymentItem;
}

const month = (iso: string) => iso.slice(0, 7);

export async function createPayment(p: PaymentItem): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...key.payment(p.tenantId, p.id),
        type: 'PAIEMENT',
        GSI1PK: key.ledgerPk(month(p.createdAt)),
        GSI1SK: `${p.createdAt}#${pad(p.tenantId)}#${pad(p.id)}`,
        ...p,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function getPayment(tenantId: number, id: number): Promise<PaymentItem | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key.payment(tenantId, id), ConsistentRead: true }));
  return out.Item ? strip(out.Item) : null;
}

/** The business's payments, newest first. */
export async function listPayments(tenantId: number): Promise<PaymentItem[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':sk': PAYMENT },
    ScanIndexForward: false,
    ConsistentRead: true,
  });
  return items.map(strip);
}

/** The provider's answer to the creation: its id and, for Wave, the payer's link. */
export async function recordProviderAnswer(tenantId: number, id: number, providerRef: string, paymentLink?: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key.payment(tenantId, id),
      UpdateExpression: 'SET providerRef = :r, paymentLink = :l, updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':r': providerRef, ':l': paymentLink ?? null, ':now': new Date().toISOString() },
    }),
  );
}

/** PENDING → FAILED or EXPIRED, with the reason; false when it was no longer PENDING. */
export async function closePayment(tenantId: number, id: number, status: 'FAILED' | 'EXPIRED', reason: string | null, providerRef?: string): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key.payment(tenantId, id),
        UpdateExpression: `SET #s = :s, reason = :why, updatedAt = :now${providerRef ? ', providerRef = :r' : ''} REMOVE taskToken`,
        ConditionExpression: '#s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':s': status,
          ':why': reason,
          ':now': new Date().toISOString(),
          ':pending': 'PENDING',
          ...(providerRef ? { ':r': providerRef } : {}),
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Stores the flow's task token on a PENDING payment and answers the item as it is now: when a
 * webhook already came (callbackAt), the caller completes the wait at once.
 */
export async function storeTaskToken(tenantId: number, id: number, token: string): Promise<PaymentItem | null> {
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key.payment(tenantId, id),
        UpdateExpression: 'SET taskToken = :t, updatedAt = :now',
        ConditionExpression: '#s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':t': token, ':now': new Date().toISOString(), ':pending': 'PENDING' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return strip(out.Attributes!);
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** Notes that the provider called back and answers the item: its task token, if the flow waits. */
export async function recordCallback(tenantId: number, id: number): Promise<PaymentItem> {
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key.payment(tenantId, id),
      UpdateExpression: 'SET callbackAt = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return strip(out.Attributes!);
}

/** True the first time a provider event is seen; a redelivery or a replay answers false. */
export async function claimEvent(service: PaymentService, eventId: string, ref: { tenantId: number; id: number }): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key.event(service, eventId),
          type: 'PAYEVT',
          tenantId: ref.tenantId,
          paymentId: ref.id,
          receivedAt: new Date().toISOString(),
          expiresAt: Math.floor(Date.now() / 1000) + EVENT_DAYS * 86400,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export type ActivationResult = 'activated' | 'already' | 'not-found';

/**
 * Grants a confirmed payment, exactly once, in ONE transaction: the payment becomes SUCCESS (only
 * from a non-SUCCESS state), the subscription gets its new period (only if unchanged since read),
 * the receipt is written, and the month's revenue grows. A concurrent change of the subscription
 * (another payment, the operator) cancels it: it is re-read and recomputed, so no month is lost.
 */
export async function activatePayment(tenantId: number, id: number, now = () => new Date()): Promise<ActivationResult> {
  for (let attempt = 1; ; attempt++) {
    const payment = await getPayment(tenantId, id);
    if (!payment) return 'not-found';
    if (payment.status === 'SUCCESS') return 'already';
    const sub = await getSubscription(tenantId, true);
    const at = now();
    const plan = planFor(payment.plan);
    const period = extendPeriod(sub, plan, payment.nbMois, at);
    const next: Subscription = { plan: plan.code, validUntil: period.fin.toISOString(), trial: false, origine: 'paiement', suspendu: sub?.suspendu === true };
    const recu = receiptNumber(tenantId, id);
    const receipt: ReceiptItem = {
      recu,
      paymentId: id,
      montant: payment.montant,
      plan: payment.plan,
      nbMois: payment.nbMois,
      service: payment.service,
      numero: payment.numero,
      reference: payment.reference,
      periodeDebut: period.debut.toISOString(),
      periodeFin: period.fin.toISOString(),
      createdAt: at.toISOString(),
      email: payment.email,
      entreprise: payment.entreprise,
    };
    // The subscription moved since it was read (another payment, the operator): recompute.
    const change = subscriptionChange(tenantId, sub, next);
    try {
      // The payment already SUCCESS, or its receipt written: granted once already.
      const written = await transactIfAllowed([
        mayRefuse({
          Update: {
            TableName: tableName(),
            Key: key.payment(tenantId, id),
            UpdateExpression: 'SET #s = :ok, periodeDebut = :d, periodeFin = :f, recu = :recu, updatedAt = :now REMOVE taskToken, reason',
            ConditionExpression: 'attribute_exists(PK) AND #s <> :ok',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':ok': 'SUCCESS', ':d': receipt.periodeDebut, ':f': receipt.periodeFin, ':recu': recu, ':now': at.toISOString() },
          },
        }),
        attempt < 10 ? refuseWith(staleRead(), change) : change,
        mayRefuse({
          Put: { TableName: tableName(), Item: { ...key.receipt(tenantId, id), type: 'RECU', ...receipt }, ConditionExpression: 'attribute_not_exists(PK)' },
        }),
        {
          Update: {
            TableName: tableName(),
            Key: key.revenue(month(at.toISOString())),
            UpdateExpression: 'ADD montant :m, paiements :one SET #type = :type',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ':m': payment.montant, ':one': 1, ':type': 'REVENU' },
          },
        },
      ]);
      return written ? 'activated' : 'already';
    } catch (err) {
      if (err instanceof StaleRead) continue;
      throw err;
    }
  }
}

export async function getReceipt(tenantId: number, id: number): Promise<ReceiptItem | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key.receipt(tenantId, id), ConsistentRead: true }));
  if (!out.Item) return null;
  const { PK: _pk, SK: _sk, type: _t, ...rest } = out.Item;
  return rest as unknown as ReceiptItem;
}

/** Marks the receipt mailed; false when another attempt already did (so it is mailed once). */
export async function markReceiptMailed(tenantId: number, id: number): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key.receipt(tenantId, id),
        UpdateExpression: 'SET mailedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(mailedAt)',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

// ── operator's reads (functions/operateur) ──

/** Every payment created in a month, across businesses, newest first (GSI1). */
export async function ledgerOfMonth(yyyymm: string): Promise<PaymentItem[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': key.ledgerPk(yyyymm) },
    ScanIndexForward: false,
  });
  return items.map(strip);
}

/**
 * Payments still PENDING that were created in [from, to) (ISO instants), across businesses: the
 * ledger of the months the range covers (GSI1, one Query per month, key range on the creation time).
 */
export async function pendingCreatedBetween(from: string, to: string): Promise<PaymentItem[]> {
  const months = [...new Set([month(from), month(to)])];
  const found: PaymentItem[] = [];
  for (const m of months) {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :a AND :b',
      FilterExpression: '#s = :pending',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':pk': key.ledgerPk(m), ':a': from, ':b': to, ':pending': 'PENDING' },
    });
    found.push(...items.map(strip));
  }
  return found;
}

/** Revenue of the months in [from, to] (yyyy-mm), one Query. */
export async function revenueMonths(from: string, to: string): Promise<{ mois: string; montant: number; paiements: number }[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':pk': 'OPS#REVENUS', ':a': `MOIS#${from}`, ':b': `MOIS#${to}` },
    ConsistentRead: true,
  });
  return items.map((i) => ({ mois: String(i.SK).slice(5), montant: Number(i.montant ?? 0), paiements: Number(i.paiements ?? 0) }));
}
