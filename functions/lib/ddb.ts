// The DynamoDB document client shared by every repository, built once per container.
// It counts the requests it sends, so benchmarks and tests can report calls per request.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config';

let client: DynamoDBDocumentClient | undefined;
let calls = 0;

export function ddb(): DynamoDBDocumentClient {
  if (client) return client;
  const cfg = config();
  const base = new DynamoDBClient({
    region: cfg.region,
    ...(cfg.dynamoEndpoint
      ? { endpoint: cfg.dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
    maxAttempts: 3,
  });
  base.middlewareStack.add(
    (next) => async (args) => {
      calls++;
      return next(args);
    },
    { step: 'initialize', name: 'ganaarCallCounter' },
  );
  client = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return client;
}

export function tableName(): string {
  return config().tableName;
}

/** Number of DynamoDB requests sent by this process so far. */
export function ddbCallCount(): number {
  return calls;
}

export function resetDdbForTests(): void {
  client = undefined;
}

/** Index of the first failed condition in a cancelled transaction, or -1. */
export function cancelledIndex(err: unknown): number {
  const reasons = (err as { CancellationReasons?: { Code?: string }[] })?.CancellationReasons;
  if (!reasons) return -1;
  return reasons.findIndex((r) => r?.Code === 'ConditionalCheckFailed');
}

export function isConditionFailure(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === 'ConditionalCheckFailedException' || (name === 'TransactionCanceledException' && cancelledIndex(err) >= 0);
}
