// `npm test`: checks what the tests need beyond npm packages — Java 17+ for DynamoDB Local,
// Chromium for the browser tests, openssl for the bench's HTTPS front — installs them with apt-get when running as root on
// Debian/Ubuntu (a fresh machine, CI), otherwise says exactly what to install. Then builds the SPA
// that the end-to-end tests drive while vitest starts (its arguments are this script's), and ends
// with vitest's exit code. Browser tests never skip.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { build } from 'vite';
import { CHROMIUM_PATH as CHROMIUM } from './helpers/chromium';
import { removeResult, writeFailure, writeResult } from './helpers/result-file';
import { WEB_BUILD_STATUS_VARIABLE } from './helpers/web-build';

function say(line: string) {
  console.log(`[preflight] ${line}`);
}

function fail(line: string): never {
  console.error(`[preflight] ÉCHEC : ${line}`);
  process.exit(1);
}

function javaMajor(): number | null {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  const m = /version "(\d+)/.exec(`${r.stderr}${r.stdout}`);
  return m ? Number(m[1]) : null;
}

/** Whether `command` is on the PATH. */
const hasCommand = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).status === 0;

function canApt(): boolean {
  return process.getuid?.() === 0 && hasCommand('apt-get');
}

let aptUpdated = false;
function aptInstall(pkgs: string[]): boolean {
  if (!canApt()) return false;
  if (!aptUpdated) {
    say('apt-get update …');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    aptUpdated = true;
  }
  say(`apt-get install ${pkgs.join(' ')} …`);
  const r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return r.status === 0;
}

// The Lambdas run on Node 22: the tests run on it too. `npm ci` installs it from the npm registry
// (the devDependency `node`, pinned), and npm puts node_modules/.bin first on the scripts' PATH,
// so `npm test` and `npm start` run on it whatever Node started npm.
const [major] = process.versions.node.split('.').map(Number);
if (major !== 22) {
  fail(
    `Node ${process.versions.node} : les tests tournent sur Node 22, le runtime des Lambdas. Lancez-les par « npm ci && npm test » (npm ci installe Node 22, paquet npm « node »).`,
  );
}
say(`Node ${process.versions.node} : ok (runtime des Lambdas)`);

let java = javaMajor();
if (java === null || java < 17) {
  say(java === null ? 'Java introuvable (DynamoDB Local en a besoin).' : `Java ${java} trop ancien (17+ requis).`);
  if (!aptInstall(['openjdk-17-jre-headless'])) {
    fail('installez Java 17+ : sudo apt-get install -y openjdk-17-jre-headless (ou un JDK 17+ de votre système).');
  }
  java = javaMajor();
  if (java === null || java < 17) fail('Java 17+ reste introuvable après installation.');
}
say(`Java ${java} : ok`);

if (!existsSync(CHROMIUM)) {
  say(`Chromium introuvable (${CHROMIUM}) : les tests navigateur en ont besoin.`);
  // chromium-l10n: French date inputs (dd/mm/yyyy) in the screenshots.
  if (!aptInstall(['chromium-headless-shell', 'chromium-l10n', 'fonts-dejavu-core']) || !existsSync(CHROMIUM)) {
    fail(
      'installez Chromium : sudo apt-get install -y chromium-headless-shell chromium-l10n (ou CHROMIUM_PATH=/usr/bin/chromium npm test pour le navigateur complet).',
    );
  }
}
say(`Chromium : ${CHROMIUM}`);

// openssl: the network bench's HTTPS front makes its certificate with it (tests/bench/h2-front.ts),
// and that front's unit test runs in the suite.
if (!hasCommand('openssl')) {
  say('openssl introuvable (le front HTTPS du banc réseau et son test en ont besoin).');
  if (!aptInstall(['openssl']) || !hasCommand('openssl')) fail('installez openssl : sudo apt-get install -y openssl');
}
say('openssl : ok');

// The build and vitest's start-up (its stack's Java, Chromium, its workers' imports) run together:
// one after the other, the cores were a quarter idle for the run's first 15 s. Only the journeys
// need the build: the browser's global setup waits for its result file
// (tests/helpers/web-build.ts), so no test starts before it is written.
const status = resolve('.test-data', `web-build-${process.pid}.status`);
mkdirSync(dirname(status), { recursive: true });
removeResult(status);
say('construction de l’interface (vite build) pendant le démarrage de vitest …');
const vitest = spawn(resolve('node_modules/.bin/vitest'), ['run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, [WEB_BUILD_STATUS_VARIABLE]: status },
});
const vitestDone = new Promise<number>((done) => vitest.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0))));
// Stopped: this ends when vitest has stopped its stack and browser. Ctrl+C reaches vitest with the
// whole process group; a SIGTERM sent to this process alone (a CI timeout) is passed on.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (signal === 'SIGTERM') vitest.kill(signal);
    if (stopping) return;
    stopping = true;
    void vitestDone.then((code) => process.exit(code || 1));
  });
let built = false;
try {
  await build({ configFile: 'web/vite.config.ts', logLevel: 'warn' });
  built = true;
  writeResult(status, 'ok');
} catch (err) {
  console.error(err);
  console.error('[preflight] ÉCHEC : la construction de l’interface a échoué.');
  writeFailure(status, (err as Error)?.message ?? String(err));
}
const code = await vitestDone;
removeResult(status);
process.exit(code || (built ? 0 : 1));
