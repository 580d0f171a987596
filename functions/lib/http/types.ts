// What a route function receives and may return, and the Lambda event and result types.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteRow } from '@shared/api/route-types';
import type { Rights, Role } from '@shared/rights';
import type { UserItem } from '../repo/utilisateurs';

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
  /** The row's read started beside the session check (withReadAhead), for `auth.tenantId`. */
  readAhead?: Promise<unknown>;
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

/**
 * A whole HTML page (the public page of a shared document, functions/partage): its status, its
 * markup and its own headers (Cache-Control); the page's security headers are added by runRoute.
 */
export class HtmlReply {
  constructor(
    readonly status: number,
    readonly html: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * A read a route's answer needs, that may start while the caller's session is still being read:
 * given the business of a token whose signature, issuer and expiry were checked, and the row's
 * validated path parameters. Nothing it reads is answered unless the session and the row's right
 * are then granted to that same business (functions/lib/http/run-route.ts).
 */
export type ReadAhead<P = any, R = unknown> = (tenantId: number, params: P) => Promise<R>;

export type RouteFn = ((ctx: RouteContext) => Promise<unknown>) & { readAhead?: ReadAhead };
export type RouteFns = Record<string, RouteFn>;

/**
 * A route whose main read goes out beside the session check instead of after it: one DynamoDB
 * round trip of a warm request hidden behind the other (docs/decisions/0393-batch-detail-read-ahead.md).
 * `fn` gets the read's promise: the one started early when the runner could, else the read now.
 */
export function withReadAhead<P, R, Out>(read: ReadAhead<P, R>, fn: (ctx: RouteContext<unknown, P>, read: Promise<R>) => Promise<Out>): RouteFn {
  const route: RouteFn = (ctx) => fn(ctx, (ctx.readAhead as Promise<R> | undefined) ?? read(ctx.auth.tenantId, ctx.params as P));
  route.readAhead = read as ReadAhead;
  return route;
}
