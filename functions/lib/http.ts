// The one way a domain Lambda is built: middy + @middy/http-router over that domain's rows of
// the route table. For each request: XSRF check, authentication and the row's right, JSON body
// and path parameters validated with the row's zod schemas, then the thin route function.
// Every error leaves through one middleware as `{ code, message }`.
import middy from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ZodType } from 'zod';
import type { RouteRow } from '../../shared/api/route-types';
import { MSG } from '../../shared/messages/acces';
import { PAY_MSG } from '../../shared/messages/paiements';
import { fieldMessage } from '../../shared/messages/validation';
import { hasRight, type RightCode, type Rights, type Role } from '../../shared/rights';
import { AppError, badRequest, forbidden, notFound, unauthorized } from './errors';
import { jwtSecret, verifyToken } from './tokens';
import { secretString } from './secrets';
import { loadSession } from './repo/sessions';
import { OPERATOR_TENANT_ID } from './repo/keys';
import { assertSubscriptionWritable, gated } from './subscription-gate';
import type { UserItem } from './repo/users';
import { config } from './config';
import { clientIp } from './client-ip';
import { securityHeaders } from '../../shared/security-headers';
import { currentContext, runWithContext, type RequestContext } from './request-context';
import { errorFields, log } from './log';
import { recordRouteMetrics } from './route-metrics';
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
} from './idempotency';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

export interface AuthContext {
  tenantId: number;
  userId: number;
  role: Role;
  rights: Rights;
  user: UserItem;
  jti: string;
  exp: number;
}

export interface RouteContext<B = any, P = any> {
  body: B;
  params: P;
  query: Record<string, string | undefined>;
  headers: Record<string, string | undefined>;
  cookies: Record<string, string>;
  /** The exact bytes of the request body (empty for GET): webhook signatures, multipart uploads. */
  rawBody: Buffer;
  /**
   * The client's IP address, the subject of per-IP rate limits: the CloudFront viewer's address
   * when the request provably came through our CloudFront, else API Gateway's source address;
   * an IPv6 address is reduced to its /64 network (functions/lib/client-ip.ts).
   */
  sourceIp: string;
  /** Present on every non-public row. The tenant is always `auth.tenantId`, from the verified token. */
  auth: AuthContext;
  row: RouteRow;
}

export type PublicRouteContext<B = any, P = any> = Omit<RouteContext<B, P>, 'auth'> & { auth: AuthContext | null };

/** A route function returns a JSON-able value (sent with 200) or a full reply. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly cookies: string[] = [],
  ) {}
}

export type RouteFn = (ctx: RouteContext) => Promise<unknown>;
export type RouteFns = Record<string, RouteFn>;

const MAX_BODY_BYTES = 256 * 1024;

const API_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...securityHeaders('api') };

function json(status: number, body: unknown, cookies: string[] = []): HttpResult {
  return {
    statusCode: status,
    headers: { ...API_HEADERS },
    body: JSON.stringify(body ?? null),
    ...(cookies.length ? { cookies } : {}),
  };
}

/** The request's cookies; one whose value does not decode (`foo=%E0%A4%A`) is ignored, never a 5xx. */
function parseCookies(event: HttpEvent): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  const list = event.cookies ?? (event.headers?.cookie ? event.headers.cookie.split(';') : []);
  for (const c of list) {
    const i = c.indexOf('=');
    if (i <= 0) continue;
    try {
      out[c.slice(0, i).trim()] = decodeURIComponent(c.slice(i + 1).trim());
    } catch {
      // A browser may hold a cookie set by another app on the same host: not ours, not an error.
    }
  }
  return out;
}

/** A path parameter with a broken percent-escape (`%zz`, `%E0%A4%A`) is a malformed request. */
function malformedEscape(value: unknown): boolean {
  if (typeof value !== 'string' || !value.includes('%')) return false;
  try {
    decodeURIComponent(value);
    return false;
  } catch {
    return true;
  }
}

function firstIssue(schema: ZodType, value: unknown): { ok: true; data: unknown } | { ok: false; message: string } {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, data: r.data };
  const issue = r.error.issues[0];
  // The farmer's words (a refusal must say what to fix): the schema's own message, or a generic one after the field's
  // French label; never the payload's technical name.
  return { ok: false, message: fieldMessage(issue.path, issue.message) };
}

