// functions/lib/refusal.ts: a transaction cancelled by a failed condition raises the refusal of
// the item that failed, whatever its position; an item without a refusal keeps the SDK error; a
// conflict-only cancellation is retried, not refused. The SDK answers are mocked
// (aws-sdk-client-mock) with the shape DynamoDB gives: CancellationReasons in item order.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { cancelled, rejection } from '../helpers/ddb-answers';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AppError, badRequest, notFound, refused } from '../../functions/lib/errors';
import {
  isConditionFailure,
  mayRefuse,
  refuseEachWith,
  refuseWith,
  staleRead,
  StaleRead,
  transactIfAllowed,
  transactOrRefuse,
} from '../../functions/lib/refusal';

const doc = mockClient(DynamoDBDocumentClient);
// The unit files share a worker (vitest.config.ts): the SDK's prototypes stay loaded, so a stub left
// in place would answer the next file's real calls.
afterAll(() => doc.restore());

beforeEach(() => {
  doc.reset();
  Object.assign(process.env, { TABLE_NAME: 't', JWT_SECRET: 's'.repeat(48), MAIL_OUTBOX_DIR: '/tmp/ganaar-refusal-test-mail' });
});

const put = (sk: string) => ({ Put: { TableName: 't', Item: { PK: 'P', SK: sk }, ConditionExpression: 'attribute_not_exists(PK)' } });

describe('transactOrRefuse', () => {
  it('writes every item, refusals stripped, in order', async () => {
    doc.on(TransactWriteCommand).resolves({});
    await transactOrRefuse([put('a'), refuseWith(notFound('x'), put('b'))]);
    const sent = doc.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems;
    expect(sent).toEqual([put('a'), put('b')]);
  });

  it('raises the refusal of the item that failed, at any position', async () => {
    for (const at of [0, 1, 2]) {
      doc.reset();
      doc.on(TransactWriteCommand).rejects(cancelled(3, [at]));
      const steps = [refuseWith(badRequest('zéro'), put('a')), refuseWith(notFound('un'), put('b')), refuseWith(refused(422, 'deux'), put('c'))];
      const err = await rejection(transactOrRefuse(steps));
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).message).toBe(['zéro', 'un', 'deux'][at]);
      expect((err as AppError).status).toBe([400, 404, 422][at]);
    }
  });

  it('with several failed items, raises the first one’s refusal', async () => {
    doc.on(TransactWriteCommand).rejects(cancelled(3, [1, 2]));
    const err = await rejection(transactOrRefuse([put('a'), refuseWith(notFound('un'), put('b')), refuseWith(badRequest('deux'), put('c'))]));
    expect((err as AppError).message).toBe('un');
  });

  it('reads the current state only when its item refused', async () => {
    doc.on(TransactWriteCommand).rejects(cancelled(2, [1]));
    const unused = vi.fn(async () => badRequest('jamais'));
    const reading = vi.fn(async () => badRequest('il reste 3'));
    const err = await rejection(transactOrRefuse([refuseWith(unused, put('a')), refuseWith(reading, put('b'))]));
    expect((err as AppError).message).toBe('il reste 3');
    expect(unused).not.toHaveBeenCalled();
    expect(reading).toHaveBeenCalledOnce();
  });

  it('gives one refusal to a whole group', async () => {
    doc.on(TransactWriteCommand).rejects(cancelled(4, [3]));
    const err = await rejection(transactOrRefuse([put('a'), ...refuseEachWith(staleRead, [put('b'), put('c'), put('d')])]));
    expect(err).toBeInstanceOf(StaleRead);
  });

  it('keeps the SDK error when the failed item carries no refusal (a defect, not a business answer)', async () => {
    const sdk = cancelled(2, [0]);
    doc.on(TransactWriteCommand).rejects(sdk);
    const err = await rejection(transactOrRefuse([put('a'), refuseWith(notFound('un'), put('b'))]));
    expect(err).toBe(sdk);
    expect(isConditionFailure(err)).toBe(true);
  });

  it('retries a cancellation made only of conflicts, then writes', async () => {
    doc
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(2, [], 'TransactionConflict'))
      .resolves({});
    await transactOrRefuse([put('a'), refuseWith(notFound('un'), put('b'))]);
    expect(doc.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('past its attempts, a conflict is a 409, never an item’s refusal', async () => {
    doc.on(TransactWriteCommand).rejects(cancelled(2, [], 'TransactionConflict'));
    const err = await rejection(transactOrRefuse([refuseWith(notFound('zéro'), put('a')), refuseWith(notFound('un'), put('b'))], 2));
    expect((err as AppError).status).toBe(409);
    expect(doc.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });
});

describe('transactIfAllowed', () => {
  it('answers true once written, false when a marked item refused', async () => {
    doc.on(TransactWriteCommand).resolves({});
    await expect(transactIfAllowed([mayRefuse(put('a')), put('b')])).resolves.toBe(true);
    doc.reset();
    doc.on(TransactWriteCommand).rejects(cancelled(2, [0]));
    await expect(transactIfAllowed([mayRefuse(put('a')), put('b')])).resolves.toBe(false);
  });

  it('still raises another item’s refusal, and the SDK error of an unmarked one', async () => {
    doc.on(TransactWriteCommand).rejects(cancelled(3, [1]));
    const err = await rejection(transactIfAllowed([mayRefuse(put('a')), refuseWith(notFound('un'), put('b')), put('c')]));
    expect((err as AppError).message).toBe('un');
    doc.reset();
    doc.on(TransactWriteCommand).rejects(cancelled(3, [2]));
    expect(await rejection(transactIfAllowed([mayRefuse(put('a')), refuseWith(notFound('un'), put('b')), put('c')]))).toBeInstanceOf(
      TransactionCanceledException,
    );
  });
});

describe('isConditionFailure', () => {
  it('is a single write’s failed condition or a transaction refused by one, nothing else', () => {
    expect(isConditionFailure(Object.assign(new Error('c'), { name: 'ConditionalCheckFailedException' }))).toBe(true);
    expect(isConditionFailure(cancelled(2, [1]))).toBe(true);
    expect(isConditionFailure(cancelled(2, [], 'TransactionConflict'))).toBe(false);
    expect(isConditionFailure(Object.assign(new Error('v'), { name: 'ValidationException' }))).toBe(false);
    expect(isConditionFailure(null)).toBe(false);
  });
});
