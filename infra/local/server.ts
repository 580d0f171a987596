// The embedded local stack: one origin serving the built SPA and the API. Requests under /api,
// /admin and /p (shared documents' pages) are matched against the route table and handed, as API Gateway v2 events, to the
// same domain handlers that run in Lambda (gateway/). DynamoDB Local, s3rver and the mail outbox
// stand in for DynamoDB, S3 and SES. This file starts them, wires the HTTP server and stops them.
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_TABLE_NAME } from '@shared/table';
import { MSG } from '@shared/messages/acces';
import { startDynamoLocal, LocalStackError, type DynamoLocal } from './dynamo';
import { watchDynamoLocal } from './dynamo-watch';
import { ensureTable, runMigrations } from './table';
import { startS3, serveImage, type S3Local } from './s3';
import { startLocalPayments, type LocalPayments } from './payments';
import { startLocalPush, type LocalPush } from './push';
import { handleNotificationsHook } from './notifications-hook';
import { setHandlerEnv } from './handler-env';
import { createStaticFiles } from './static-files';
import { createLocalApi } from './gateway/api';
import { refuseUnread, sendJson } from './gateway/responses';
import { startWriteJournal } from './write-journal';
import { handlePasswordCost } from './password-cost';

export { compileRoutes, matchRoute } from './gateway/routing';
export { MAX_BODY_BYTES } from './gateway/lambda-event';

// Lambda runs Node 22 (infra/cdk); the SDK's notice that it will soon need Node 22 only adds a
// multi-line warning to a newcomer's first `npm start` on Node 20.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

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
  /**
   * Tests only (tests/helpers/stack-setup.ts): record every write of the handlers' DynamoDB client
   * and serve them by business at GET /__test/writes?tenant=N (infra/local/write-journal.ts).
   */
  writeJournal?: boolean;
  /**
   * Tests only: the scrypt cost (log2 N) of new password hashes, lower than production's 14, and
   * POST /__test/password-cost?log2n=N to change it (infra/local/password-cost.ts).
   */
  passwordCost?: number;
  /**
   * Tests only: POST /__test/notifications/matin runs the morning job for the businesses named
   * (infra/local/notifications-hook.ts), as the schedule does for every shard in AWS.
   */
  notificationsHook?: boolean;
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
  /** The push-service stand-in (infra/local/sandboxes/push.ts): what a phone would receive. */
  pushUrl: string;
  /** DynamoDB Local's Java process (tests stop it on purpose). */
  dynamoPid(): number | undefined;
  /** API answers with a 5xx status so far (a 5xx is always a defect: the test run fails on any). */
  serverErrors(): string[];
  close(): Promise<void>;
}

/** Folders of DATA_DIR are the owner's only (0700), even when they already existed. */
function privateDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const persistent = opts.dataDir !== null && opts.dataDir !== undefined;
  const dataDir = privateDir(persistent ? resolve(opts.dataDir as string) : join(process.cwd(), '.test-data', `run-${process.pid}-${Date.now()}`));
  const outboxDir = privateDir(join(dataDir, 'outbox'));
  const tableName = opts.tableName ?? DEFAULT_TABLE_NAME;

  const dynamoDir = persistent ? privateDir(join(dataDir, 'dynamodb')) : null;
  const dynamo: DynamoLocal = await startDynamoLocal({ dataDir: dynamoDir });
  let s3: S3Local | undefined;
  let payments: LocalPayments | undefined;
  let push: LocalPush | undefined;
  try {
    await ensureTable(dynamo.endpoint, tableName);
    await runMigrations(dynamo.endpoint, tableName);
    s3 = await startS3(privateDir(join(dataDir, 's3')));
    // Wave and Orange Money sandboxes, local Step Functions (their variables go into process.env).
    payments = await startLocalPayments({ dataDir, testing: !persistent });
    // VAPID keys and the push-service stand-in (their variables go into process.env too).
    push = await startLocalPush({ dataDir: persistent ? dataDir : null, testing: !persistent });
  } catch (err) {
    await payments?.close();
    await s3?.stop();
    await dynamo.stop();
    throw err;
  }

  const originSecret = randomBytes(32).toString('base64url');
  setHandlerEnv({
    tableName,
    dynamoEndpoint: dynamo.endpoint,
    s3,
    persistentDir: persistent ? dataDir : null,
    outboxDir,
    originSecret,
    log: opts.log,
    logFile: opts.logFile,
    awsCallLog: opts.awsCallLog,
  });

  if (opts.passwordCost !== undefined) process.env.PASSWORD_SCRYPT_LOG2N = String(opts.passwordCost);
  // New loss entries → the death alert, as the stream's event source in AWS (after the environment is set).
  await push.startStream(dynamo.endpoint, tableName);
  const dynamoWatch = watchDynamoLocal(dynamo, { dynamoDir, tableName, onFatal: opts.onFatal });
  const serverErrors: string[] = [];
  const api = createLocalApi(dynamoWatch.down, serverErrors);
  const journal = opts.writeJournal ? startWriteJournal() : undefined;
  const serveStatic = createStaticFiles(opts.webDist === null ? null : resolve(opts.webDist ?? 'web/dist'));

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
      // /p/<token>: the public page of a shared document, a row of the route table like the API's
      // (CloudFront's /p/* behaviour sends it to API Gateway in AWS).
      const isApi =
        url.pathname.startsWith('/api/') ||
        url.pathname.startsWith('/admin/') ||
        url.pathname.startsWith('/p/') ||
        url.pathname === '/api' ||
        url.pathname === '/admin';
      try {
        if (isApi) await api.handle(req, res, url);
        else if (journal?.handle(req, res, url)) return;
        else if (opts.passwordCost !== undefined && handlePasswordCost(req, res, url)) return;
        else if (opts.notificationsHook && (await handleNotificationsHook(req, res, url))) return;
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
    await push?.close();
    await payments?.close();
    await s3?.stop();
    await dynamoWatch.current().stop();
    throw err;
  });

  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  await payments.attach(url);

  return {
    url,
    port,
    dataDir,
    outboxDir,
    dynamoEndpoint: dynamoWatch.current().endpoint,
    dynamoPid: () => dynamoWatch.current().pid(),
    tableName,
    originSecret,
    pushUrl: push.sandbox.url,
    serverErrors: () => [...serverErrors],
    close: async () => {
      dynamoWatch.stop();
      journal?.stop();
      await new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections?.();
      for (const deadline = Date.now() + 10_000; api.inflight() > 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
      await push?.close();
      await payments?.close();
      await s3?.stop();
      await dynamoWatch.current().stop();
    },
  };
}
