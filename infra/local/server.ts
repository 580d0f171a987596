// The embedded local stack: one origin serving the built SPA and the API. Requests under /api
// and /admin are matched against the route table and handed, as API Gateway v2 events, to the
// same domain handlers that run in Lambda. DynamoDB Local, s3rver and the mail outbox stand in
// for DynamoDB, S3 and SES.
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ROUTES, routeKey, type Domain, type RouteRow } from '../../shared/api/routes';
import { DEFAULT_TABLE_NAME } from '../../shared/table';
import { securityHeaders } from '../../shared/security-headers';
import { MSG } from '../../shared/messages/acces';
import { startDynamoLocal, LocalStackError, type DynamoLocal } from './dynamo';
import { ensureTable, runMigrations } from './table';
import { startS3, serveImage, type S3Local } from './s3';
import { startLocalPayments, type LocalPayments } from './payments';
import { resetLogSinkForTests, setLogFile } from '../../functions/lib/log';
import { setAwsCallLog } from '../../functions/lib/aws-calls';

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

/**
 * The row a request reaches and its decoded path parameters (API Gateway decodes them too).
 * `malformed` is set when a parameter holds a broken percent-escape (`%zz`): a 400, never a throw.
 */
export function matchRoute(routes: CompiledRoute[], method: string, path: string) {
  for (const r of routes) {
    if (r.row.method !== method) continue;
    const m = r.regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    let malformed = false;
    r.names.forEach((n, i) => {
      try {
        params[n] = decodeURIComponent(m[i + 1]);
      } catch {
        malformed = true;
      }
    });
    return malformed ? { row: r.row, params, malformed } : { row: r.row, params };
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
  /** Log each API call on stdout (LOG_REQUESTS=1): the JSON lines the Lambdas write in AWS. */
  log?: boolean;
  /** Append every log and metric line to this file instead (the tests read it). */
  logFile?: string;
  /** Record every AWS call of the handlers into this file (the IAM contract, functions/lib/aws-calls.ts). */
  awsCallLog?: string;
  /**
   * DynamoDB Local ended and could not be brought back (or, in memory, cannot be: its data is
   * gone). `npm start` exits with this French message; the API answers 503 meanwhile.
   */
  onFatal?: (message: string) => void;
}

export interface Stack {
  url: string;
  port: number;
  dataDir: string;
  outboxDir: string;
  dynamoEndpoint: string;
  tableName: string;
  /** The secret a request must carry for its `x-ganaar-client-ip` to be trusted, as CloudFront's in AWS (functions/lib/client-ip.ts). */
  originSecret: string;
  /** DynamoDB Local's Java process (tests stop it on purpose). */
  dynamoPid(): number | undefined;
  /** API answers with a 5xx status so far (a 5xx is always a defect: the test run fails on any). */
  serverErrors(): string[];
  close(): Promise<void>;
}

const MSG_DB_RESTARTING = 'La base de données locale redémarre, réessayez dans quelques secondes.';

/** API Gateway + Lambda answer 413 past this size (functions/lib/http.ts); so does the local server. */
export const MAX_BODY_BYTES = 256 * 1024;

class BodyTooLarge extends Error {}

/**
 * Reads a request body up to `limit` bytes. A larger declared length is refused before reading
 * anything, and a body that grows past the limit is abandoned at once (no more bytes are read), so
 * a client cannot make the server buffer megabytes it will refuse anyway.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return reject(new BodyTooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
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
  const cookies = req.headers.cookie
    ? req.headers.cookie
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean)
    : undefined;
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

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...securityHeaders('api'), ...extra });
  res.end(JSON.stringify(body));
}

/** How long a refused body may keep arriving (and be dropped) after the answer, before the connection is cut. */
const LINGER_MS = 2000;

/**
 * Answers a request whose body is refused or not wanted (404, malformed path, 413) without
 * reading that body into memory: what still arrives is dropped. Node closes such a connection
 * once the answer is sent; closing it outright would make the client's kernel answer our reset by
 * dropping the 413 before the client reads it, so the close lingers: our side is shut (FIN), what
 * the client still sends is dropped for at most LINGER_MS, then the socket is destroyed.
 */
function refuseUnread(req: IncomingMessage, res: ServerResponse, status: number, body: unknown) {
  const socket = req.socket as Socket;
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('end', () => {
      clearTimeout(timer);
      this.destroy();
    });
  };
  req.resume();
  sendJson(res, status, body, { connection: 'close' });
}

