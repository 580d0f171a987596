// The API side of the local server: a request under /api or /admin is matched against the route
// table, refused here when API Gateway would refuse it (no route, broken path, body too large,
// DynamoDB Local down), else handed to its domain's handler as a Lambda event.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ROUTES, type Domain } from '@shared/api/routes';
import { MSG } from '@shared/messages/acces';
import { compileRoutes, matchRoute } from './routing';
import { BodyTooLarge, MAX_BODY_BYTES, buildEvent, readBody } from './lambda-event';
import { refuseUnread } from './responses';

type Handler = (event: APIGatewayProxyEventV2, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;

/** Loads the domain handlers lazily: the configuration must be in the environment first. */
function handlerLoader() {
  const cache = new Map<Domain, Promise<Handler>>();
  return (domain: Domain): Promise<Handler> => {
    let p = cache.get(domain);
    if (!p) {
      p = import(`../../../functions/${domain}/handler.ts`).then((m) => m.handler as Handler);
      cache.set(domain, p);
    }
    return p;
  };
}

export interface LocalApi {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** API calls still running: a stop waits for them (a client may have gone, the handler has not). */
  inflight(): number;
}

/**
 * `unavailable` says why the API cannot answer now (DynamoDB Local restarting or gone), else null;
 * every 5xx a handler answers is pushed onto `serverErrors`.
 */
export function createLocalApi(unavailable: () => string | null, serverErrors: string[]): LocalApi {
  const routes = compileRoutes(ROUTES);
  const loadHandler = handlerLoader();
  let inflight = 0;

  async function answer(req: IncomingMessage, res: ServerResponse, url: URL) {
    const down = unavailable();
    if (down) return refuseUnread(req, res, 503, { code: 503, message: down });
    const match = matchRoute(routes, req.method ?? 'GET', url.pathname);
    if (!match) return refuseUnread(req, res, 404, { code: 404, message: MSG.notFound });
    if (match.malformed) return refuseUnread(req, res, 400, { code: 400, message: MSG.badPath });
    let body: Buffer;
    try {
      body = await readBody(req, match.row.maxBodyBytes ?? MAX_BODY_BYTES);
    } catch (err) {
      if (err instanceof BodyTooLarge)
        return refuseUnread(req, res, 413, { code: 413, message: MSG.payloadTooLarge(match.row.maxBodyBytes ?? MAX_BODY_BYTES) });
      throw err;
    }
    const event = buildEvent(req, url, match.row, match.params, body);
    const handler = await loadHandler(match.row.domain);
    const out = await handler(event, { awsRequestId: event.requestContext.requestId, getRemainingTimeInMillis: () => 30_000 });
    const headers: Record<string, string | string[]> = { ...(out.headers as Record<string, string>) };
    if (out.cookies?.length) headers['set-cookie'] = out.cookies;
    if ((out.statusCode ?? 200) >= 500) serverErrors.push(`${req.method} ${url.pathname} → ${out.statusCode}`);
    res.writeHead(out.statusCode ?? 200, headers);
    res.end(out.body ? (out.isBase64Encoded ? Buffer.from(out.body, 'base64') : out.body) : undefined);
  }

  return {
    async handle(req, res, url) {
      inflight++;
      try {
        await answer(req, res, url);
      } finally {
        inflight--;
      }
    },
    inflight: () => inflight,
  };
}
