// Lambda entry of the notifications' jobs: the morning summary, invoked by the
// EventBridge Scheduler schedules with {shard}, and the death alert, invoked by the table's stream
// (filtered on new loss entries) with a DynamoDBStreamEvent. Locally the same entry is called by
// `npm run notifications:matin`, the test stack's hook and the stream poller (infra/local/).
import { randomUUID } from 'node:crypto';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { runWithContext } from '../lib/request-context';
import { checkPushConfig } from './push';
import { alertes } from './alerte';
import { matin, type Bilan } from './matin';
import { JOBS_FUNCTION } from './constants';

checkPushConfig();

export type JobEvent = DynamoDBStreamEvent | { shard?: number; entreprises?: number[] };

const isStream = (e: JobEvent): e is DynamoDBStreamEvent => Array.isArray((e as DynamoDBStreamEvent).Records);

export async function handler(event: JobEvent): Promise<Bilan> {
  const id = randomUUID();
  return runWithContext({ domain: JOBS_FUNCTION, requestId: id, correlationId: id }, () => (isStream(event) ? alertes(event) : matin(event)));
}
