// The DynamoDB document client shared by every repository, built once per container.
// It counts the requests it sends, so benchmarks and tests can report calls per request.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { instrumentClient } from './aws-calls';
import { SDK_LOGGER } from './sdk-logger';

let client: DynamoDBDocumentClient | undefined;
let calls = 0;
const byCommand = new Map<string, number>();
let itemWrites = 0;
// Document-client and low-level names alike.
const SINGLE_WRITES = new Set(['PutCommand', 'UpdateCommand', 'DeleteCommand', 'PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand']);
const TRANSACT_WRITES = new Set(['TransactWriteCommand', 'TransactWriteItemsCommand']);

/** Sees every request that DynamoDB answered without error: its command name, input and output. */
export type DdbObserver = (commandName: string, input: unknown, output: unknown) => void;
// Only the local test stack sets it (infra/local/write-journal.ts: the "writes nothing" tests read
// the writes it records). Unset in a Lambda and in `npm start`: one test of a variable per request.
let observer: DdbObserver | undefined;
export function observeDdb(fn: DdbObserver | undefined): void {
  observer = fn;
}

// DynamoDB Local reads the access key from the Authorization header and checks no signature. A
// fixed header instead of SigV4 (hashing the body, the canonical request and the HMAC chain on every
// call) saves ~0.3 ms of CPU per request: a third of the SDK's own work per call, measured on the
// test stack. Only with DYNAMODB_ENDPOINT, which a deployed Lambda never has: AWS gets real SigV4.
const LOCAL_SIGNER = {
  sign: async <R extends { headers: Record<string, string> }>(request: R): Promise<R> => {
    request.headers.authorization = 'AWS4-HMAC-SHA256 Credential=local/20260101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=local';
    return request;
  },
};

export function ddb(): DynamoDBDocumentClient {
  if (client) return client;
  const cfg = config();
  const base = new DynamoDBClient({
    region: cfg.region,
    ...(cfg.dynamoEndpoint ? { endpoint: cfg.dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, signer: LOCAL_SIGNER } : {}),
    maxAttempts: 3,
    logger: SDK_LOGGER,
  });
  base.middlewareStack.add(
    (next, context) => async (args) => {
      calls++;
      const name = context.commandName ?? '?';
      byCommand.set(name, (byCommand.get(name) ?? 0) + 1);
      if (SINGLE_WRITES.has(name)) itemWrites++;
      else if (TRANSACT_WRITES.has(name)) itemWrites += (args.input as { TransactItems?: unknown[] }).TransactItems?.length ?? 0;
      if (!observer) return next(args);
      const result = await next(args);
      // After the answer: a refused condition or a cancelled transaction threw above and wrote nothing.
      observer?.(name, args.input, result.output);
      return result;
    },
    { step: 'initialize', name: 'ganaarCallCounter' },
  );
  instrumentClient(base, 'dynamodb');
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

/** The same count per command (GetItemCommand, TransactWriteItemsCommand…), for the benchmarks. */
export function ddbCallsByCommand(): Record<string, number> {
  return Object.fromEntries(byCommand);
}

/** Items written so far (a transaction counts each of its items). */
export function ddbItemWrites(): number {
  return itemWrites;
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
