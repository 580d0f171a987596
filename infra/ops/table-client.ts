// The table an operations command works on (`npm run migrate`, `npm run vitrine:reindex`):
// - AWS: TABLE_NAME (the stack's TableName output) with your AWS credentials and AWS_REGION;
// - local: the `npm start` data under DATA_DIR (default .data) — through the running stack's
//   DynamoDB Local when `npm start` runs, else by starting DynamoDB Local on those files itself.
// DYNAMODB_ENDPOINT + TABLE_NAME point it at any other DynamoDB Local.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TABLE_NAME } from '@shared/table';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function runningLocalStack(dataDir: string): { dynamoEndpoint: string; tableName: string } | null {
  const file = join(dataDir, 'local-stack.json');
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; dynamoEndpoint: string; tableName: string };
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}

/** Runs `work` with a document client on the command's table, then closes what it opened. */
export async function withTable<T>(work: (doc: DynamoDBDocumentClient, table: string) => Promise<T>): Promise<T> {
  let stopLocal: (() => Promise<void>) | undefined;
  let endpoint = process.env.DYNAMODB_ENDPOINT;
  let table = process.env.TABLE_NAME;
  if (!table) {
    const dataDir = resolve(process.env.DATA_DIR ?? '.data');
    const running = runningLocalStack(dataDir);
    if (running) {
      endpoint = running.dynamoEndpoint;
      table = running.tableName;
    } else {
      const { startDynamoLocal } = await import('../local/dynamo');
      const { ensureTable } = await import('../local/table');
      const dynamo = await startDynamoLocal({ dataDir: join(dataDir, 'dynamodb') });
      await ensureTable(dynamo.endpoint, DEFAULT_TABLE_NAME);
      endpoint = dynamo.endpoint;
      table = DEFAULT_TABLE_NAME;
      stopLocal = dynamo.stop;
    }
  }
  const client = new DynamoDBClient(
    endpoint ? { endpoint, region: process.env.AWS_REGION ?? 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {},
  );
  try {
    return await work(DynamoDBDocumentClient.from(client), table);
  } finally {
    client.destroy();
    await stopLocal?.();
  }
}
