// The one way a domain Lambda is built: a router over that domain's rows of the route table
// (router.ts). For each request: XSRF check, authentication and the row's right, JSON body and
// path parameters validated with the row's zod schemas, then the thin route function
// (run-route.ts). Every error leaves through one place as `{ code, message }` (error-mapping.ts).
// No middleware framework: loading middy cost every cold start more than these few lines
// (docs/decisions/0285-cold-start-plumbing.md).
import type { RouteRow } from '@shared/api/route-types';
import { notFound } from '../errors';
import { jwtSecret } from '../tokens';
import { secretString } from '../secrets';
import { config } from '../config';
import { runWithContext, type RequestContext } from '../request-context';
import { log } from '../log';
import { recordRouteMetrics } from '../route-metrics';
import { errorResponse } from './error-mapping';
import { createRouter } from './router';
import { runRoute } from './run-route';
import type { HttpEvent, HttpResult, RouteFns } from './types';

export {
  HtmlReply,
  Reply,
  type AuthContext,
  type HttpEvent,
  type HttpResult,
  type PublicRouteContext,
  type RouteContext,
  type RouteFn,
  type RouteFns,
  withReadAhead,
} from './types';
export { storeUnavailable } from './error-mapping';

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
  const route = createRouter(rows);
  const handle = async (event: HttpEvent): Promise<HttpResult> => {
    try {
      const match = route(event);
      if (!match) throw notFound();
      event.pathParameters = match.pathParameters;
      askSecrets();
      return await runRoute(match.row, fns[match.row.name], event);
    } catch (err) {
      return errorResponse(err, event);
    }
  };
  const domain = rows[0]?.domain ?? 'unknown';
  // One log line per request, and its metrics, around everything the request went through.
  return (event: HttpEvent, context?: { awsRequestId?: string }): Promise<HttpResult> => {
    const requestId = event.requestContext?.requestId ?? context?.awsRequestId ?? 'unknown';
    const ctx: RequestContext = { domain, requestId, correlationId: correlationIdOf(event) ?? requestId };
    return runWithContext(ctx, async () => {
      const started = performance.now();
      const out = await handle(event);
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
