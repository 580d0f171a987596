// Route-table-driven security: for EVERY row of shared/api/routes.ts (so this suite grows as rows
// are added), a protected row answers 401 to a missing, tampered, expired, `alg: none`, foreign
// or revoked token; a row guarded by a right answers 403 to a user without it; a POST row answers
// 400 with a French message to malformed JSON or wrong types; and none of these writes anything.
import { beforeAll, describe, expect, it } from 'vitest';
import { frenchOffences } from '../helpers/french-text';
import { inject } from 'vitest';
import { SignJWT, base64url } from 'jose';
import { defOf } from '../helpers/zod-arbitrary';
import { ROUTES, type RouteRow } from '@shared/api/routes';
import { RIGHT_CODES, type RightCode } from '@shared/rights';
import { call, newBusiness, operatorAccount, rightlessUser, tenantSnapshot, type Account } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';

const protectedRows = ROUTES.filter((r) => r.access !== 'public');
const rightRows = ROUTES.filter((r) => r.access !== 'public' && r.access !== 'auth');
// The operator's console: its own role, which no business user holds, even an admin.
const operatorRows = ROUTES.filter((r) => r.access === 'operator');
const businessRows = ROUTES.filter((r) => r.access !== 'public' && r.access !== 'auth' && r.access !== 'operator');
// Raw rows (webhooks, uploads) parse their own bytes; their own tests cover malformed bodies.
const postRows = ROUTES.filter((r) => r.method === 'POST' && !r.raw);

/** A concrete path for a row: `{id}` → 1, `{proxy+}` → a January range (last year's). */
function concretePath(row: RouteRow): string {
  return row.path.replace(/\{\w+\+\}/g, `${pastDay('01-01')}/${pastDay('01-31')}`).replace(/\{\w+\}/g, '1');
}

/** A body whose every field has a wrong type for the row's schema. */
function wrongTypes(row: RouteRow): Record<string, unknown> {
  const shape = row.body ? (defOf(row.body).shape as Record<string, unknown> | undefined) : undefined;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape ?? { x: 1 })) out[key] = [[{ wrong: true }]];
  return out;
}

/**
 * A refusal a farmer can read: a sentence, none of the French-text checker's offenders (English,
 * unaccented or technical words, schema wording) and no English of a validation library.
 */
function looksFrench(message: unknown): boolean {
  return (
    typeof message === 'string' &&
    message.length > 5 &&
    frenchOffences(message, { technical: true }).length === 0 &&
    !/\b(the|is|must|expected|received|required|invalid|string|number|undefined|null)\b/i.test(message.replace(/\b(invalide|requise?)\b/gi, ''))
  );
}

let admin: Account;
let noRights: { token: string };
let revokedToken: string;
let expiredToken: string;
let algNoneToken: string;
let foreignToken: string;
let operator: { token: string };
/** Per right row: a user holding every right but the row's, and one holding only the row's (first) right. */
const allBut = new Map<string, { token: string }>();
const onlyIt = new Map<string, { token: string }>();

const rowCodes = (row: RouteRow): readonly RightCode[] => (Array.isArray(row.access) ? row.access : [row.access as RightCode]);
const setKey = (codes: readonly string[]) => [...codes].sort().join(',');
/** A row's rights: its access and, for a row whose write moves two domains' items, the rights it also needs. */
const rowKey = (row: RouteRow) => setKey(rowCodes(row)) + (row.alsoNeeds?.length ? `+${setKey(row.alsoNeeds)}` : '');
/** Per row that also needs other rights: a user holding its access right only. */
const withoutAlso = new Map<string, { token: string }>();

beforeAll(async () => {
  admin = await newBusiness();
  noRights = await rightlessUser(admin);
  // One user per distinct right set of the table (role production: rights only from the grant).
  let nextId = 200;
  for (const row of businessRows) {
    const codes = rowCodes(row);
    const key = rowKey(row);
    if (allBut.has(key)) continue;
    const others = Object.fromEntries(RIGHT_CODES.filter((c) => !codes.includes(c)).map((c) => [c, 'r' as const]));
    allBut.set(key, await rightlessUser(admin, nextId++, others));
    const also = Object.fromEntries((row.alsoNeeds ?? []).map((c) => [c, 'r' as const]));
    onlyIt.set(key, await rightlessUser(admin, nextId++, { [codes[0]]: 'r', ...also }));
    if (row.alsoNeeds?.length) withoutAlso.set(key, await rightlessUser(admin, nextId++, { [codes[0]]: 'r' }));
  }
  operator = await operatorAccount();
  const other = await newBusiness();
  // A second session, revoked by logout.
  const l = await call('POST', '/api/login', { username: other.email, password: (await import('../helpers/api')).sha256(other.password) });
  revokedToken = l.body.token;
  expect((await call('GET', '/api/logout', undefined, { token: revokedToken })).status).toBe(200);
  const secret = new TextEncoder().encode(inject('jwtSecret'));
  const now = Math.floor(Date.now() / 1000);
  expiredToken = await new SignJWT({ ent: admin.tenantId, role: 'admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('1')
    .setIssuer('ganaar')
    .setJti('expired-jti')
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 60)
    .sign(secret);
  algNoneToken =
    base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' })) +
    '.' +
    base64url.encode(JSON.stringify({ sub: '1', ent: admin.tenantId, role: 'admin', iss: 'ganaar', jti: 'none', exp: now + 3600 })) +
    '.';
  // Well signed, but naming a user that does not exist in that business.
  foreignToken = await new SignJWT({ ent: admin.tenantId, role: 'admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('4242')
    .setIssuer('ganaar')
    .setJti('foreign-jti')
    .setExpirationTime(now + 3600)
    .sign(secret);
});

function tampered(token: string): string {
  const [h, p, s] = token.split('.');
  const payload = JSON.parse(new TextDecoder().decode(base64url.decode(p)));
  payload.ent = payload.ent + 1;
  return `${h}.${base64url.encode(JSON.stringify(payload))}.${s}`;
}

async function send(row: RouteRow, token: string | undefined, body?: unknown, raw?: string) {
  return call(row.method, concretePath(row), row.method === 'POST' ? (body ?? {}) : undefined, {
    token,
    raw: row.method === 'POST' ? raw : undefined,
    headers: { droit: 'bandav:r' },
  });
}

describe.each(protectedRows.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_key, row) => {
  it('answers 401 to a missing, tampered, expired, alg:none, foreign or revoked token, and writes nothing', async () => {
    const before = await tenantSnapshot(admin.tenantId);
    const cases: [string, string | undefined][] = [
      ['missing', undefined],
      ['tampered', tampered(admin.token)],
      ['expired', expiredToken],
      ['alg none', algNoneToken],
      ['foreign user', foreignToken],
      ['revoked', revokedToken],
      ['garbage', 'not-a-jwt'],
    ];
    for (const [label, token] of cases) {
      const r = await send(row, token);
      expect(r.status, `${label} token`).toBe(401);
      expect(r.body.code, label).toBe(401);
      expect(looksFrench(r.body.message), label).toBe(true);
    }
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
  });
});

describe.each(rightRows.map((r) => [`${r.method} ${r.path} (${r.access})`, r] as const))('%s', (_key, row) => {
  it('answers 403 to a signed-in user without the right, and writes nothing', async () => {
    const before = await tenantSnapshot(admin.tenantId);
    const r = await send(row, noRights.token);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 403, message: "Vous n'avez pas le droit d'effectuer cette opération." });
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
  });
});

