// The AWS-only side of shared links (functions/partage), with aws-sdk-client-mock: the signing key
// read from Secrets Manager (SHARE_SECRET_ARN), and a revoke sending CloudFront a CreateInvalidation
// of exactly that link's page when DISTRIBUTION_ID is set — and none without it (local stack). The
// invalidation is a signed REST call (functions/lib/aws-rest.ts, whose signature tests/unit/aws-rest.test.ts
// checks against the SDK's): here its transport is replaced and the request it would send is read.
// Also the token's own rules: a changed character, another key or another link's signature verify
// nothing; and the page's style hash in its CSP is the hash of its style.
import { createHash } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { PAGE_CSP, PAGE_STYLE, PAGE_STYLE_SHA256 } from '@shared/partage-page';

const awsRest = vi.hoisted(() => vi.fn());
vi.mock('../../functions/lib/aws-rest', async (original) => ({ ...(await original<object>()), awsRest }));
const sm = mockClient(SecretsManagerClient);
const doc = mockClient(DynamoDBDocumentClient);
// The unit files share a worker: a stub left in place would answer the next file's real calls.
afterAll(() => {
  sm.restore();
  doc.restore();
});

const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:1:secret:share';
const KEY = 'k'.repeat(64);

beforeEach(() => {
  vi.resetModules();
  awsRest.mockReset();
  sm.reset();
  doc.reset();
  for (const k of ['SHARE_SECRET', 'DISTRIBUTION_ID', 'DYNAMODB_ENDPOINT']) delete process.env[k];
  Object.assign(process.env, {
    TABLE_NAME: 't',
    JWT_SECRET: 's'.repeat(48),
    MAIL_OUTBOX_DIR: '/tmp/ganaar-partage-edge-mail',
    SHARE_SECRET_ARN: SECRET_ARN,
    PUBLIC_URL: 'https://ganaar.example',
  });
  sm.on(GetSecretValueCommand).resolves({ SecretString: KEY });
});

const link = (id: string) => ({
  PK: `PARTAGE#${id}`,
  SK: 'LINK',
  id,
  tenantId: 7,
  type: 'recu_vente',
  id_document: 12,
  cree_le: '2026-11-20T10:00:00.000Z',
  expire_le: '2026-12-20T10:00:00.000Z',
  cree_par: { id: 1, nom: 'Awa Diop' },
});

const admin = { tenantId: 7, userId: 1, role: 'admin', rights: {}, user: { prenom: 'Awa', nom: 'Diop', idBoutique: null } };

describe('token', () => {
  it('signs with the key from Secrets Manager (read once) and verifies only the exact token', async () => {
    const { newPartageId, tokenOf, verifiedId } = await import('../../functions/partage/token');
    const id = newPartageId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const token = await tokenOf(id);
    expect(await verifiedId(token)).toBe(id);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(sm.commandCalls(GetSecretValueCommand)[0].args[0].input.SecretId).toBe(SECRET_ARN);
    const [, sig] = token.split('.');
    const other = newPartageId();
    const otherSig = (await tokenOf(other)).split('.')[1];
    const change = (s: string, i: number) => s.slice(0, i) + (s[i] === 'a' ? 'b' : 'a') + s.slice(i + 1);
    for (const bad of [`${change(id, 0)}.${sig}`, `${id}.${change(sig, 21)}`, `${id}.${otherSig}`, `${other}.${sig}`, id, `${token}.`, '']) {
      expect(await verifiedId(bad), bad).toBeNull();
    }
    // Another key (another deployment, a rotated key) verifies none of these links.
    vi.resetModules();
    sm.reset();
    sm.on(GetSecretValueCommand).resolves({ SecretString: 'z'.repeat(64) });
    const again = await import('../../functions/partage/token');
    expect(await again.verifiedId(token)).toBeNull();
  });
});

