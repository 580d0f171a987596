// functions/lib/refusal.ts `untilWritten`, the one loop of the writes that read, check and write:
// a lost race (StaleRead) or a conflict past the store's retries runs the attempt again, a real
// refusal is raised at once, and past its attempts the caller's exhaustion is raised. Then the
// exhaustion of its callers whose last attempt used to send its condition without a refusal (an SDK
// error, a 500 for the operator): the operator's subscription change and a payment's activation.
// The SDK answers are mocked (aws-sdk-client-mock) with the shape DynamoDB gives.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { cancelled, rejection } from '../helpers/ddb-answers';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AppError, badRequest, refused } from '../../functions/lib/errors';
import { staleRead, untilWritten } from '../../functions/lib/refusal';
import { SYNC_MSG } from '@shared/messages/sync';

const doc = mockClient(DynamoDBDocumentClient);
// The unit files share a worker (vitest.config.ts): a stub left in place would answer the next file.
afterAll(() => doc.restore());

beforeEach(() => {
  doc.reset();
  Object.assign(process.env, { TABLE_NAME: 't', JWT_SECRET: 's'.repeat(48), MAIL_OUTBOX_DIR: '/tmp/ganaar-until-written-test-mail' });
});

/** The attempt's outcomes in order: an error to throw, or a value to answer. */
function script<T>(outcomes: (Error | T)[]) {
  const calls: number[] = [];
  const attempt = async (n: number): Promise<T> => {
    calls.push(n);
    const o = outcomes[Math.min(n, outcomes.length) - 1];
    if (o instanceof Error) throw o;
    return o;
  };
  return { attempt, calls };
}

const exhausted = () => refused(409, 'épuisé');

describe('untilWritten', () => {
  it('runs the attempt again after a lost race or a conflict, and answers its value', async () => {
    const s = script<string>([staleRead(), refused(409, 'conflit'), 'écrit']);
    await expect(untilWritten(s.attempt, 5, exhausted)).resolves.toBe('écrit');
    expect(s.calls).toEqual([1, 2, 3]);
  });

  it('raises a real refusal at once', async () => {
    const s = script<string>([staleRead(), badRequest('stock insuffisant')]);
    const err = await rejection(untilWritten(s.attempt, 5, exhausted));
    expect((err as AppError).message).toBe('stock insuffisant');
    expect(s.calls).toEqual([1, 2]);
  });

  it('past its attempts, raises the exhaustion', async () => {
    const s = script<string>([staleRead()]);
    const err = await rejection(untilWritten(s.attempt, 4, exhausted));
    expect((err as AppError).message).toBe('épuisé');
    expect(s.calls).toEqual([1, 2, 3, 4]);
  });
});

const SUBSCRIPTION = { PK: 'ENT#7', SK: 'SUBSCRIPTION', plan: 'db1', valid_until: '2027-01-01T00:00:00.000Z', trial: false };

describe('a subscription that changes at every reading', () => {
  // A seller with no offer on the marketplace: no town index to follow the change (vendeurIndexSteps).
  beforeEach(() => doc.on(QueryCommand).resolves({ Items: [] }));

  it('the operator’s change answers a 409 after five readings, never the SDK’s error', async () => {
    const { changeSubscription } = await import('../../functions/operateur/repository');
    doc.on(GetCommand).resolves({ Item: SUBSCRIPTION });
    doc.on(TransactWriteCommand).rejects(cancelled(2, [0]));
    const err = await rejection(changeSubscription(7, (s) => ({ ...s, suspendu: true }), { operateur: 'op@test.sn', action: 'suspendre', motif: 'test' }));
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    expect((err as AppError).message).toBe(SYNC_MSG.concurrent);
    expect(doc.commandCalls(TransactWriteCommand)).toHaveLength(5);
  });

  it('a payment’s activation fails its task after ten readings (Step Functions runs it again), never the SDK’s error', async () => {
    const { activatePayment } = await import('../../functions/paiements/repository');
    doc.on(GetCommand).callsFake((input: { Key: { SK: string } }) =>
      input.Key.SK === 'SUBSCRIPTION'
        ? { Item: SUBSCRIPTION }
        : {
            Item: {
              ...input.Key,
              id: 3,
              tenant_id: 7,
              plan: 'db1',
              nb_mois: 1,
              montant: 5000,
              status: 'PENDING',
              service: 'wave',
              created_at: '2026-11-01T00:00:00.000Z',
            },
          },
    );
    doc.on(TransactWriteCommand).rejects(cancelled(4, [1]));
    const err = await rejection(activatePayment(7, 3));
    expect(err).not.toBeInstanceOf(TransactionCanceledException);
    expect((err as Error).message).toMatch(/subscription changed/);
    expect(doc.commandCalls(TransactWriteCommand)).toHaveLength(10);
  });
});
