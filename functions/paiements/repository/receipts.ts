// The receipt of a granted payment (`ENT#<t> / RECU#<id>`, written by the activation transaction).
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentService } from '@shared/paiements';
import type { PlanCode } from '@shared/plans';
import { ddb, tableName } from '../../lib/ddb';
import { fromStored } from '../../lib/repo/stored-names';
import { isConditionFailure } from '../../lib/refusal';
import { key } from './keys';

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

const RECEIPT_FIELDS = [
  'recu',
  'paymentId',
  'montant',
  'plan',
  'nbMois',
  'service',
  'numero',
  'reference',
  'periodeDebut',
  'periodeFin',
  'createdAt',
  'email',
  'entreprise',
  'mailedAt',
] as const satisfies readonly (keyof ReceiptItem)[];

export async function getReceipt(tenantId: number, id: number): Promise<ReceiptItem | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key.receipt(tenantId, id), ConsistentRead: true }));
  return out.Item ? fromStored<ReceiptItem>(out.Item, RECEIPT_FIELDS) : null;
}

/** Marks the receipt mailed; false when another attempt already did (so it is mailed once). */
export async function markReceiptMailed(tenantId: number, id: number): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key.receipt(tenantId, id),
        UpdateExpression: 'SET mailed_at = :now',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(mailed_at) AND attribute_not_exists(mailedAt)',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