describe('revoke and the edge cache', () => {
  it('invalidates /p/<token> on the configured distribution once the revoke is written', async () => {
    process.env.DISTRIBUTION_ID = 'E2ABCDEF';
    const id = 'AAAAAAAAAAAAAAAAAAAAAA';
    doc.on(GetCommand).resolves({ Item: link(id) });
    doc.on(TransactWriteCommand).resolves({});
    awsRest.mockResolvedValue({ status: 201, headers: {}, body: '<Invalidation><Id>I1</Id><Status>InProgress</Status></Invalidation>' });
    const { revokePartage } = await import('../../functions/partage/routes');
    const { tokenOf } = await import('../../functions/partage/token');
    const out = await revokePartage({ body: { id }, auth: admin } as never);
    expect(out.revoque_le).toBeTruthy();
    expect(out.url).toBe(`https://ganaar.example/p/${await tokenOf(id)}`);
    const tx = doc.commandCalls(TransactWriteCommand);
    expect(tx).toHaveLength(1);
    expect(awsRest).toHaveBeenCalledTimes(1);
    const req = awsRest.mock.calls[0][0];
    expect(req).toMatchObject({ method: 'POST', origin: 'https://cloudfront.amazonaws.com', region: 'us-east-1', service: 'cloudfront' });
    expect(req.segments).toEqual(['2020-05-31', 'distribution', 'E2ABCDEF', 'invalidation']);
    expect(req.body).toMatch(
      new RegExp(
        `^<\\?xml version="1.0" encoding="UTF-8"\\?><InvalidationBatch xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Paths><Quantity>1</Quantity><Items><Path>/p/${await tokenOf(id)}</Path></Items></Paths><CallerReference>[0-9a-f-]{36}</CallerReference></InvalidationBatch>$`,
      ),
    );
  });

  it('keeps the revoke when CloudFront refuses (the page lives at most s-maxage), and sends nothing without a distribution', async () => {
    const id = 'BBBBBBBBBBBBBBBBBBBBBB';
    doc.on(GetCommand).resolves({ Item: link(id) });
    doc.on(TransactWriteCommand).resolves({});
    process.env.DISTRIBUTION_ID = 'E2ABCDEF';
    awsRest.mockResolvedValue({ status: 400, headers: {}, body: '<ErrorResponse><Error><Code>TooManyInvalidationsInProgress</Code></Error></ErrorResponse>' });
    let { revokePartage } = await import('../../functions/partage/routes');
    expect((await revokePartage({ body: { id }, auth: admin } as never)).revoque_le).toBeTruthy();

    expect(awsRest).toHaveBeenCalledTimes(1);

    vi.resetModules();
    awsRest.mockReset();
    delete process.env.DISTRIBUTION_ID;
    ({ revokePartage } = await import('../../functions/partage/routes'));
    expect((await revokePartage({ body: { id }, auth: admin } as never)).revoque_le).toBeTruthy();
    expect(awsRest).not.toHaveBeenCalled();
  });

  it('an already revoked link is answered as it is: no second write, no second invalidation', async () => {
    process.env.DISTRIBUTION_ID = 'E2ABCDEF';
    const id = 'CCCCCCCCCCCCCCCCCCCCCC';
    doc.on(GetCommand).resolves({ Item: { ...link(id), revoque_le: '2026-11-21T08:00:00.000Z', revoque_par: { id: 1, nom: 'Awa Diop' } } });
    const { revokePartage } = await import('../../functions/partage/routes');
    expect((await revokePartage({ body: { id }, auth: admin } as never)).revoque_le).toBe('2026-11-21T08:00:00.000Z');
    expect(doc.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(awsRest).not.toHaveBeenCalled();
  });
});

describe('the page CSP', () => {
  it("allows the page's one style by its hash, and no script", () => {
    expect(PAGE_STYLE_SHA256).toBe(`sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}`);
    expect(PAGE_CSP).toContain(`style-src '${PAGE_STYLE_SHA256}'`);
    expect(PAGE_CSP).toContain("default-src 'none'");
    expect(PAGE_CSP).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
  });
});
