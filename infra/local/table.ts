// Creates the single table in DynamoDB Local from the same definition CDK uses (shared/table.ts).
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { TABLE } from '@shared/table';

export function createTableInput(tableName: string): CreateTableCommandInput {
  const attrs = new Set<string>([TABLE.partitionKey, TABLE.sortKey]);
  for (const g of TABLE.gsis) {
    attrs.add(g.partitionKey);
    attrs.add(g.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    // The death alert reads new loss entries from the stream, as in AWS (infra/cdk).
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
    AttributeDefinitions: [...attrs].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: TABLE.gsis.map((g) => ({
      IndexName: g.name,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' },
        { AttributeName: g.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    const described = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A table made before an index was added to shared/table.ts gets it now (its data is then
    // backfilled by infra/data/migrations/).
    const have = new Set((described.Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
    const input = createTableInput(tableName);
    // A table made before gets its stream now (infra/local/stream-poller.ts reads it).
    if (!described.Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: input.StreamSpecification }));
    }
    for (const gsi of input.GlobalSecondaryIndexes ?? []) {
      if (have.has(gsi.IndexName)) continue;
      const keys = new Set(gsi.KeySchema?.map((k) => k.AttributeName));
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: input.AttributeDefinitions?.filter((a) => keys.has(a.AttributeName)),
          GlobalSecondaryIndexUpdates: [{ Create: { IndexName: gsi.IndexName, KeySchema: gsi.KeySchema, Projection: gsi.Projection } }],
        }),
      );
    }
  } catch (err) {
    if ((err as Error).name !== 'ResourceNotFoundException') throw err;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true } }));
  } finally {
    client.destroy();
  }
}

/** The data migrations not done yet (infra/data/migrations/), before the stack serves. */
export async function runMigrations(endpoint: string, tableName: string): Promise<void> {
  const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
  const { migrate } = await import('../data/migrations');
  const client = new DynamoDBClient({ endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    const done = await migrate(DynamoDBDocumentClient.from(client), tableName, (line) => console.log(`  ${line}`));
    for (const [name, n] of Object.entries(done)) if (n > 0) console.log(`  Migration ${name} : ${n} élément(s) mis à jour.`);
  } finally {
    client.destroy();
  }
}
