// Feed purchases: the ALIMENT#ACH# item on the business's partition, dated in the JOUR
// index so that the period and year dashboards count its price as an expense on its date (the cash
// view, decision 0233), written with the ledger in one transaction (./registre.ts).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AchatAliment } from '@shared/schemas/aliment';
import type { ConsoBandes, Registre } from '@shared/formulas/aliment';
import { ddb, tableName } from '../../lib/ddb';
import { refuseEachWith, refuseWith, staleRead, transactOrRefuse } from '../../lib/refusal';
import { queryPrefix, type TxItem } from '../../lib/store';
import { k } from './keys';
import { registreUpdate } from './registre';

/** A purchase as stored: the answer and its version. */
export type AchatItem = AchatAliment & { version: number; deleted_at?: string };

/** Conflicts retried inside one attempt: a lost race is read again by the route (untilWritten). */
const CONFLICT_ATTEMPTS = 3;

function toAchat(i: Record<string, any>): AchatItem {
  const { PK: _pk, SK: _sk, GSI2PK: _g1, GSI2SK: _g2, entity: _e, ...rest } = i;
  return rest as AchatItem;
}

/**
 * The purchase, the ledger with its kg and price and `claims` (its id's counter moved: a refused
 * purchase takes no id): all or nothing; StaleRead when the ledger or the counter moved since read.
 */
export async function addAchat(
  t: number,
  a: AchatItem,
  lu: { version: number },
  jours: Registre,
  bandes: ConsoBandes,
  claims: readonly TxItem[],
): Promise<void> {
  const item: TxItem = {
    Put: {
      TableName: tableName(),
      Item: { ...k.achat(t, a.id), ...k.achatJour(t, a.date, a.id), entity: 'ALIMENT_ACH', ...a },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  // The claims first: a lost claim is what a refusal of the purchase's Put (same id) means.
  await transactOrRefuse([...refuseEachWith(staleRead, claims), item, refuseWith(staleRead, registreUpdate(t, lu, jours, bandes))], CONFLICT_ATTEMPTS);
}

export async function getAchat(t: number, id: number): Promise<AchatItem | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.achat(t, id), ConsistentRead: true }));
  return out.Item ? toAchat(out.Item) : null;
}

/** Every purchase of the business, cancelled ones included. */
export async function listAchats(t: number): Promise<AchatItem[]> {
  return (await queryPrefix(t, k.achatPrefix)).map(toAchat);
}

/**
 * Cancels a purchase read at `a.version`: etat DELETED and out of the JOUR index (the dashboards
 * stop counting it), the ledger without it. StaleRead when either moved since read.
 */
export async function cancelAchat(t: number, a: AchatItem, at: string, lu: { version: number }, jours: Registre, bandes: ConsoBandes): Promise<void> {
  const item: TxItem = {
    Update: {
      TableName: tableName(),
      Key: k.achat(t, a.id),
      UpdateExpression: 'SET etat = :del, deleted_at = :at, version = :next REMOVE GSI2PK, GSI2SK',
      ConditionExpression: 'version = :v AND etat = :active',
      ExpressionAttributeValues: { ':del': 'DELETED', ':at': at, ':next': a.version + 1, ':v': a.version, ':active': 'ACTIVE' },
    },
  };
  await transactOrRefuse([refuseWith(staleRead, item), refuseWith(staleRead, registreUpdate(t, lu, jours, bandes))], CONFLICT_ATTEMPTS);
}
