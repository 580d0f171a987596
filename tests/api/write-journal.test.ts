// The "writes nothing" proof (tenantSnapshot, tests/helpers/api.ts) reads the local test stack's
// write journal (infra/local/write-journal.ts) instead of scanning the table. These tests show it
// can fail: an accepted write changes a business's snapshot, and so does any write of the
// handlers' client to an odd partition of the business (`ENT#<t>#X`), through every write command;
// writes that did not happen (a refused condition) and other businesses' writes do not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { randomInt } from 'node:crypto';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { baseUrl, newBusiness, post, tenantSnapshot, type Account } from '../helpers/api';
import { BACKGROUND_DOMAINS, startWriteJournal, tenantOfPartition, WRITE_JOURNAL_PATH, writtenKeys, type WriteJournal } from '../../infra/local/write-journal';

describe('tenantSnapshot through the test stack', () => {
  let acc: Account;
  beforeAll(async () => {
    acc = await newBusiness();
  });

  it('changes when a request of the business is accepted, and names what was written', async () => {
    const before = await tenantSnapshot(acc.tenantId);
    const r = await post('/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Diop', telephone: '771234567' }, acc.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await tenantSnapshot(acc.tenantId);
    expect(after).not.toBe(before);
    const added = (JSON.parse(after) as string[]).slice((JSON.parse(before) as string[]).length).map((l) => JSON.parse(l));
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((e) => e.PK === `ENT#${acc.tenantId}`)).toBe(true);
    expect(added.some((e) => String(e.SK).startsWith('CLIENT#'))).toBe(true);
  });

  it('stays the same across a refused request, and across another business’s writes', async () => {
    const other = await newBusiness();
    const before = await tenantSnapshot(acc.tenantId);
    expect((await post('/api/addOrUpdateClient', { id: 0, prenom: '', nom: '' }, acc.token)).status).toBe(400);
    expect((await post('/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Diop', telephone: '771234567' }, other.token)).status).toBe(200);
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
  });

  it('is served only as GET with a business', async () => {
    expect((await fetch(`${baseUrl()}${WRITE_JOURNAL_PATH}`)).status).toBe(400);
    expect((await fetch(`${baseUrl()}${WRITE_JOURNAL_PATH}?tenant=1`, { method: 'POST' })).status).toBe(400);
  });
});

