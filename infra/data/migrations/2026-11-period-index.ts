// Batch entries by day and batches by closing day (GSI2) for the period dashboard, on items written
// before that index existed. It finds them by key conditions, as the other migrations do (no Scan,
// docs/data-model.md): businesses through the operator's index, a business's batches through their
// start index (GSI1, which the batch list reads), then each batch's partition.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { bandeEndIndex, bandesIndexPk, entryDayIndex, type EntryKind } from '../../../functions/bandes/repository';
import { businessIds, isConditionFailure, queryAll, type Migration } from './support';

const ENTRY_KINDS = new Set<EntryKind>(['DEP', 'VTE', 'PRT', 'PES', 'COL']);

/** GSI2 attributes an item of the batches domain should carry, or null when it carries none. */
export function periodIndexFor(item: Record<string, unknown>): { GSI2PK: string; GSI2SK: string } | null {
  const m = /^ENT#(\d+)#BANDE#(\d+)$/.exec(String(item.PK ?? ''));
  if (!m) return null;
  const t = Number(m[1]);
  if (item.SK === 'BANDE') {
    const closed = item.statut === 'CLOTUREE' ? String(item.closed_at ?? item.created_at ?? '') || null : null;
    return bandeEndIndex(t, Number(m[2]), closed);
  }
  const kind = String(item.SK ?? '').slice(0, 3) as EntryKind;
  if (!ENTRY_KINDS.has(kind) || item.id === undefined) return null;
  return entryDayIndex(t, kind, item as Record<string, unknown> & { id: number });
}

export const periodIndex: Migration = {
  name: '2026-11-period-index',
  async run(doc, table) {
    let changed = 0;
    for (const t of await businessIds(doc, table)) {
      const bandes = await queryAll(doc, {
        TableName: table,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': bandesIndexPk(t) },
        ProjectionExpression: 'PK',
      });
      for (const pk of new Set(bandes.map((b) => String(b.PK)))) {
        const items = await queryAll(doc, {
          TableName: table,
          KeyConditionExpression: 'PK = :pk',
          FilterExpression: 'attribute_not_exists(GSI2PK)',
          ExpressionAttributeValues: { ':pk': pk },
        });
        for (const item of items) {
          const idx = periodIndexFor(item);
          if (!idx) continue;
          try {
            await doc.send(
              new UpdateCommand({
                TableName: table,
                Key: { PK: item.PK, SK: item.SK },
                UpdateExpression: 'SET GSI2PK = :pk, GSI2SK = :sk',
                ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(GSI2PK)',
                ExpressionAttributeValues: { ':pk': idx.GSI2PK, ':sk': idx.GSI2SK },
              }),
            );
            changed++;
          } catch (err) {
            if (!isConditionFailure(err)) throw err;
          }
        }
      }
    }
    return changed;
  },
};
