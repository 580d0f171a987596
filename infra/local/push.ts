// Web Push on a laptop, started by the local stack (`npm start` and the tests): the
// VAPID keys under DATA_DIR (as Secrets Manager holds them in AWS; generated once, like the JWT
// secret of handler-env.ts), the push-service stand-in (sandboxes/push.ts), and the poller that
// reads DynamoDB Local's stream and calls the notifications' job entry as Lambda's event source does
// in AWS (stream-poller.ts). The product is configured through the same variables as in AWS, plus
// PUSH_LOCAL_ORIGIN: the one push address accepted here.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { startPushSandbox, type PushSandbox } from './sandboxes/push';
import { startStreamPoller, type StreamPoller } from './stream-poller';

export interface VapidFile {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export const LOCAL_VAPID_SUBJECT = 'mailto:notifications@ganaar.local';

function freshKeys(): VapidFile {
  return { ...webpush.generateVAPIDKeys(), subject: LOCAL_VAPID_SUBJECT };
}

/** The keys kept in DATA_DIR/push/vapid.json: a browser's subscription stays valid across restarts. */
export function loadOrCreateVapid(dataDir: string | null): VapidFile {
  if (!dataDir) return freshKeys();
  const dir = join(dataDir, 'push');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'vapid.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidFile;
  const keys = freshKeys();
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

export interface LocalPush {
  sandbox: PushSandbox;
  /** Once the table exists and the handlers' environment is set: read its stream. */
  startStream(endpoint: string, tableName: string): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalPush(opts: { dataDir: string | null; testing: boolean }): Promise<LocalPush> {
  const keys = loadOrCreateVapid(opts.dataDir);
  const sandbox = await startPushSandbox(keys.publicKey, { port: Number(process.env.PUSH_SANDBOX_PORT ?? 0), announce: !opts.testing });
  Object.assign(process.env, { VAPID_KEYS: JSON.stringify(keys), PUSH_LOCAL_ORIGIN: sandbox.url, PUSH_SANDBOX_URL: sandbox.url });
  let poller: StreamPoller | undefined;
  return {
    sandbox,
    async startStream(endpoint, tableName) {
      poller = await startStreamPoller({
        endpoint,
        tableName,
        // Tests wait on the alert: read often; `npm start`: a second is quick enough for a person.
        everyMs: opts.testing ? 200 : 1000,
        deliver: async (records) => {
          const { handler } = await import('../../functions/notifications/jobs');
          await handler({ Records: records });
        },
      });
    },
    async close() {
      await poller?.stop();
      await sandbox.close();
    },
  };
}
