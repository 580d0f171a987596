// A provider event already handled (`PAYEVT#<service>#<event id> / EVT`, TTL 30 days).
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentService } from '@shared/paiements';
import { ddb, tableName } from '../../lib/ddb';
import { isConditionFailure } from '../../lib/refusal';
import { EVENT_DAYS, key } from './keys';

/** True the first time a provider event is seen; a redelivery or a replay answers false. */
export async function claimEvent(service: PaymentService, eventId: string, ref: { tenantId: number; id: number }): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key.event(service, eventId),
          entity: 'PAYEVT',
          tenant_id: ref.tenantId,
          payment_id: ref.id,
          received_at: new Date().toISOString(),
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
