// The embedded local stack: one origin serving the built SPA and the API. Requests under /api
// and /admin are matched against the route table and handed, as API Gateway v2 events, to the
// same domain handlers that run in Lambda. DynamoDB Local, s3rver and the mail outbox stand in
// for DynamoDB, S3 and SES.
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { createGzip } from 'node:zlib';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ROUTES, routeKey, type Domain, type RouteRow } from '../../shared/api/routes';
import { DEFAULT_TABLE_NAME } from '../../shared/table';
import { startDynamoLocal, LocalStackError, type DynamoLocal } from './dynamo';
import { ensureTable } from './table';
import { startS3, type S3Local } from './s3';

// Lambda runs Node 22 (infra/cdk); the SDK's notice that it will soon need Node 22 only adds a
// multi-line warning to a newcomer's first `npm start` on Node 20.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

type Handler = (event: APIGatewayProxyEventV2, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;

interface CompiledRoute {
  row: RouteRow;
  regex: RegExp;
  names: string[];
  specificity: number;
  literals: number;
}

/**
 * API Gateway picks the most specific route: literal segments beat {param}, which beats {proxy+};
 * between greedy routes the longer literal prefix wins. A greedy variable also takes an empty
 * rest (`/metrics/` reaches `/metrics/{proxy+}` in an HTTP API), while `{param}` never matches
 * an empty segment.
 */
export function compileRoutes(rows: readonly RouteRow[]): CompiledRoute[] {
  return rows
    .map((row) => {
      const names: string[] = [];
      let specificity = 0;
      let literals = 0;
      const pattern = row.path
        .split('/')
        .map((seg) => {
          const greedy = /^\{(\w+)\+\}$/.exec(seg);
          if (greedy) {
            names.push(greedy[1]);
            specificity -= 100;
            return '(.*)';
          }
          const param = /^\{(\w+)\}$/.exec(seg);
          if (param) {
            names.push(param[1]);
            specificity -= 1;
            return '([^/]+)';
          }
          if (seg) literals++;
          return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('/');
      return { row, regex: new RegExp(`^${pattern}$`), names, specificity, literals };
    })
    .sort((a, b) => b.specificity - a.specificity || b.literals - a.literals);
}

export function matchRoute(routes: CompiledRoute[], method: string, path: string) {
  for (const r of routes) {
    if (r.row.method !== method) continue;
    const m = r.regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    r.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1])));
    return { row: r.row, params };
  }
  return null;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StackOptions {
  port?: number;
  host?: string;
  /** null = everything in memory / temporary (tests). */
  dataDir?: string | null;
  webDist?: string | null;
  tableName?: string;
  /** Log each API call on stdout. */
  log?: boolean;
}

export interface Stack {
  url: string;
  port: number;
  dataDir: string;
  outboxDir: string;
  dynamoEndpoint: string;
  tableName: string;
  /** API answers with a 5xx status so far (a 5xx is always a defect: the test run fails on any). */
  serverErrors(): string[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(Object.assign(new Error('too large'), { code: 'TOO_LARGE' }));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function isTextual(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /json|text|xml|x-www-form-urlencoded/.test(contentType);
}

function buildEvent(req: IncomingMessage, url: URL, row: RouteRow, params: Record<string, string>, body: Buffer): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'cookie') continue;
    headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  }
  const cookies = req.headers.cookie ? req.headers.cookie.split(';').map((c) => c.trim()).filter(Boolean) : undefined;
  const query: Record<string, string> = {};
  url.searchParams.forEach((v, k) => (query[k] = query[k] ? `${query[k]},${v}` : v));
  const textual = isTextual(headers['content-type']);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: routeKey(row),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(row),
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
  } as APIGatewayProxyEventV2;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Loads the domain handlers lazily: the configuration must be in the environment first. */
function handlerLoader() {
  const cache = new Map<Domain, Promise<Handler>>();
  return (domain: Domain): Promise<Handler> => {
    let p = cache.get(domain);
    if (!p) {
      p = import(`../../functions/${domain}/handler.ts`).then((m) => m.handler as Handler);
      cache.set(domain, p);
    }
    return p;
  };
}

