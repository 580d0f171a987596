// HTTP helpers for API tests: every test file signs up its own business (a fresh tenant), so
// files run in parallel and a leak between tenants shows up as a failure.
import { expect, inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { sha256 } from '../../infra/local/seed';
import { WRITE_JOURNAL_PATH } from '../../infra/local/write-journal';

/** The client's password hashing (SHA-256 hex), as the demo seed does it. */
export { sha256 };

export function baseUrl(): string {
  return inject('baseUrl');
}

/**
 * Headers of a request that reached the API through CloudFront from client address `ip`
 * (functions/lib/client-ip.ts): per-IP limits then count that address, not the test machine's.
 */
export function viaCloudFront(ip: string): Record<string, string> {
  return { 'x-ganaar-origin-verify': inject('originSecret'), 'x-ganaar-client-ip': ip };
}

// The counter lives on globalThis, not in this module: the files of a worker share its process (and
// pid) and get this module afresh each (tests/helpers/per-file.ts), so a module counter would hand
// the next file the addresses, and the per-IP quotas, the previous file already used.
const ips = globalThis as typeof globalThis & { __ganaarIpCounter?: number };

/**
 * A distinct client address per call, from the IPv6 documentation prefix (2001:db8::/32, RFC 3849):
 * only ever a header value, never a destination.
 */
export function testIp(): string {
  const n = (ips.__ganaarIpCounter = (ips.__ganaarIpCounter ?? 0) + 1);
  return `2001:db8:${(process.pid % 65536).toString(16)}:${(n % 65536).toString(16)}::${Math.floor(n / 65536).toString(16)}`;
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Raw body text, sent as is (for malformed JSON tests). */
  raw?: string;
}

export async function call<T = any>(method: string, path: string, body?: unknown, opts: CallOptions = {}): Promise<Res<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let payload: string | undefined;
  if (opts.raw !== undefined) payload = opts.raw;
  else if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${baseUrl()}${path}`, { method, headers, body: payload });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* keep text */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export const get = <T = any>(path: string, token?: string, headers?: Record<string, string>) => call<T>('GET', path, undefined, { token, headers });
export const post = <T = any>(path: string, body: unknown, token?: string, headers?: Record<string, string>) => call<T>('POST', path, body, { token, headers });

export interface Account {
  email: string;
  password: string;
  token: string;
  user: any;
  tenantId: number;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@test.ganaar.sn`;
}

export function signupPayload(overrides: Record<string, unknown> = {}) {
  return {
    prenom: 'moussa',
    nom: 'ndiaye',
    email: uniqueEmail(),
    password: sha256('secret123'),
    telephone: '771112233',
    pays: 'Senegal',
    entreprise: 'Ferme Test',
    ...overrides,
  };
}

/** Signs up a fresh business and logs its admin in. */
export async function newBusiness(overrides: Record<string, unknown> = {}): Promise<Account> {
  const payload = signupPayload(overrides);
  const s = await post('/api/inscription', payload);
  if (s.status !== 200) throw new Error(`signup failed: ${s.status} ${JSON.stringify(s.body)}`);
  const l = await post('/api/login', { username: payload.email, password: payload.password });
  if (l.status !== 200) throw new Error(`login failed: ${l.status} ${JSON.stringify(l.body)}`);
  return { email: payload.email, password: 'secret123', token: l.body.token, user: l.body.user, tenantId: l.body.user.id_entreprise };
}

/** A POST that must be accepted: its body, or the test fails naming the path and the answer. */
export async function postOk<T = any>(path: string, body: unknown, a: Account): Promise<T> {
  const r = await post(path, body, a.token);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
}

/** Last mail sent to an address, from the local outbox. */
export function lastMailTo(to: string): { to: string; subject: string; text: string } | null {
  const dir: string = inject('outboxDir');
  const files = readdirSync(dir).sort();
  for (let i = files.length - 1; i >= 0; i--) {
    const m = JSON.parse(readFileSync(join(dir, files[i]), 'utf8'));
    if (m.to === to) return m;
  }
  return null;
}