describe.each(businessRows.map((r) => [`${r.method} ${r.path} (${String(r.access)})`, r] as const))('%s', (_key, row) => {
  it('answers 403 to a user holding every right but the one required, and writes nothing', async () => {
    const before = await tenantSnapshot(admin.tenantId);
    const r = await send(row, allBut.get(rowKey(row))!.token);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 403, message: "Vous n'avez pas le droit d'effectuer cette opération." });
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
  });

  it('lets a user holding only that right (and those it also needs) through (neither 401 nor 403, never 5xx)', async () => {
    const r = await send(row, onlyIt.get(rowKey(row))!.token);
    expect([401, 403]).not.toContain(r.status);
    expect(r.status).toBeLessThan(500);
  });
});

// Rows whose write moves two domains' items (a flock's eggs sent to a shop product) need
// both rights: the access right alone answers 403 and writes nothing.
const alsoRows = businessRows.filter((r) => r.alsoNeeds?.length);
describe.each(alsoRows.map((r) => [`${r.method} ${r.path} (${String(r.access)} + ${r.alsoNeeds!.join(', ')})`, r] as const))('%s', (_key, row) => {
  it('answers 403 to a user holding the access right but not the rights it also needs, and writes nothing', async () => {
    const before = await tenantSnapshot(admin.tenantId);
    const r = await send(row, withoutAlso.get(rowKey(row))!.token);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 403, message: "Vous n'avez pas le droit d'effectuer cette opération." });
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
  });
});

describe.each(operatorRows.map((r) => [`${r.method} ${r.path} (operator)`, r] as const))('%s', (_key, row) => {
  it("answers 403 to a business's admin (who holds every business right), and writes nothing", async () => {
    const before = await tenantSnapshot(admin.tenantId);
    const r = await send(row, admin.token, { id_entreprise: admin.tenantId, action: 'suspendre', motif: 'essai' });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 403, message: "Vous n'avez pas le droit d'effectuer cette opération." });
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
  });
});

describe.each(businessRows.map((r) => [`${r.method} ${r.path} (as the operator)`, r] as const))('%s', (_key, row) => {
  it("answers 403 to the operator's account: it sees no business's data", async () => {
    const r = await send(row, operator.token);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(403);
  });
});

describe.each(postRows.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_key, row) => {
  it('answers 400 in French to malformed JSON or wrong types, and writes nothing', async () => {
    const token = row.access === 'public' ? undefined : row.access === 'operator' ? operator.token : admin.token;
    const before = await tenantSnapshot(admin.tenantId);
    for (const raw of ['{"oops":', '[1,2,3]', '"text"', 'null']) {
      const r = await send(row, token, undefined, raw);
      expect(r.status, raw).toBe(400);
      expect(r.body.message, raw).toBe('Requête invalide : le corps doit être un objet JSON valide.');
    }
    if (row.body) {
      const r = await send(row, token, wrongTypes(row));
      expect(r.status).toBe(400);
      expect(looksFrench(r.body.message), r.body.message).toBe(true);
      const empty = await send(row, token, {});
      expect(empty.status).toBe(400);
      expect(looksFrench(empty.body.message), empty.body.message).toBe(true);
    }
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
  });
});

describe('the route table itself', () => {
  it('has unique method+path rows, API Gateway paths, and a schema on every POST', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of ROUTES) {
      expect(r.path).toMatch(/^\/(api|admin|p)(\/[\w{}+-]*)*$/);
      if (r.method === 'POST' && !r.raw) expect(r.body, `${r.method} ${r.path} needs a body schema`).toBeDefined();
    }
  });

  it('answers 404 in French for a path that is not in the table', async () => {
    const r = await call('GET', '/api/nexistepas', undefined, { token: admin.token });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Ressource introuvable.');
  });
});
