// Closing a batch while its birds are being edited (functions/bandes/routes/bandes.ts closeBande):
// the closing's transaction is conditioned on the birds it read (the plan's count gives them back),
// so an edit landing between its read and its write fails the condition. Found by the reconciliation
// harness (seed 1431832678): the closing then answered 409 although nothing forbade it. It now reads
// the batch again and closes it with its birds as they are. The race is forced here with the SDK
// mocked: the API can only hope to hit it.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../../functions/lib/errors';
import { closeBande } from '../../functions/bandes/routes/bandes';

const doc = mockClient(DynamoDBDocumentClient);
// The unit files share a worker (vitest.config.ts): a stub left in place would answer the next file's real calls.
afterAll(() => doc.restore());

beforeEach(() => {
  doc.reset();
  Object.assign(process.env, { TABLE_NAME: 't', JWT_SECRET: 's'.repeat(48), MAIL_OUTBOX_DIR: '/tmp/ganaar-bande-close-test-mail' });
});

const bande = (nb_sujet: number, statut = 'ACTIVE') => ({
  Item: {
    PK: 'ENT#7',
    SK: 'BANDE#3',
    id: 3,
    nom: 'Bande A',
    type: 'chair',
    nb_sujet,
    statut,
    date_demarage: '2026-10-01',
    created_at: '2026-10-01T08:00:00.000Z',
  },
});
/** The batch's update failed its condition (its birds moved); the plan's count item did not. */
const birdsMoved = () =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
  });
const ctx = { auth: { tenantId: 7 }, body: { id_bande: 3 } } as never;
const birdsClosed = () =>
  doc.commandCalls(TransactWriteCommand).map((c) => (c.args[0].input.TransactItems?.[0]?.Update?.ExpressionAttributeValues as Record<string, unknown>)[':ns']);

describe('closeBande under an edit of the birds', () => {
  it('reads the batch again and closes it with the birds it has then', async () => {
    doc.on(GetCommand).resolvesOnce(bande(100)).resolves(bande(150));
    doc.on(TransactWriteCommand).rejectsOnce(birdsMoved()).resolves({});
    const out = await closeBande(ctx);
    expect(out).toMatchObject({ id: 3, statut: 'CLOTUREE', nb_sujet: 150 });
    expect(birdsClosed()).toEqual([100, 150]);
  });

  it('answers that the batch is closed when another closing won', async () => {
    doc.on(GetCommand).resolvesOnce(bande(100)).resolves(bande(100, 'CLOTUREE'));
    doc.on(TransactWriteCommand).rejects(birdsMoved());
    expect(await closeBande(ctx)).toMatchObject({ statut: 'CLOTUREE' });
    expect(birdsClosed()).toEqual([100]);
  });

  it('gives up with 409 after five moves in a row, having written nothing', async () => {
    doc.on(GetCommand).resolves(bande(100));
    doc.on(TransactWriteCommand).rejects(birdsMoved());
    const err = await closeBande(ctx).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    expect(birdsClosed()).toHaveLength(5);
  });
});