function rawBodyOf(event: HttpEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

function readJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  if (raw.length > MAX_BODY_BYTES) throw new AppError(413, MSG.payloadTooLarge(MAX_BODY_BYTES));
  const text = raw.toString('utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(MSG.badJson);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest(MSG.badJson);
  return value;
}

/** Double-submit XSRF check: when the browser holds our XSRF cookie, a mutating call must echo it. */
function checkXsrf(event: HttpEvent, cookies: Record<string, string>): void {
  const method = event.requestContext.http.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  const cookie = cookies['XSRF-TOKEN'];
  if (!cookie) return;
  const header = event.headers?.['x-xsrf-token'];
  if (header !== cookie) throw forbidden(MSG.xsrf);
}

async function authenticate(event: HttpEvent): Promise<AuthContext> {
  const header = event.headers?.authorization ?? '';
  const m = /^Bearer\s+(.+)$/i.exec(header);
  if (!m) throw unauthorized();
  const claims = await verifyToken(m[1].trim());
  // The user read here (one BatchGetItem with the revocation marker) also says whether the
  // session is older than the last password change: then only the session that made it survives.
  const { user, revoked } = await loadSession(claims.tenantId, claims.userId, claims.jti);
  if (revoked || !user || user.actif === false) throw unauthorized();
  if (claims.tokenVersion !== (user.tokenVersion ?? 0) && claims.jti !== user.keptJti) throw unauthorized();
  return {
    tenantId: user.tenantId,
    userId: user.id,
    role: user.role,
    rights: user.droits ?? {},
    user,
    jti: claims.jti,
    exp: claims.exp,
  };
}

async function runRoute(row: RouteRow, fn: RouteFn, event: HttpEvent): Promise<HttpResult> {
  const cookies = parseCookies(event);
  checkXsrf(event, cookies);
  let auth: AuthContext | null = null;
  if (row.access !== 'public') {
    auth = await authenticate(event);
    const logged = currentContext();
    if (logged) Object.assign(logged, { tenantId: auth.tenantId, userId: auth.userId });
    const operator = auth.role === 'super_admin' && auth.tenantId === OPERATOR_TENANT_ID;
    if (row.access === 'operator') {
      // The operator's console: only the operator account, never a business's admin.
      if (!operator) throw forbidden();
    } else if (row.access !== 'auth') {
      // The operator account owns no business: a business row has nothing for it.
      if (auth.tenantId === OPERATOR_TENANT_ID) throw forbidden(PAY_MSG.operatorNoBusinessData);
      // Rights come from the user's stored rights, never from the `droit` header the client sends.
      const codes: readonly RightCode[] = Array.isArray(row.access) ? row.access : [row.access as RightCode];
      if (!codes.some((code) => hasRight(auth!.role, auth!.rights, code))) throw forbidden();
    }
  }
  let params: unknown = event.pathParameters ?? {};
  if (Object.values(params as Record<string, unknown>).some(malformedEscape)) throw badRequest(MSG.badPath);
  if (row.params) {
    const r = firstIssue(row.params, params);
    if (!r.ok) throw badRequest(r.message);
    params = r.data;
  }
  let query: Record<string, string | undefined> = event.queryStringParameters ?? {};
  if (row.query) {
    const r = firstIssue(row.query, query);
    if (!r.ok) throw badRequest(r.message);
    query = r.data as Record<string, string | undefined>;
  }
  const rawBody = rawBodyOf(event);
  let body: unknown = undefined;
  // A `raw` row (webhook, upload) reads ctx.rawBody itself: its bytes must not be parsed first.
  if (row.method !== 'GET' && !row.raw) {
    body = readJsonBody(rawBody);
    if (row.body) {
      const r = firstIssue(row.body, body);
      if (!r.ok) throw badRequest(r.message);
      body = r.data;
    }
  }
  // An outbox replay (functions/lib/idempotency.ts): a key already used answers its first answer,
  // even if the subscription lapsed since (the write was accepted then).
  const idemKey = row.idempotent && auth ? idempotencyKeyOf(event.headers) : null;
  const scope = idemKey ? newScope(auth!.tenantId, auth!.userId, idemKey, fingerprintOf(row.method, row.path, rawBody)) : null;
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
  } as RouteContext;
  if (!scope) {
    const out = await fn(ctx);
    if (out instanceof Reply) return json(out.status, out.body, out.cookies);
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

function replayed(answer: StoredAnswer): HttpResult {
  const out = json(answer.status, answer.body);
  out.headers = { ...out.headers, 'idempotent-replayed': 'true' };
  return out;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const OVERLOAD_NAMES = new Set([
  'TimeoutError',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
]);

/** True for an AWS call that failed on the network or on the service's load, not on our request. */
export function storeUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; cause?: { code?: unknown } } | null;
  if (!e || typeof e !== 'object') return false;
  return NETWORK_CODES.has(String(e.code)) || NETWORK_CODES.has(String(e.cause?.code)) || OVERLOAD_NAMES.has(String(e.name));
}

function errorMiddleware(): middy.MiddlewareObj<HttpEvent, HttpResult> {
  return {
    onError: async (request) => {
      const err = request.error as unknown;
      if (err instanceof AppError) {
        request.response = json(err.status, { code: err.status, message: err.message });
        return;
      }
      const status = (err as { statusCode?: number })?.statusCode;
      if (status === 404) {
        request.response = json(404, { code: 404, message: MSG.notFound });
        return;
      }
      // The store unreachable or overloaded after the SDK's retries (a network failure, throttling,
      // DynamoDB's own 5xx; locally DynamoDB Local restarting): not a defect of ours, and the
      // caller may simply try again — 503, the same French sentence every time.
      if (storeUnavailable(err)) {
        log.warn('store unavailable', { routeKey: request.event?.routeKey, error: errorFields(err) });
        request.response = json(503, { code: 503, message: MSG.unavailable });
        return;
      }
      // Anything else is a defect: log it with its stack (never the body, which may hold secrets;
      // the message and stack are masked by functions/lib/log.ts) and answer 500.
      log.error('unhandled error', { routeKey: request.event?.routeKey, error: errorFields(err) });
      request.response = json(500, { code: 500, message: MSG.serverError });
    },
  };
}

let secretsAsked = false;

/**
 * In AWS the token secret and CloudFront's origin secret come from Secrets Manager, fetched once
 * per container (functions/lib/secrets.ts). A cold request needed them one after the other (the
 * token checked, then the client address); the first request of a container asks for both at
 * once, and each use then awaits its own cached answer (docs/decisions.md, "Performance budgets").
 * A failed fetch is not cached, so the request that needs the secret sees the failure as before.
 */
function askSecrets(): void {
  if (secretsAsked) return;
  secretsAsked = true;
  const cfg = config();
  if (!cfg.jwtSecret && cfg.jwtSecretArn) jwtSecret().catch(() => undefined);
  if (!cfg.originSecret && cfg.originSecretArn) secretString(cfg.originSecretArn).catch(() => undefined);
}

/**
 * Builds the Lambda handler of one domain from its rows of the route table
 * (`shared/api/routes/<domain>.ts`: only that domain's rows and schemas end up in its bundle).
 */
export function createDomainHandler(rows: readonly RouteRow[], fns: RouteFns) {
  config(); // cold start: fail loudly on missing configuration
  for (const row of rows) {
    if (!fns[row.name]) throw new Error(`Route function ${row.domain}.${row.name} is missing for ${row.method} ${row.path}`);
  }
  const router = httpRouterHandler({
    routes: rows.map((row) => ({
      method: row.method,
      path: row.path,
      handler: (event: HttpEvent) => {
        askSecrets();
        return runRoute(row, fns[row.name], event);
      },
    })),
    notFoundResponse: () => {
      throw notFound();
    },
  });
  const handle = middy<HttpEvent, HttpResult>()
    .use(errorMiddleware())
    .handler(router as never);
  const domain = rows[0]?.domain ?? 'unknown';
  // One log line per request, and its metrics, around everything the middlewares do.
  return (event: HttpEvent, context?: { awsRequestId?: string }): Promise<HttpResult> => {
    const requestId = event.requestContext?.requestId ?? context?.awsRequestId ?? 'unknown';
    const ctx: RequestContext = { domain, requestId, correlationId: correlationIdOf(event) ?? requestId };
    return runWithContext(ctx, async () => {
      const started = performance.now();
      const out = await handle(event, context as never);
      const status = out?.statusCode ?? 200;
      log.info('request', { routeKey: event.routeKey, status, durationMs: Math.round(performance.now() - started) });
      recordRouteMetrics(domain, event.routeKey, status, out?.headers?.['idempotent-replayed'] === 'true');
      return out;
    });
  };
}

/**
 * A caller may name the correlation id of its call (`x-correlation-id`, e.g. the smoke test, to
 * find its lines); anything but a short plain token is ignored (it goes into every log line).
 */
function correlationIdOf(event: HttpEvent): string | undefined {
  const given = event.headers?.['x-correlation-id'];
  return given && /^[A-Za-z0-9_-]{8,64}$/.test(given) ? given : undefined;
}
