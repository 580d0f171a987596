// A store that cannot be reached or is overloaded answers 503 « Service momentanément
// indisponible », not 500 (functions/lib/http/error-mapping.ts storeUnavailable): a 500 means a defect of ours,
// and the local stack's DynamoDB restart showed a login answering 500 in between.
import { describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { createServer } from 'node:net';
import { storeUnavailable } from '../../functions/lib/http';

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('storeUnavailable', () => {
  it('recognises the SDK error of a refused connection (a real call, not a made-up error)', async () => {
    const client = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: `http://127.0.0.1:${await closedPort()}`,
        region: 'eu-west-1',
        maxAttempts: 1,
        credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      }),
    );
    const err = await client.send(new GetCommand({ TableName: 't', Key: { PK: 'a', SK: 'b' } })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(storeUnavailable(err)).toBe(true);
  });

  it('recognises throttling and the service’s own failures, and nothing of ours', () => {
    for (const name of [
      'ProvisionedThroughputExceededException',
      'ThrottlingException',
      'RequestLimitExceeded',
      'InternalServerError',
      'ServiceUnavailable',
      'TimeoutError',
    ]) {
      expect(storeUnavailable(Object.assign(new Error('x'), { name })), name).toBe(true);
    }
    for (const err of [
      new Error('boom'),
      new TypeError('x is undefined'),
      Object.assign(new Error('c'), { name: 'ConditionalCheckFailedException' }),
      Object.assign(new Error('v'), { name: 'ValidationException' }),
      null,
      'text',
    ]) {
      expect(storeUnavailable(err)).toBe(false);
    }
  });
});
