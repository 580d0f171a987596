// Helpers of the payment tests: the sandboxes' test controls, payments started through the API,
// waits on a payment's status, and direct reads/writes of a subscription for edge states.
import { createHmac, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { inject, vi } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { get, post, rawDdb, tableName } from '../helpers/api';

export async function sandbox<T = any>(which: 'wave' | 'om', method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const base = which === 'wave' ? inject('waveUrl') : inject('orangeMoneyUrl');
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

export function paymentSecrets(): { wave: { apiKey: string; webhookSecret: string }; orangeMoney: { callbackKey: string; merchantCode: string } } {
  return JSON.parse(readFileSync(inject('paymentSecretsFile'), 'utf8'));
}

/** A Senegalese mobile number nobody else in the run uses (the sandbox keys behaviours on it). */
export function snNumber(): string {
  return `77${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

export const sessionOf = (paymentLink: string) => paymentLink.split('/pay/')[1];

export interface StartedWave {
  id: number;
  sessionId: string;
  link: string;
}

export async function startWave(token: string, opts: { code_plan?: string; nb_mois?: number; numero?: string; pays?: 'sn' | 'ci' } = {}): Promise<StartedWave> {
  const r = await post(
    '/api/initMensualitePaiement',
    {
      code_plan: opts.code_plan ?? 'pro',
      nb_mois: opts.nb_mois ?? 1,
      service_pay: 'wave',
      info_pay: { numero: opts.numero ?? snNumber(), otp: '0000' },
      pays: opts.pays ?? 'sn',
      currency: 'XOF',
    },
    token,
    { droit: 'utav:r' },
  );
  if (r.status !== 200 || r.body.status !== 'PENDING' || !r.body.payment_link) throw new Error(`wave init: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.id_paiement, sessionId: sessionOf(r.body.payment_link), link: r.body.payment_link };
}

/**
 * Waits until a started payment's flow stores its wait's task token on it (the flow runs after the
 * start's answer): from then on nothing writes to the business until the payer or a webhook acts,
 * so a snapshot taken after it tells what a refused request wrote. Taken before it, the flow's own
 * write landed inside the window and read as a refused webhook's (seen once in CI).
 */
export async function flowWaits(tenantId: number, id: number): Promise<void> {
  const key = { PK: `ENT#${tenantId}`, SK: `PAIEMENT#${String(id).padStart(10, '0')}` };
  await vi.waitFor(
    async () => {
      const item = (await rawDdb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
      if (!item?.task_token) throw new Error('the payment flow has not stored its task token yet');
    },
    { timeout: 20_000, interval: 100 },
  );
}

export async function omOtp(national: string): Promise<string> {
  const r = await sandbox('om', 'POST', '/__sandbox/otp', { msisdn: `221${national}` });
  return r.body.otp;
}

export function initOm(token: string, numero: string, otp: string, body: Record<string, unknown> = {}) {
  return post(
    '/api/initMensualitePaiement',
    { code_plan: 'pro', nb_mois: 1, service_pay: 'orange_money', info_pay: { numero, otp }, pays: 'sn', currency: 'XOF', ...body },
    token,
    { droit: 'utav:r' },
  );
}

export async function paymentOf(token: string, id: number) {
  const r = await get(`/api/paiement/${id}`, token);
  if (r.status !== 200) throw new Error(`payment ${id}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Polls a payment until it leaves PENDING (or the deadline). */
export async function waitFinal(token: string, id: number, timeoutMs = 20_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const p = await paymentOf(token, id);
    if (p.status !== 'PENDING' || Date.now() > until) return p;
    await new Promise((r) => setTimeout(r, 150));
  }
}

export async function subscriptionOf(tenantId: number): Promise<{ plan: string; validUntil: string; trial: boolean; suspendu?: boolean }> {
  const out = await rawDdb().send(new GetCommand({ TableName: tableName(), Key: { PK: `ENT#${tenantId}`, SK: 'SUBSCRIPTION' }, ConsistentRead: true }));
  const { valid_until: validUntil, ...rest } = out.Item as any;
  return { ...rest, validUntil };
}

/** Puts a business's subscription in an edge state (expired, another plan…). */
export async function setSubscription(tenantId: number, sub: { plan: string; validUntil: string; trial?: boolean }) {
  await rawDdb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: `ENT#${tenantId}`, SK: 'SUBSCRIPTION' },
      UpdateExpression: 'SET #p = :p, valid_until = :u, trial = :t, GSI1SK = :g',
      ExpressionAttributeNames: { '#p': 'plan' },
      ExpressionAttributeValues: {
        ':p': sub.plan,
        ':u': sub.validUntil,
        ':t': sub.trial ?? false,
        ':g': `${sub.validUntil}#${String(tenantId).padStart(10, '0')}`,
      },
    }),
  );
}

/** Sets some fields of a business's subscription as they are stored (a raw write: what a payment long ago or a trial left). */
export async function patchSubscription(tenantId: number, fields: Record<string, unknown>) {
  const names = Object.keys(fields);
  await rawDdb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: `ENT#${tenantId}`, SK: 'SUBSCRIPTION' },
      UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
    }),
  );
}

export const daysFromNow = (days: number) => new Date(Date.now() + days * 86400_000).toISOString();

/** Signs a Wave webhook body as Wave does (the test knows the local secret). */
export function waveSignature(body: string, t = Math.floor(Date.now() / 1000)): string {
  const secret = paymentSecrets().wave.webhookSecret;
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}${body}`).digest('hex')}`;
}

/** POST from another loopback address (its own rate-limit bucket), answering the status. */
export function postFrom(localAddress: string, path: string, body: string, headers: Record<string, string> = {}): Promise<number> {
  const url = new URL(`${inject('baseUrl')}${path}`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