function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const persistent = opts.dataDir !== null && opts.dataDir !== undefined;
  const dataDir = persistent
    ? resolve(opts.dataDir as string)
    : join(process.cwd(), '.test-data', `run-${process.pid}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  const outboxDir = join(dataDir, 'outbox');
  mkdirSync(outboxDir, { recursive: true });
  const tableName = opts.tableName ?? DEFAULT_TABLE_NAME;

  const dynamo: DynamoLocal = await startDynamoLocal({ dataDir: persistent ? join(dataDir, 'dynamodb') : null });
  let s3: S3Local | undefined;
  try {
    await ensureTable(dynamo.endpoint, tableName);
    s3 = await startS3(join(dataDir, 's3'));
  } catch (err) {
    await dynamo.stop();
    throw err;
  }

  // The handlers read their configuration from the environment, exactly as in Lambda.
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    AWS_REGION: process.env.AWS_REGION || 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    S3_ENDPOINT: s3.endpoint,
    IMAGES_BUCKET: s3.bucket,
    JWT_SECRET: persistent ? persistentSecret(dataDir) : randomBytes(48).toString('base64url'),
    MAIL_OUTBOX_DIR: outboxDir,
    INSECURE_COOKIES: '1',
  });

  const routes = compileRoutes(ROUTES);
  const serverErrors: string[] = [];
  const loadHandler = handlerLoader();
  const webDist = opts.webDist === null ? null : resolve(opts.webDist ?? 'web/dist');

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const match = matchRoute(routes, req.method ?? 'GET', url.pathname);
    if (!match) return sendJson(res, 404, { code: 404, message: 'Ressource introuvable.' });
    let body: Buffer;
    try {
      body = await readBody(req, 10 * 1024 * 1024); // API Gateway's payload limit
    } catch {
      return sendJson(res, 413, { code: 413, message: 'Requête trop volumineuse.' });
    }
    const event = buildEvent(req, url, match.row, match.params, body);
    const handler = await loadHandler(match.row.domain);
    const started = Date.now();
    const out = await handler(event, { awsRequestId: event.requestContext.requestId, getRemainingTimeInMillis: () => 30_000 });
    const headers: Record<string, string | string[]> = { ...(out.headers as Record<string, string>) };
    if (out.cookies?.length) headers['set-cookie'] = out.cookies;
    if ((out.statusCode ?? 200) >= 500) serverErrors.push(`${req.method} ${url.pathname} → ${out.statusCode}`);
    res.writeHead(out.statusCode ?? 200, headers);
    res.end(out.body ? (out.isBase64Encoded ? Buffer.from(out.body, 'base64') : out.body) : undefined);
    if (opts.log) console.log(`${req.method} ${url.pathname} → ${out.statusCode} (${Date.now() - started} ms)`);
  }

  function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (!webDist || !existsSync(join(webDist, 'index.html'))) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end("L'interface n'est pas construite : lancez npm run build.");
      return;
    }
    let file = normalize(join(webDist, decodeURIComponent(url.pathname)));
    if (!file.startsWith(webDist) || !existsSync(file) || statSync(file).isDirectory()) file = join(webDist, 'index.html');
    const type = MIME[extname(file)] ?? 'application/octet-stream';
    const immutable = file.includes(`${join(webDist, 'assets')}`);
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    };
    const gzip = /gzip/.test(String(req.headers['accept-encoding'] ?? '')) && /text|javascript|json|svg/.test(type);
    if (gzip) headers['content-encoding'] = 'gzip';
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    const stream = createReadStream(file);
    (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const isApi = url.pathname.startsWith('/api/') || url.pathname.startsWith('/admin/') || url.pathname === '/api' || url.pathname === '/admin';
    const work = isApi ? handleApi(req, res, url) : Promise.resolve(serveStatic(req, res, url));
    work.catch((err) => {
      console.error('local server error', err);
      serverErrors.push(`${req.method} ${url.pathname} → 500 (${(err as Error)?.message})`);
      if (!res.headersSent) sendJson(res, 500, { code: 500, message: "Une erreur inconnue s'est produite au niveau du serveur, veuillez réessayer." });
      else res.end();
    });
  });

  const host = opts.host ?? '127.0.0.1';
  const port = await new Promise<number>((resolvePort, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') reject(new LocalStackError(`Le port ${opts.port} est déjà utilisé : arrêtez l'autre programme ou lancez avec PORT=3001 npm start.`));
      else reject(err);
    });
    server.listen(opts.port ?? 0, host, () => {
      const a = server.address();
      resolvePort(typeof a === 'object' && a ? a.port : 0);
    });
  }).catch(async (err) => {
    await s3?.stop();
    await dynamo.stop();
    throw err;
  });

  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    dataDir,
    outboxDir,
    dynamoEndpoint: dynamo.endpoint,
    tableName,
    serverErrors: () => [...serverErrors],
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections?.();
      await s3?.stop();
      await dynamo.stop();
    },
  };
}