/** Direct table access, for tests that check nothing was written, or that set up edge states. */
export function rawDdb(): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    endpoint: inject('dynamoEndpoint'),
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return DynamoDBDocumentClient.from(client);
}

export function tableName(): string {
  return inject('tableName');
}

/**
 * Adds a staff user to a business straight into the table (user management is a later issue)
 * and logs it in. Role `production` (or the one given) with only the rights given (none by default).
 */
export async function rightlessUser(
  acc: Account,
  userId = 99,
  droits: Record<string, 'r' | ''> = {},
  role = 'production',
): Promise<{ email: string; token: string }> {
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { hashPassword } = await import('../../functions/lib/password');
  const email = uniqueEmail('norights');
  const password = sha256('secret123');
  const now = new Date().toISOString();
  await rawDdb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        PK: `ENT#${acc.tenantId}`,
        SK: `USER#${userId}`,
        type: 'USER',
        id: userId,
        tenantId: acc.tenantId,
        prenom: 'sans',
        nom: 'droit',
        email,
        role,
        droits,
        passwordHash: await hashPassword(password),
        entreprise: 'x',
        idBoutique: null,
        actif: true,
        createdAt: now,
      },
    }),
  );
  await rawDdb().send(
    new PutCommand({ TableName: tableName(), Item: { PK: `EMAIL#${email}`, SK: 'EMAIL', type: 'EMAIL_LOCK', tenantId: acc.tenantId, userId } }),
  );
  const l = await post('/api/login', { username: email, password });
  if (l.status !== 200) throw new Error(`rightless login failed: ${l.status}`);
  return { email, token: l.body.token };
}

/**
 * What the handlers wrote to a business so far, to prove that a refused call wrote nothing: two
 * snapshots differ when any item of `ENT#<tenantId>` or `ENT#<tenantId>#…` was written in between,
 * even with the value it already had. Read from the test stack's write journal
 * (infra/local/write-journal.ts), which records every successful write of the handlers' DynamoDB
 * client; a Scan of the whole shared table did this before (seconds per call late in a run).
 * One JSON line per item written: `{"seq":…,"op":"PutCommand","PK":"ENT#5","SK":"BANDE#1"}`.
 */
export async function tenantSnapshot(tenantId: number, { requestsOnly = false }: { requestsOnly?: boolean } = {}): Promise<string> {
  const res = await fetch(`${baseUrl()}${WRITE_JOURNAL_PATH}?tenant=${encodeURIComponent(String(tenantId))}`);
  if (res.status !== 200) throw new Error(`write journal: ${res.status} ${await res.text()}`);
  const entries = (await res.json()) as Record<string, unknown>[];
  // requestsOnly: the writes of API requests, not those of the background processes (the payment
  // flow, the notifications' jobs), which land on their own schedule (JournalEntry.by).
  return JSON.stringify(entries.filter((e) => !(requestsOnly && e.by)).map((e) => JSON.stringify(e)));
}

/**
 * The SaaS operator's account, created by the documented command (`npm run operator:create`) run
 * against the test stack's table, then signed in.
 */
export async function operatorAccount(): Promise<{ email: string; password: string; token: string; user: any }> {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const email = uniqueEmail('operateur');
  const password = `op-${randomUUID().slice(0, 12)}`;
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'infra/ops/create-operator.ts', email, '--password', password], {
    env: { ...process.env, TABLE_NAME: tableName(), DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), AWS_REGION: 'eu-west-1' },
    timeout: 60_000,
  });
  const l = await post('/api/login', { username: email, password: sha256(password) });
  if (l.status !== 200) throw new Error(`operator login failed: ${l.status} ${JSON.stringify(l.body)}`);
  return { email, password, token: l.body.token, user: l.body.user };
}
