// The cold-start floor the bench prints beside the domains (tests/bench/lambda.ts): a "Lambda"
// bundled with the same esbuild settings that holds only the project's DynamoDB client
// (functions/lib/ddb.ts) and sends the two requests an authenticated read sends (the session's
// BatchGet, then a Query), on keys that hold nothing. What no domain can go below: Node's boot,
// the bundled SDK's load, its first client and two round trips to DynamoDB Local.
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../../functions/lib/ddb';

export const handler = async (): Promise<{ statusCode: number; body: string }> => {
  const table = tableName();
  await ddb().send(
    new BatchGetCommand({
      RequestItems: {
        [table]: {
          Keys: [
            { PK: 'BENCH#FLOOR', SK: 'USER' },
            { PK: 'BENCH#FLOOR', SK: 'REVOKED' },
          ],
        },
      },
    }),
  );
  const out = await ddb().send(new QueryCommand({ TableName: table, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'BENCH#FLOOR' } }));
  return { statusCode: 200, body: JSON.stringify(out.Items ?? []) };
};
