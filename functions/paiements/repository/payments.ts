// The payment item (`ENT#<t> / PAIEMENT#<id>`, in GSI1 under the month's ledger): its writes along
// the flow and the operator's reads of the ledger.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentCountry, PaymentService, PaymentStatus } from '@shared/paiements';
import type { PlanCode } from '@shared/plans';
import { ddb, tableName } from '../../lib/ddb';
import { tenantPk } from '../../lib/repo/keys';
import { fromStored, toStored } from '../../lib/repo/stored-names';
import { queryAll, type TxItem } from '../../lib/store';
import { isConditionFailure, refuseEachWith, refuseWith, staleRead, transactOrRefuse } from '../../lib/refusal';
import { TABLE } from '@shared/table';
import { key, month, pad, PAYMENT } from './keys';

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

const PAYMENT_FIELDS = [
  'id',
  'tenantId',
  'reference',
  'service',
  'pays',
  'numero',
  'msisdn',
  'plan',
  'nbMois',
  'montant',
  'status',
  'createdAt',
  'updatedAt',
  'entreprise',
  'email',
  'userId',
  'providerRef',
  'paymentLink',
  'reason',
  'taskToken',
  'callbackAt',
  'periodeDebut',
  'periodeFin',
  'recu',
] as const satisfies readonly (keyof PaymentItem)[];

/** The one reading of a stored payment (snake_case names, camelCase fallback: lib/repo/stored-names.ts). */
export const parsePayment = (item: Record<string, unknown>): PaymentItem => fromStored<PaymentItem>(item, PAYMENT_FIELDS);

/**
 * The start guard of a payer's number: the last payment started with that provider and number,
 * and until when another start with them waits for it (functions/paiements/routes.ts).
 */
export interface StartGuard {
  paymentId: number;
  until: string;
}

export async function getStartGuard(tenantId: number, service: PaymentService, msisdn: string): Promise<StartGuard | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key.startGuard(tenantId, service, msisdn), ConsistentRead: true }));
  return out.Item ? { paymentId: Number(out.Item.payment_id), until: String(out.Item.until) } : null;
}

/**
 * Records a new payment and makes it its number's start guard, in one transaction. The guard is
 * written only if it is still the one read (`seen`, null when there was none): another start with
 * the same number in between is a lost race (StaleRead), and the caller reads again. `claims`:
 * the payment's id claimed (lib/repo/counters `idClaims`), so a start refused takes no id.
 */
export async function createPayment(p: PaymentItem, guard: { seen: number | null; until: string }, claims: readonly TxItem[] = []): Promise<void> {
  const untilSeconds = Math.ceil(Date.parse(guard.until) / 1000);
  await transactOrRefuse([
    // The id's claims first: a lost claim is what a refusal of the payment's Put (same id) means.
    ...refuseEachWith(staleRead, claims),
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...key.payment(p.tenantId, p.id),
          entity: 'PAIEMENT',
          GSI1PK: key.ledgerPk(month(p.createdAt)),
          GSI1SK: `${p.createdAt}#${pad(p.tenantId)}#${pad(p.id)}`,
          ...toStored(p),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    refuseWith(staleRead, {
      Put: {
        TableName: tableName(),
        // Gone a day after its wait: nothing reads it once past.
        Item: {
          ...key.startGuard(p.tenantId, p.service, p.msisdn),
          entity: 'PAIEMENT_EN_COURS',
          payment_id: p.id,
          until: guard.until,
          [TABLE.ttlAttribute]: untilSeconds + 86_400,
        },
        ...(guard.seen === null
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : { ConditionExpression: 'payment_id = :seen', ExpressionAttributeValues: { ':seen': guard.seen } }),
      },
    }),
  ]);
}

export async function getPayment(tenantId: number, id: number): Promise<PaymentItem | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key.payment(tenantId, id), ConsistentRead: true }));
  return out.Item ? parsePayment(out.Item) : null;
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
  return items.map(parsePayment);
}

/** The provider's answer to the creation: its id and, for Wave, the payer's link. */
export async function recordProviderAnswer(tenantId: number, id: number, providerRef: string, paymentLink?: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key.payment(tenantId, id),
      // Each update also removes the camelCase names of a payment stored before 2026-12-stored-names.
      UpdateExpression: 'SET provider_ref = :r, payment_link = :l, updated_at = :now REMOVE providerRef, paymentLink, updatedAt',
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
        UpdateExpression: `SET #s = :s, reason = :why, updated_at = :now${providerRef ? ', provider_ref = :r' : ''} REMOVE task_token, taskToken, updatedAt${providerRef ? ', providerRef' : ''}`,
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
        UpdateExpression: 'SET task_token = :t, updated_at = :now REMOVE taskToken, updatedAt',
        ConditionExpression: '#s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':t': token, ':now': new Date().toISOString(), ':pending': 'PENDING' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return parsePayment(out.Attributes!);
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
      UpdateExpression: 'SET callback_at = :now REMOVE callbackAt',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return parsePayment(out.Attributes!);
}

/** Every payment created in a month, across businesses, newest first (GSI1). */
export async function ledgerOfMonth(yyyymm: string): Promise<PaymentItem[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': key.ledgerPk(yyyymm) },
    ScanIndexForward: false,
  });
  return items.map(parsePayment);
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
    found.push(...items.map(parsePayment));
  }
  return found;
}
