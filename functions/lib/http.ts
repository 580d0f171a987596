// The one way a domain Lambda is built: middy + @middy/http-router over that domain's rows of
// the route table. For each request: XSRF check, authentication and the row's right, JSON body
// and path parameters validated with the row's zod schemas, then the thin route function.
// Every error leaves through one middleware as `{ code, message }`.
import middy from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ZodType } from 'zod';
import { routesOf, type Domain, type RouteRow } from '../../shared/api/routes';
import { MSG } from '../../shared/messages';
import { hasRight, type RightCode, type Rights, type Role } from '../../shared/rights';
import { AppError, badRequest, forbidden, notFound, unauthorized } from './errors';
import { verifyToken } from './tokens';
import { loadSession } from './repo/sessions';
import type { UserItem } from './repo/users';
import { config } from './config';

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

function json(status: number, body: unknown, cookies: string[] = []): HttpResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body ?? null),
    ...(cookies.length ? { cookies } : {}),
  };
}

export function parseCookies(event: HttpEvent): Record<string, string> {
  const out: Record<string, string> = {};
  const list = event.cookies ?? (event.headers?.cookie ? event.headers.cookie.split(';') : []);
  for (const c of list) {
    const i = c.indexOf('=');
    if (i > 0) out[c.slice(0, i).trim()] = decodeURIComponent(c.slice(i + 1).trim());
  }
  return out;
}

function firstIssue(schema: ZodType, value: unknown): { ok: true; data: unknown } | { ok: false; message: string } {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, data: r.data };
  const issue = r.error.issues[0];
  const field = issue.path.length ? `« ${issue.path.join('.')} » : ` : '';
  return { ok: false, message: `Requête invalide : ${field}${issue.message}` };
}

function readJsonBody(event: HttpEvent): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new AppError(413, MSG.payloadTooLarge);
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
  const { user, revoked } = await loadSession(claims.tenantId, claims.userId, claims.jti);
  if (revoked || !user || user.actif === false) throw unauthorized();
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
    // Rights come from the user's stored rights, never from the `droit` header the client sends.
    if (row.access !== 'auth') {
      const codes: readonly RightCode[] = Array.isArray(row.access) ? row.access : [row.access as RightCode];
      if (!codes.some((code) => hasRight(auth!.role, auth!.rights, code))) throw forbidden();
    }
  }
  let params: unknown = event.pathParameters ?? {};
  if (row.params) {
    const r = firstIssue(row.params, params);
    if (!r.ok) throw badRequest(r.message);
    params = r.data;
  }
  let body: unknown = undefined;
  if (row.method !== 'GET') {
    body = readJsonBody(event);
    if (row.body) {
      const r = firstIssue(row.body, body);
      if (!r.ok) throw badRequest(r.message);
      body = r.data;
    }
  }
  const ctx = {
    body,
    params,
    query: event.queryStringParameters ?? {},
    headers: event.headers ?? {},
    cookies,
    auth,
    row,
  } as RouteContext;
  const out = await fn(ctx);
  if (out instanceof Reply) return json(out.status, out.body, out.cookies);
  return json(200, out);
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
      // Anything else is a defect: log it (never the body, which may hold secrets) and answer 500.
      console.error(
        JSON.stringify({
          level: 'error',
          routeKey: request.event?.routeKey,
          error: (err as Error)?.name,
          message: (err as Error)?.message,
          stack: (err as Error)?.stack,
        }),
      );
      request.response = json(500, { code: 500, message: MSG.serverError });
    },
  };
}

/** Builds the Lambda handler of one domain from its rows of the route table. */
export function createDomainHandler(domain: Domain, fns: RouteFns) {
  config(); // cold start: fail loudly on missing configuration
  const rows = routesOf(domain);
  for (const row of rows) {
    if (!fns[row.name]) throw new Error(`Route function ${domain}.${row.name} is missing for ${row.method} ${row.path}`);
  }
  const router = httpRouterHandler({
    routes: rows.map((row) => ({
      method: row.method,
      path: row.path,
      handler: (event: HttpEvent) => runRoute(row, fns[row.name], event),
    })),
    notFoundResponse: () => {
      throw notFound();
    },
  });
  return middy<HttpEvent, HttpResult>().use(errorMiddleware()).handler(router as never);
}
