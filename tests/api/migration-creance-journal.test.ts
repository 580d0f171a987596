// The migration 2026-12-creance-journal (decision 0260) through the real local stack: a business
// built through the API (every kind of movement: credit sales typed on past days, a cancelled line,
// an order delivered with a balance, a repayment typed offline, a cancelled repayment) has its
// journal, written live, deleted; the migration rebuilds it from the sales, orders and repayments,
// item for item equal to what was written live; a second run writes nothing; a creance that its
// records do not explain is reported, not fixed.
import { describe, expect, it } from 'vitest';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { rawDdb, tableName } from '../helpers/api';
import { migrateBusinessCreanceJournal, migrateCreanceJournal } from '../../infra/data/migrations/2026-12-creance-journal';
import { creanceOf, newShop, ok } from './shop-fixtures';
import { TODAY, dayAgo, fatou } from './releve-fixtures';

const journalOf = async (t: number) =>
  (
    await rawDdb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': `ENT#${t}`, ':p': 'CREANCE#' },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

describe('migration 2026-12-creance-journal', () => {
  it('rebuilds, from the records, the very journal the application wrote live; a second run writes nothing', async () => {
    const s = await newShop();
    const { c } = await fatou(s);
    const t = s.acc.tenantId;
    const live = await journalOf(t);
    expect(live).toHaveLength(7);
    const statement = await ok(s.get(`/api/client/releve/${c.id}/${dayAgo(60)}/${TODAY}`));
    for (const i of live) await rawDdb().send(new DeleteCommand({ TableName: tableName(), Key: { PK: i.PK, SK: i.SK } }));
    expect(await journalOf(t)).toHaveLength(0);

    const r = await migrateCreanceJournal(rawDdb(), tableName(), [t]);
    expect(r).toEqual({ changed: 7, kept: [], mismatches: 0 });
    expect(await journalOf(t)).toEqual(live);
    expect(await ok(s.get(`/api/client/releve/${c.id}/${dayAgo(60)}/${TODAY}`))).toEqual(statement);

    expect(await migrateBusinessCreanceJournal(rawDdb(), tableName(), t)).toEqual({ changed: 0, kept: [], mismatches: 0 });
    expect(await journalOf(t)).toEqual(live);
  });

  it('reports a creance its records do not explain, and leaves it as it is', async () => {
    const s = await newShop();
    const { c } = await fatou(s);
    const t = s.acc.tenantId;
    await rawDdb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `ENT#${t}`, SK: `CLIENT#${c.id}` },
        UpdateExpression: 'SET creance = :c',
        ExpressionAttributeValues: { ':c': 15000 },
      }),
    );
    const r = await migrateBusinessCreanceJournal(rawDdb(), tableName(), t);
    expect(r.changed).toBe(0);
    expect(r.mismatches).toBe(1);
    expect(r.kept).toEqual([`entreprise ${t}, client ${c.numero_compte} : créance 15000 FCFA, journal 14000 FCFA (écart 1000) — gardé tel quel, à vérifier`]);
    expect(await creanceOf(s, c.id)).toBe(15000);
  });
});
