// One request through its row: XSRF check, caller and rights, input validated, the idempotency
// key honoured (a replay answers the first answer), the lapsed-subscription gate, then the route
// function, whose value or Reply becomes the JSON answer.
import type { RouteRow } from '@shared/api/route-types';
import { AppError } from '../errors';
import { assertSubscriptionWritable, gated } from '../subscription-gate';
import { clientIp } from '../client-ip';
import {
  awaitFirstAnswer,
  fingerprintOf,
  idempotencyKeyOf,
  IdempotentReplay,
  newScope,
  priorAnswer,
  recordExists,
  runInScope,
  storeAnswer,
  type StoredAnswer,
} from '../idempotency';
import { authorize } from './auth';
import { checkXsrf, parseCookies, rawBodyOf, readInput } from './request';
import { html, json, replayed } from './response';
import { HtmlReply, Reply, type AuthContext, type HttpEvent, type HttpResult, type ReadAhead, type RouteContext, type RouteFn } from './types';

/**
 * The business a public idempotent row's key belongs to: the one its validated body names (the
 * storefront's order names its seller). A buyer's key never meets another seller's records.
 */
function publicTenantOf(body: unknown): number | null {
  const t = (body as { id_entreprise?: unknown } | undefined)?.id_entreprise;
  return typeof t === 'number' && Number.isSafeInteger(t) && t > 0 ? t : null;
}

/**
 * A row's read-ahead (types.ts withReadAhead): started once the token is verified, with its
 * business and the validated path parameters (invalid ones: no read, the refusal comes after the
 * session check as on any row). Its result is handed to the route only for that same business,
 * after the session and the right were granted; a refused request leaves it unread.
 */
function readAheadOf(read: ReadAhead, input: () => ReturnType<typeof readInput>) {
  let started: { tenantId: number; read: Promise<unknown> } | undefined;
  return {
    start(tenantId: number) {
      let params: unknown;
      try {
        params = input().params;
      } catch {
        return;
      }
      // Started on the next microtask: a read that throws at once fails as a promise, like any other.
      const pending = Promise.resolve().then(() => read(tenantId, params));
      // A request refused meanwhile never awaits it: its failure must not surface as unhandled.
      pending.catch(() => undefined);
      started = { tenantId, read: pending };
    },
    for: (auth: AuthContext | null) => (started && auth && auth.tenantId === started.tenantId ? started.read : undefined),
  };
}

export async function runRoute(row: RouteRow, fn: RouteFn, event: HttpEvent): Promise<HttpResult> {
  const cookies = parseCookies(event);
  checkXsrf(event, cookies);
  const rawBody = rawBodyOf(event);
  // Read once: the read-ahead takes the path parameters before the session check, the row after it
  // (a refusal thrown there is thrown again here, after the session's own).
  let input: ReturnType<typeof readInput> | undefined;
  const inputOnce = () => (input ??= readInput(row, event, rawBody));
  const ahead = fn.readAhead ? readAheadOf(fn.readAhead, inputOnce) : undefined;
  const auth = await authorize(row, event, ahead?.start);
  const { params, query, body } = inputOnce();
  // An outbox replay (functions/lib/idempotency.ts): a key already used answers its first answer,
  // even if the subscription lapsed since (the write was accepted then).
  // The operator's console is tenant 0: a number, not a missing business.
  const keyTenant = row.idempotent ? (auth ? auth.tenantId : publicTenantOf(body)) : null;
  const idemKey = keyTenant !== null ? idempotencyKeyOf(event.headers) : null;
  const scope = idemKey !== null && keyTenant !== null ? newScope(keyTenant, auth?.userId ?? 0, idemKey, fingerprintOf(row.method, row.path, rawBody)) : null;
  if (scope) {
    const prior = await priorAnswer(scope);
    if (prior) return replayed(prior);
  }
  // A valid request of a business whose subscription has lapsed: reads only (subscription-gate.ts).
  if (auth && gated(row)) await assertSubscriptionWritable(auth.tenantId);
  const ctx = {
    body,
    params,
    query,
    headers: event.headers ?? {},
    cookies,
    rawBody,
    sourceIp: await clientIp(event),
    auth,
    row,
    readAhead: ahead?.for(auth),
  } as RouteContext;
  if (!scope) {
    const out = await fn(ctx);
    if (out instanceof Reply) return json(out.status, out.body, out.cookies);
    if (out instanceof HtmlReply) return html(out);
    return json(200, out);
  }
  let answer: StoredAnswer;
  try {
    const out = await runInScope(scope, () => fn(ctx));
    answer = out instanceof Reply ? { status: out.status, body: out.body } : { status: 200, body: out };
  } catch (err) {
    if (err instanceof IdempotentReplay) return replayed(await awaitFirstAnswer(scope));
    // Refused by the route's own check while another copy of the same request was writing (the
    // whole creance repaid, the last units sold by that copy): the key's record is there, so the
    // write this copy stands for happened — it answers the first answer, not a refusal.
    if (!scope.committed && err instanceof AppError && (await recordExists(scope))) return replayed(await awaitFirstAnswer(scope));
    // Refused before anything was written: nothing to remember, a resend is evaluated afresh.
    if (!scope.committed || !(err instanceof AppError)) throw err;
    answer = { status: err.status, body: { code: err.status, message: err.message } };
  }
  const stored = await storeAnswer(scope, answer);
  return stored === answer ? json(answer.status, answer.body) : replayed(stored);
}