describe('the journal of the handlers’ DynamoDB client', () => {
  // This worker's own instance of functions/lib/ddb.ts, pointed at the stack's DynamoDB Local, with
  // a journal observing it: the same code the stack installs on the handlers' client.
  let journal: WriteJournal;
  let ddb: typeof import('../../functions/lib/ddb').ddb;
  let table: string;
  // A business number no sign-up hands out (they count from 1), and its prefix neighbour.
  const t = String(9_000_000_000 + randomInt(1_000_000));
  const neighbour = `${t}0`;

  beforeAll(async () => {
    table = inject('tableName');
    Object.assign(process.env, {
      TABLE_NAME: table,
      DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
      JWT_SECRET: inject('jwtSecret'),
      MAIL_OUTBOX_DIR: inject('outboxDir'),
    });
    (await import('../../functions/lib/config')).resetConfigForTests();
    ddb = (await import('../../functions/lib/ddb')).ddb;
    journal = startWriteJournal();
  });
  afterAll(() => journal?.stop());

  const LOW_LEVEL: Record<string, string> = {
    PutCommand: 'PutItemCommand',
    UpdateCommand: 'UpdateItemCommand',
    DeleteCommand: 'DeleteItemCommand',
    TransactWriteCommand: 'TransactWriteItemsCommand',
    BatchWriteCommand: 'BatchWriteItemCommand',
  };
  const snap = (tenant: string) => JSON.stringify(journal.forTenant(tenant));

  it('names a background process as the writer (the payment flow, the jobs), not a request', async () => {
    const { runWithContext } = await import('../../functions/lib/request-context');
    const put = (sk: string) => ddb().send(new PutCommand({ TableName: table, Item: { PK: `ENT#${t}#Z`, SK: sk } }));
    await runWithContext({ domain: 'payments-flow', requestId: 'task-1', correlationId: 'task-1' }, () => put('FLOW'));
    await runWithContext({ domain: 'paiements', requestId: 'req-1', correlationId: 'req-1' }, () => put('REQUEST'));
    const bySk = Object.fromEntries(journal.forTenant(t).map((e) => [e.SK, e.by]));
    expect(bySk).toMatchObject({ FLOW: 'payments-flow' });
    expect(bySk.REQUEST).toBeUndefined();
    expect(BACKGROUND_DOMAINS).toContain('notifications-jobs');
  });

  it('records a write to ENT#<t>#X with each write command, and not a read nor another business', async () => {
    const steps: [string, () => Promise<unknown>][] = [
      ['PutCommand', () => ddb().send(new PutCommand({ TableName: table, Item: { PK: `ENT#${t}#X`, SK: 'A', v: 1 } }))],
      // The same value again: still a write.
      ['PutCommand', () => ddb().send(new PutCommand({ TableName: table, Item: { PK: `ENT#${t}#X`, SK: 'A', v: 1 } }))],
      [
        'UpdateCommand',
        () =>
          ddb().send(
            new UpdateCommand({ TableName: table, Key: { PK: `ENT#${t}#X`, SK: 'A' }, UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': 1 } }),
          ),
      ],
      [
        'TransactWriteCommand',
        () =>
          ddb().send(
            new TransactWriteCommand({
              TransactItems: [
                { ConditionCheck: { TableName: table, Key: { PK: `ENT#${t}#X`, SK: 'A' }, ConditionExpression: 'attribute_exists(PK)' } },
                { Put: { TableName: table, Item: { PK: `ENT#${t}#X`, SK: 'B' } } },
              ],
            }),
          ),
      ],
      ['BatchWriteCommand', () => ddb().send(new BatchWriteCommand({ RequestItems: { [table]: [{ PutRequest: { Item: { PK: `ENT#${t}#Y`, SK: 'C' } } }] } }))],
      ['DeleteCommand', () => ddb().send(new DeleteCommand({ TableName: table, Key: { PK: `ENT#${t}#X`, SK: 'B' } }))],
    ];
    const neighbourBefore = snap(neighbour);
    for (const [op, write] of steps) {
      const before = snap(t);
      await write();
      expect(snap(t), op).not.toBe(before);
      // The base client's name of the command (PutItemCommand for the document client's PutCommand).
      expect(journal.forTenant(t).at(-1)).toMatchObject({ op: LOW_LEVEL[op], PK: expect.stringMatching(new RegExp(`^ENT#${t}#`)) });
    }
    // The transaction's ConditionCheck read only: one entry, for B.
    expect(
      journal
        .forTenant(t)
        .filter((e) => e.op === 'TransactWriteItemsCommand')
        .map((e) => e.SK),
    ).toEqual(['B']);

    const before = snap(t);
    await ddb().send(new GetCommand({ TableName: table, Key: { PK: `ENT#${t}#X`, SK: 'A' } }));
    await ddb().send(new PutCommand({ TableName: table, Item: { PK: `ENT#${neighbour}`, SK: 'A' } }));
    expect(snap(t)).toBe(before);
    expect(snap(neighbour)).not.toBe(neighbourBefore);

    for (const [PK, SK] of [
      [`ENT#${t}#X`, 'A'],
      [`ENT#${t}#Y`, 'C'],
      [`ENT#${neighbour}`, 'A'],
    ])
      await ddb().send(new DeleteCommand({ TableName: table, Key: { PK, SK } }));
  });

  it('does not record a write DynamoDB refused (condition failed, transaction cancelled)', async () => {
    const before = snap(t);
    await expect(
      ddb().send(new PutCommand({ TableName: table, Item: { PK: `ENT#${t}#X`, SK: 'Z' }, ConditionExpression: 'attribute_exists(PK)' })),
    ).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    await expect(
      ddb().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table, Item: { PK: `ENT#${t}#X`, SK: 'Z' } } },
            { ConditionCheck: { TableName: table, Key: { PK: `ENT#${t}#X`, SK: 'nothing' }, ConditionExpression: 'attribute_exists(PK)' } },
          ],
        }),
      ),
    ).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(snap(t)).toBe(before);
  });
});

describe('which items a command wrote', () => {
  it('reads keys in the document client’s form and the low-level one, and leaves out unprocessed batch items', () => {
    expect(writtenKeys('PutItemCommand', { Item: { PK: { S: 'ENT#5#X' }, SK: { S: 'A' } } }, {})).toEqual([{ PK: 'ENT#5#X', SK: 'A' }]);
    expect(
      writtenKeys(
        'BatchWriteCommand',
        { RequestItems: { T: [{ PutRequest: { Item: { PK: 'ENT#5', SK: 'A' } } }, { DeleteRequest: { Key: { PK: 'ENT#5', SK: 'B' } } }] } },
        { UnprocessedItems: { T: [{ DeleteRequest: { Key: { PK: 'ENT#5', SK: 'B' } } }] } },
      ),
    ).toEqual([{ PK: 'ENT#5', SK: 'A' }]);
    expect(writtenKeys('QueryCommand', {}, {})).toBeNull();
    // A PartiQL write names no key the journal can read: it shows in every business's journal.
    expect(writtenKeys('ExecuteStatementCommand', { Statement: 'UPDATE …' }, {})).toEqual([{ PK: '?', SK: '?' }]);
  });

  it('gives a partition to its business only', () => {
    expect(tenantOfPartition('ENT#5')).toBe('5');
    expect(tenantOfPartition('ENT#5#X')).toBe('5');
    expect(tenantOfPartition('ENT#50')).toBe('50');
    expect(tenantOfPartition('EMAIL#a@b.sn')).toBeNull();
  });
});
