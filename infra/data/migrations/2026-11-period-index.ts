// Batch entries by day and batches by closing day (GSI2) for the period dashboard.
//
// The only Scan of the product lives here: a one-off backfill of items written before an index
// existed has no key to query by. Routes never scan (docs/data-model.md).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { bandeEndIndex, entryDayIndex, type EntryKind } from '../../../functions/bandes/repository';
import type { Migration } from './support';

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
    let key: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(
        // eslint-disable-next-line no-restricted-syntax -- one-off backfill of items written before GSI2 (no key to query them by)
        new ScanCommand({
          TableName: table,
          FilterExpression: 'begins_with(PK, :ent) AND attribute_not_exists(GSI2PK)',
          ExpressionAttributeValues: { ':ent': 'ENT#' },
          ExclusiveStartKey: key,
        }),
      );
      for (const item of page.Items ?? []) {
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
          if (!(err instanceof ConditionalCheckFailedException) && (err as Error).name !== 'ConditionalCheckFailedException') throw err;
        }
      }
      key = page.LastEvaluatedKey;
    } while (key);
    return changed;
  },
};
