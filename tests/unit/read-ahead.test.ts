// The batch detail's Query goes out beside the session's read (functions/lib/http/types.ts
// withReadAhead, run-route.ts): a warm request waits for one DynamoDB round trip, not two. What it
// read is answered only once the session and the right are granted to the token's business; a
// refused request answers its refusal, never the batch, and a read it left behind fails unseen.
// The bandes handler runs as Lambda runs it; DynamoDB is mocked (aws-sdk-client-mock), the session's
// BatchGet held open so that the order of the two reads can be seen.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { resetConfigForTests } from '../../functions/lib/config';
import { signToken } from '../../functions/lib/tokens';
import { keys } from '../../functions/lib/repo/keys';
import { userPutItem, type UserItem } from '../../functions/lib/repo/utilisateurs';
import type { HttpEvent, HttpResult } from '../../functions/lib/http';
import type { Role } from '@shared/rights';

const doc = mockClient(DynamoDBDocumentClient);
// The unit files share a worker (vitest.config.ts): a stub left in place would answer the next file.
afterAll(() => doc.restore());

const TENANT = 41;
const BANDE = 5;
let handler: (event: HttpEvent) => Promise<HttpResult>;

beforeAll(async () => {
  Object.assign(process.env, { TABLE_NAME: 't', JWT_SECRET: 's'.repeat(48), MAIL_OUTBOX_DIR: '/tmp/ganaar-read-ahead-test-mail' });
  resetConfigForTests();
  handler = (await import('../../functions/bandes/handler')).handler as typeof handler;
});
beforeEach(() => doc.reset());

const user = (role: Role, droits: UserItem['droits'] = {}): Record<string, unknown> =>
  userPutItem({
    id: 7,
    tenantId: TENANT,
    prenom: 'A',
    nom: 'B',
    email: 'a@b.sn',
    role,
    droits,
    passwordHash: 'x',
    entreprise: 'Ferme',
    actif: true,
    tokenVersion: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
  });

const bandeItems = [
  {
    PK: `ENT#${TENANT}#BANDE#${BANDE}`,
    SK: 'BANDE',
    entity: 'BANDE',
    id: BANDE,
    nom: 'Lot secret',
    type: 'chair',
    nb_sujet: 100,
    date_demarage: '2025-01-05',
    statut: 'ACTIVE',
    created_at: '2025-01-05T08:00:00.000Z',
  },
];

const event = (token: string, id = String(BANDE)): HttpEvent =>
  ({
    version: '2.0',
    routeKey: 'GET /api/bande/{id}',
    rawPath: `/api/bande/${id}`,
    rawQueryString: '',
    headers: { authorization: `Bearer ${token}` },
    pathParameters: { id },
    requestContext: {
      http: { method: 'GET', path: `/api/bande/${id}`, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: '' },
      requestId: 'r',
      routeKey: 'GET /api/bande/{id}',
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
  }) as unknown as HttpEvent;

/** The session's BatchGet answers only when released: meanwhile the Query's start can be seen. */
function heldSession(items: Record<string, unknown>[]) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  doc.on(BatchGetCommand).callsFake(async () => {
    await gate;
    return { Responses: { t: items } };
  });
  return release;
}

const token = async () => (await signToken({ userId: 7, tenantId: TENANT, role: 'admin' })).token;

describe('the batch detail reads its batch beside the session', () => {
  it('sends the Query while the session is still being read, then answers the batch', async () => {
    const release = heldSession([user('admin')]);
    doc.on(QueryCommand).resolves({ Items: bandeItems });
    const answer = handler(event(await token()));
    await vi.waitFor(() => expect(doc.commandCalls(QueryCommand)).toHaveLength(1));
    expect(doc.commandCalls(QueryCommand)[0].args[0].input.ExpressionAttributeValues).toEqual({ ':pk': `ENT#${TENANT}#BANDE#${BANDE}` });
    release();
    const out = await answer;
    expect(out.statusCode).toBe(200);
    expect(JSON.parse(out.body as string)).toMatchObject({ id: BANDE, nom: 'Lot secret' });
    // Still one Query and one BatchGet: the read is moved, not doubled.
    expect(doc.calls()).toHaveLength(2);
  });

  it('answers 401 for a revoked or unknown session and 403 without the right, never the batch read ahead', async () => {
    const jwt = await token();
    const jti = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).jti as string;
    const cases: [Record<string, unknown>[], number][] = [
      [[user('admin'), { ...keys.revokedToken(jti), entity: 'REVOKED' }], 401],
      [[], 401],
      [[user('vendeur', { ventav: 'r' })], 403],
    ];
    for (const [session, status] of cases) {
      doc.reset();
      doc.on(BatchGetCommand).resolves({ Responses: { t: session } });
      doc.on(QueryCommand).resolves({ Items: bandeItems });
      const out = await handler(event(jwt));
      expect(out.statusCode).toBe(status);
      expect(out.body).not.toContain('Lot secret');
    }
  });

  it('leaves a failed read-ahead of a refused request unseen: the refusal is answered', async () => {
    doc.on(BatchGetCommand).resolves({ Responses: { t: [] } });
    doc.on(QueryCommand).rejects(Object.assign(new Error('boom'), { name: 'InternalServerError' }));
    const out = await handler(event(await token()));
    expect(out.statusCode).toBe(401);
  });

  it('reads nothing ahead for a forged token or an invalid id', async () => {
    doc.on(BatchGetCommand).resolves({ Responses: { t: [user('admin')] } });
    doc.on(QueryCommand).resolves({ Items: bandeItems });
    const jwt = await token();
    const forged = `${jwt.slice(0, -4)}AAAA`;
    expect((await handler(event(forged))).statusCode).toBe(401);
    expect((await handler(event(jwt, 'abc'))).statusCode).toBe(400);
    expect(doc.commandCalls(QueryCommand)).toHaveLength(0);
  });
});
