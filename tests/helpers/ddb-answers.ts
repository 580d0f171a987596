// DynamoDB's answers as the unit tests mock them (aws-sdk-client-mock), with the shape DynamoDB
// gives, and a way to look at a promise's rejection.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/** The error DynamoDB answers when the items at `failed` failed their conditions (the others: `other`). */
export function cancelled(count: number, failed: number[], other = 'None') {
  return new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: Array.from({ length: count }, (_, i) => ({ Code: failed.includes(i) ? 'ConditionalCheckFailed' : other })),
  });
}

/** What `p` rejects with, or null when it resolves. */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => null,
    (e: unknown) => e,
  );
}
