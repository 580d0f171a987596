// Data migrations, idempotent, run by `npm start` before it serves (infra/local/table.ts) and by
// `npm run migrate` against AWS (infra/ops/migrate.ts). Here, outside both, so that the local stack
// does not import the operations commands (which start a local DynamoDB themselves with --local).
// Each one is recorded by a marker item `PK=MIGRATION, SK=<name>` once done, so later starts skip
// it; re-running one that was cut short is harmless (every write is conditioned on the attribute
// still missing).
//
// One file per migration, named after its marker (`<yyyy-mm>-<what>.ts`); a new one is added at the
// end of MIGRATIONS, which runs them in order (a later one may rely on an earlier one's result).
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { periodIndex } from './2026-11-period-index';
import { phoneE164 } from './2026-12-phone-e164';
import { storedNames } from './2026-12-stored-names';
import { creanceJournal } from './2026-12-creance-journal';
import { villes } from './2026-12-villes';
import { vitrineIndex } from './2026-12-vitrine-index';
import type { Migration } from './support';

export { periodIndexFor } from './2026-11-period-index';
export { migrateBusinessPhones, migratePhones } from './2026-12-phone-e164';
export { migrateBusinessCreanceJournal, migrateCreanceJournal } from './2026-12-creance-journal';
export { migrateBusinessStoredNames, migrateStoredNames, storedNamesUpdate } from './2026-12-stored-names';
export { migrateBusinessVilles, migrateVilles } from './2026-12-villes';
export type { Migration, MigrationResult } from './support';

// vitrineIndex after villes: it indexes the offers under the towns that one wrote.
const MIGRATIONS: Migration[] = [periodIndex, phoneE164, storedNames, creanceJournal, villes, vitrineIndex];

/** How many reported lines a marker item keeps (the item stays far below DynamoDB's 400 KB). */
const KEPT_IN_MARKER = 1000;

/**
 * Runs every migration not marked done; answers what each one changed (skipped ones absent). The
 * lines a migration reports (records kept as they were) go to `log` and onto its marker item
 * (`kept`), where they stay for whoever fixes them.
 */
export async function migrate(doc: DynamoDBDocumentClient, table: string, log: (line: string) => void = () => undefined): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  for (const m of MIGRATIONS) {
    const marker = { PK: 'MIGRATION', SK: m.name };
    const seen = await doc.send(new GetCommand({ TableName: table, Key: marker, ConsistentRead: true }));
    if (seen.Item) continue;
    const r = await m.run(doc, table);
    const { changed, kept = [] } = typeof r === 'number' ? { changed: r } : r;
    done[m.name] = changed;
    for (const line of kept) log(`Migration ${m.name} : ${line}`);
    await doc.send(
      new PutCommand({
        TableName: table,
        Item: {
          ...marker,
          entity: 'MIGRATION',
          changed,
          at: new Date().toISOString(),
          ...(kept.length ? { kept: kept.slice(0, KEPT_IN_MARKER), kept_count: kept.length } : {}),
        },
      }),
    );
  }
  return done;
}