/** Folders of DATA_DIR are the owner's only (0700), even when they already existed. */
function privateDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
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
  const dataDir = privateDir(persistent ? resolve(opts.dataDir as string) : join(process.cwd(), '.test-data', `run-${process.pid}-${Date.now()}`));
  const outboxDir = privateDir(join(dataDir, 'outbox'));
  const tableName = opts.tableName ?? DEFAULT_TABLE_NAME;

  const dynamoDir = persistent ? privateDir(join(dataDir, 'dynamodb')) : null;
  let dynamo: DynamoLocal = await startDynamoLocal({ dataDir: dynamoDir });
  let s3: S3Local | undefined;
  let payments: LocalPayments | undefined;
  try {
    await ensureTable(dynamo.endpoint, tableName);
    await runMigrations(dynamo.endpoint, tableName);
    s3 = await startS3(privateDir(join(dataDir, 's3')));
    // Wave and Orange Money sandboxes, local Step Functions (their variables go into process.env).
    payments = await startLocalPayments({ dataDir, testing: !persistent });
  } catch (err) {
    await s3?.stop();
    await dynamo.stop();
    throw err;
  }

  const originSecret = randomBytes(32).toString('base64url');
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
    // Locally nothing stands in front of the server: only a caller holding this (tests) can say
    // which client address it acts for, as CloudFront does in AWS.
    ORIGIN_SECRET: originSecret,
    METRICS_NAMESPACE: 'Ganaar/local',
    ...(opts.log ? { LOG_REQUESTS: '1' } : {}),
  });
  resetLogSinkForTests();
  if (opts.logFile) setLogFile(opts.logFile);
  if (opts.awsCallLog) setAwsCallLog(opts.awsCallLog);

  // DynamoDB Local may die under the server (a kill, the OOM killer, a crash of Java): with data on
  // disk it is started again on the same port (the handlers' clients keep their endpoint) and the
  // API answers 503 meanwhile; in memory its data is gone, so the stack says so and stops serving.
  let dynamoDown: string | null = null;
  const restarts: number[] = [];
  const watchDynamo = (d: DynamoLocal) =>
    d.onUnexpectedExit((reason) => {
      if (closing) return;
      dynamoDown = MSG_DB_RESTARTING;
      console.error(`DynamoDB Local s'est arrêté (${reason}).`);
      if (!dynamoDir) return fatal(`DynamoDB Local s'est arrêté (${reason}) et ses données en mémoire sont perdues : relancez la pile.`);
      const now = Date.now();
      while (restarts.length && now - restarts[0] > 300_000) restarts.shift();
      if (restarts.length >= 3)
        return fatal(
          `DynamoDB Local s'est arrêté ${restarts.length + 1} fois en 5 minutes (${reason}) : Ganaar s'arrête. Vérifiez la mémoire libre et Java, puis relancez npm start.`,
        );
      restarts.push(now);
      void (async () => {
        try {
          dynamo = await startDynamoLocal({ dataDir: dynamoDir, port: Number(new URL(d.endpoint).port) });
          watchDynamo(dynamo);
          await ensureTable(dynamo.endpoint, tableName);
          dynamoDown = null;
          console.error('DynamoDB Local a redémarré ; les données sont intactes.');
        } catch (err) {
          fatal(`DynamoDB Local n'a pas pu redémarrer : ${(err as Error).message}`);
        }
      })();
    });
  let closing = false;
  const fatal = (message: string) => {
    dynamoDown = message;
    if (opts.onFatal) opts.onFatal(message);
    else console.error(message);
  };
  watchDynamo(dynamo);

  const routes = compileRoutes(ROUTES);
  const serverErrors: string[] = [];
  const loadHandler = handlerLoader();
  const webDist = opts.webDist === null ? null : resolve(opts.webDist ?? 'web/dist');

  // API calls still running: a stop waits for them (a client may have gone, the handler has not).
  let inflight = 0;
  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    inflight++;
    try {
      await answerApi(req, res, url);
    } finally {
      inflight--;
    }
  }

  async function answerApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (dynamoDown) return refuseUnread(req, res, 503, { code: 503, message: dynamoDown });
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

  /** The built file a path names, or null for a path that is malformed or leaves web/dist (400). */
  function staticFile(root: string, pathname: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const file = normalize(join(root, decoded));
    if (file !== root && !file.startsWith(root + sep)) return null;
    return file;
  }

  const packedFiles = new Map<string, { mtimeMs: number; body: Buffer }>();
  /** The gzip of a hashed build file, made at its first request (null when it cannot be read). */
  function gzipped(file: string): Buffer | null {
    try {
      const { mtimeMs } = statSync(file);
      const kept = packedFiles.get(file);
      if (kept && kept.mtimeMs === mtimeMs) return kept.body;
      const body = gzipSync(readFileSync(file));
      packedFiles.set(file, { mtimeMs, body });
      return body;
    } catch {
      return null;
    }
  }

  function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL) {
    const spaHeaders = securityHeaders('spa');
    if (!webDist || !existsSync(join(webDist, 'index.html'))) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', ...spaHeaders });
      res.end("L'interface n'est pas construite : lancez npm run build.");
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      req.resume();
      res.writeHead(405, { 'content-type': 'text/plain; charset=utf-8', allow: 'GET, HEAD', ...spaHeaders });
      res.end('Méthode non autorisée.');
      return;
    }
    let file = staticFile(webDist, url.pathname);
    if (file === null) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', ...spaHeaders });
      res.end('Requête invalide : adresse mal encodée.');
      return;
    }
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(webDist, 'index.html');
    const type = MIME[extname(file)] ?? 'application/octet-stream';
    const immutable = file.includes(`${join(webDist, 'assets')}`);
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...spaHeaders,
    };
    const gzip = /gzip/.test(String(req.headers['accept-encoding'] ?? '')) && /text|javascript|json|svg/.test(type);
    if (gzip) headers['content-encoding'] = 'gzip';
    // A built file is compressed once and kept (as CloudFront keeps its compressed copy): on a
    // page load the same process answers the API too, and compressing the 220 KB React chunk
    // at every visit took the CPU the page's own scripts and the handlers needed.
    const packed = gzip && immutable ? gzipped(file) : null;
    if (packed) headers['content-length'] = String(packed.length);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    if (packed) return res.end(packed);
    const stream = createReadStream(file);
    // A file removed under our feet (a rebuild) or a client gone: end this answer, nothing more.
    stream.on('error', () => res.destroy());
    (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
  }

  const server: Server = createServer((req, res) => {
    res.on('error', () => undefined); // a client that hangs up mid-answer is not our error
    req.on('error', () => undefined);
    void (async () => {
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
      } catch {
        return refuseUnread(req, res, 400, { code: 400, message: MSG.badPath });
      }
      const isApi = url.pathname.startsWith('/api/') || url.pathname.startsWith('/admin/') || url.pathname === '/api' || url.pathname === '/admin';
      try {
        if (isApi) await handleApi(req, res, url);
        // Product photos, read from the bucket as CloudFront's /images/* behaviour does in AWS.
        else if (url.pathname.startsWith('/images/')) await serveImage(s3!, req, res, url.pathname);
        else serveStatic(req, res, url);
      } catch (err) {
        console.error('local server error', err);
        serverErrors.push(`${req.method} ${url.pathname} → 500 (${(err as Error)?.message})`);
        if (!res.headersSent) sendJson(res, 500, { code: 500, message: MSG.serverError });
        else res.end();
      }
    })();
  });
  // Malformed HTTP (bad request line, oversized headers): answer 400 and drop the socket.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  const host = opts.host ?? '127.0.0.1';
  const port = await new Promise<number>((resolvePort, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE')
        reject(new LocalStackError(`Le port ${opts.port} est déjà utilisé : arrêtez l'autre programme ou lancez avec PORT=3001 npm start.`));
      else reject(err);
    });
    server.listen(opts.port ?? 0, host, () => {
      const a = server.address();
      resolvePort(typeof a === 'object' && a ? a.port : 0);
    });
  }).catch(async (err) => {
    await payments?.close();
    await s3?.stop();
    await dynamo.stop();
    throw err;
  });

  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  await payments.attach(url);

  return {
    url,
    port,
    dataDir,
    outboxDir,
    dynamoEndpoint: dynamo.endpoint,
    dynamoPid: () => dynamo.pid(),
    tableName,
    originSecret,
    serverErrors: () => [...serverErrors],
    close: async () => {
      closing = true;
      await new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections?.();
      for (const deadline = Date.now() + 10_000; inflight > 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
      await payments?.close();
      await s3?.stop();
      await dynamo.stop();
    },
  };
}
