// `npm start` as a newcomer and CI run it (infra/local/start.ts in a child process, demo seeded, on
// a temporary DATA_DIR), with what a newcomer's first run broke and the smoke test run against it:
//   - the post-deploy smoke test (infra/ops/smoke.ts) passes against it, and fails with a French and
//     English one-line reason once the server is stopped;
//   - DynamoDB Local listens on the loopback interface only (it listened on every interface);
//   - when DynamoDB Local dies, it is started again and the data is intact (the server answered
//     500 for ever);
//   - after the demo owner changed the demo password, `npm start` still starts (it failed);
//   - Ctrl+C (SIGINT) stops DynamoDB Local with the server;
//   - the server listens on the loopback only unless HOST says otherwise (it listened on every
//     interface, with the published demo passwords).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/ports';
import { processesUsing, waitUntilGone } from '../helpers/local-processes';
import { DEMO_LOGIN, sha256 } from '../../infra/local/seed';

const dataDir = mkdtempSync(join(tmpdir(), 'ganaar-local-'));
let child: ChildProcess | undefined;
let out = '';

/** `host`: the HOST given to npm start; none = unset, as a newcomer runs it. */
async function start(port: number, host?: string): Promise<string> {
  out = '';
  const { HOST: _inherited, ...env } = process.env;
  child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    env: { ...env, ...(host ? { HOST: host } : {}), PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '1', LOG_REQUESTS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 150_000;
  while (!out.includes('Ganaar est prêt')) {
    if (child.exitCode !== null) throw new Error(`npm start stopped:\n${out}`);
    if (Date.now() > deadline) throw new Error(`npm start was not ready within 150 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return `http://127.0.0.1:${port}`;
}

async function stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const c = child;
  if (!c || c.exitCode !== null) return;
  const gone = new Promise((r) => c.once('exit', r));
  c.kill(signal);
  await gone;
}

function smoke(baseUrl: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'infra/ops/smoke.ts', '--base-url', baseUrl, '--payment', '--timeout-ms', '20000'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

const login = (base: string, password = sha256(DEMO_LOGIN.password)) =>
  fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_LOGIN.email, password }),
  });

/** The listening sockets of a TCP port, from the kernel's tables: their local addresses. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 4 || f[3] !== '0A') continue; // 0A = LISTEN
      const [addr, p] = f[1].split(':');
      if (p === hexPort) found.push(addr);
    }
  }
  return found;
}
/** 127.0.0.1 as the kernel writes it, alone (tcp) or IPv4-mapped (tcp6). */
const LOOPBACK = new Set(['0100007F', '0000000000000000FFFF00000100007F', '00000000000000000000000001000000']);

afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('passes the smoke test; keeps DynamoDB Local on loopback and alive; survives a changed demo password; Ctrl+C stops DynamoDB Local with it; a stopped one fails the smoke test', async () => {
    const port = await freePort();
    let base = await start(port);

    // The smoke test, as CI runs it after a deploy (here with the local payment sandbox).
    const passed = smoke(base);
    expect(passed.output).toContain('SMOKE OK');
    expect(passed.status, passed.output).toBe(0);

    // Without HOST, the server itself is reachable from this machine only: the demo passwords are public.
    const own = listeningAddresses(port);
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((a) => !LOOPBACK.has(a))).toEqual([]);
    expect(out).not.toContain('Attention : HOST=');

    // DynamoDB Local: reachable from this machine only.
    const info = JSON.parse(readFileSync(join(dataDir, 'local-stack.json'), 'utf8')) as { dynamoEndpoint: string; dynamoPid: number };
    const addresses = listeningAddresses(Number(new URL(info.dynamoEndpoint).port));
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter((a) => !LOOPBACK.has(a))).toEqual([]);

    // DynamoDB Local dies under the server: it comes back on its own, with the data.
    expect(info.dynamoPid).toBeGreaterThan(0);
    process.kill(info.dynamoPid, 'SIGKILL');
    const deadline = Date.now() + 90_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await login(base).catch(() => ({ status: 0 }) as Response)).status;
      if (status === 200) break;
      expect([0, 503]).toContain(status); // never a 500 while it restarts
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(status, out).toBe(200);
    expect(out).toContain('DynamoDB Local a redémarré');

    // The demo owner changes the demo password; npm start still starts, and says so.
    const token = ((await (await login(base)).json()) as { token: string }).token;
    const changed = await fetch(`${base}/api/updatePassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ old_password: sha256(DEMO_LOGIN.password), new_password: sha256('nouveau-mot-de-passe') }),
    });
    expect(changed.status, await changed.text()).toBe(200);
    await stop();
    // Restarted with HOST=0.0.0.0: every interface, as asked, and a warning says so.
    base = await start(port, '0.0.0.0');
    expect(listeningAddresses(port)).toContain('00000000');
    expect(out).toContain('Attention : HOST=0.0.0.0');
    expect(out).toContain('son mot de passe a été changé');
    expect((await login(base, sha256('nouveau-mot-de-passe'))).status).toBe(200);

    // Ctrl+C (SIGINT) stops DynamoDB Local with the server.
    expect(processesUsing(dataDir).length).toBeGreaterThan(0);
    await stop('SIGINT');
    expect(await waitUntilGone(dataDir), 'DynamoDB Local left running after SIGINT').toEqual([]);

    // Stopped: the smoke test fails with one line in French and English.
    const failed = smoke(base);
    expect(failed.status).toBe(1);
    expect(failed.output).toMatch(/SMOKE ÉCHEC — étape « page d’accueil » : .+ \/ SMOKE FAILED — step "home page": .+/);
  }, 420_000);
});
