// Crash safety of the local stack: `npm start`'s entry runs as a child process on a
// temporary DATA_DIR, takes concurrent sales, restocks and repayments, and is killed with
// SIGKILL in the middle of them. Its DynamoDB Local must not outlive it; restarted on the same
// DATA_DIR, the data must hold its invariants: stock = restocks − sales, creance = credit sales −
// repayments, no id twice, every acknowledged write present, ids never reused. The DATA_DIR files
// are readable by their owner only. SIGTERM stops DynamoDB Local too (SIGINT, Ctrl+C: the
// npm start test, tests/api/local-stack.test.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { freePort } from '../../infra/local/ports';
import { processesUsing, waitUntilGone } from '../helpers/local-processes';

const LONG = process.env.HARNESS_LONG === '1';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

interface Child {
  proc: ChildProcess;
  url: string;
  output: () => string;
}

const started: ChildProcess[] = [];
const dirs: string[] = [];

async function startChild(dataDir: string): Promise<Child> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_REQUESTS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(proc);
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 90_000;
  while (!out.includes('Ganaar est prêt')) {
    if (proc.exitCode !== null) throw new Error(`the stack stopped at start:\n${out}`);
    if (Date.now() > deadline) throw new Error(`the stack was not ready within 90 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, url: `http://127.0.0.1:${port}`, output: () => out };
}

async function api(base: string, method: string, path: string, token?: string, body?: unknown) {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

function modeOf(path: string): number {
  return statSync(path).mode & 0o777;
}

/** Every file and folder under `dir` with its permission bits. */
function modesUnder(dir: string): [string, number][] {
  const out: [string, number][] = [[dir, modeOf(dir)]];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...modesUnder(p));
    else out.push([p, modeOf(p)]);
  }
  return out;
}

afterAll(async () => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  for (const d of dirs) {
    // A leftover DynamoDB Local (a failed test) is ours: stop it by its id before removing its files.
    for (const pid of processesUsing(d)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    rmSync(d, { recursive: true, force: true });
  }
});

describe('crash safety of the local stack', () => {
  it(
    'survives kill -9 during concurrent sales, restocks and repayments: no orphan, invariants hold after restart',
    { timeout: LONG ? 900_000 : 180_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ganaar-crash-'));
      dirs.push(dataDir);
      const rounds = LONG ? 5 : 1;
      let child = await startChild(dataDir);

      const email = `crash-${Date.now()}@test.ganaar.sn`;
      expect(
        (
          await api(child.url, 'POST', '/api/inscription', undefined, {
            prenom: 'Crash',
            nom: 'Test',
            email,
            password: sha256('crash123'),
            telephone: '770000001',
            pays: 'Senegal',
            entreprise: 'Crash',
          })
        ).status,
      ).toBe(200);
      const token: string = (await api(child.url, 'POST', '/api/login', undefined, { username: email, password: sha256('crash123') })).body.token;
      // Sign-up created the business's first shop.
      expect((await api(child.url, 'POST', '/api/boutique/update', token, { id_boutique: 1, nom: 'Boutique crash' })).status).toBe(200);
      // Three products and three clients: concurrent writers contend, but not all on one item.
      const produits: { id: number }[] = [];
      const clients: { id: number }[] = [];
      for (let i = 0; i < 3; i++) {
        produits.push(
          (await api(child.url, 'POST', '/api/produit', token, { id: 0, nom: `Poulet ${i}`, quantite: 50, prix_cession: 1000, prix_vente: 2500 })).body,
        );
        clients.push(
          (await api(child.url, 'POST', '/api/addOrUpdateClient', token, { id: 0, prenom: 'Awa', nom: `Fall ${i}`, telephone: `77000000${i}` })).body,
        );
      }

      const acknowledged = { ventes: new Set<number>(), reappros: new Set<number>(), versements: new Set<number>() };
      // One of each write first: the handlers are loaded, each client owes something to repay.
      for (let i = 0; i < 3; i++) {
        const warm = [
          await api(child.url, 'POST', '/api/produit/reappro/new', token, { id_produit: produits[i].id, quantite: 100 }),
          await api(child.url, 'POST', '/api/vente', token, {
            produits: [{ id_produit: produits[i].id, quantite: 4 }],
            type: 'EMPRUNT',
            id_client: clients[i].id,
          }),
          await api(child.url, 'POST', '/api/versement', token, { id_client: clients[i].id, montant: 100 }),
        ];
        expect(warm.map((r) => r.status)).toEqual([200, 200, 200]);
        acknowledged.reappros.add(warm[0].body.reappro.id);
        for (const v of warm[1].body.ventes) acknowledged.ventes.add(v.id);
        acknowledged.versements.add(warm[2].body.versement.id);
      }
      let sent = 0;
      for (let round = 0; round < rounds; round++) {
        // Concurrent writers until the kill; each records what the server confirmed.
        let stop = false;
        const writer = async (k: number) => {
          const produit = produits[Math.floor(k / 3)];
          const client = clients[Math.floor(k / 3)];
          while (!stop) {
            sent++;
            try {
              if (k % 3 === 0) {
                const r = await api(child.url, 'POST', '/api/produit/reappro/new', token, { id_produit: produit.id, quantite: 1 + (sent % 5) });
                if (r.status === 200) acknowledged.reappros.add(r.body.reappro.id);
              } else if (k % 3 === 1) {
                const type = sent % 2 ? 'EMPRUNT' : 'DIRECT';
                const r = await api(child.url, 'POST', '/api/vente', token, {
                  produits: [{ id_produit: produit.id, quantite: 1 + (sent % 3) }],
                  type,
                  id_client: client.id,
                });
                if (r.status === 200) for (const v of r.body.ventes) acknowledged.ventes.add(v.id);
              } else {
                const r = await api(child.url, 'POST', '/api/versement', token, { id_client: client.id, montant: 100 });
                if (r.status === 200) acknowledged.versements.add(r.body.versement.id);
              }
            } catch {
              return; // the server is gone
            }
          }
        };
        const writers = Array.from({ length: 9 }, (_, k) => writer(k));
        await new Promise((r) => setTimeout(r, 2500 + Math.random() * 1500));
        child.proc.kill('SIGKILL');
        stop = true;
        await Promise.all(writers);
        await new Promise<void>((r) => (child.proc.exitCode !== null || child.proc.signalCode !== null ? r() : child.proc.once('exit', () => r())));
        expect(await waitUntilGone(dataDir), 'DynamoDB Local left running after kill -9 of the server').toEqual([]);
        child = await startChild(dataDir);
      }

      const stocks = (await api(child.url, 'GET', '/api/produit', token)).body;
      const reappros = (await api(child.url, 'GET', '/api/produit/reappro/get', token)).body;
      // fixed date: a range holding every sale of the test (they are made today, before 2099)
      const history = (await api(child.url, 'POST', '/api/vente/boutique', token, { debut: '2020-01-01', fin: '2099-12-31' })).body.ventes;
      const versements = (await api(child.url, 'GET', '/api/versement', token)).body;
      const creances = (await api(child.url, 'GET', '/api/clients', token)).body;

      const ids = (xs: { id: number }[]) => xs.map((x) => x.id);
      for (const [name, list] of [
        ['reappros', reappros],
        ['ventes', history],
        ['versements', versements],
      ] as const) {
        expect(new Set(ids(list)).size, `${name}: no id twice`).toBe(list.length);
      }
      for (const id of acknowledged.reappros) expect(ids(reappros), `acknowledged restock ${id}`).toContain(id);
      for (const id of acknowledged.ventes) expect(ids(history), `acknowledged sale ${id}`).toContain(id);
      for (const id of acknowledged.versements) expect(ids(versements), `acknowledged repayment ${id}`).toContain(id);

      const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);
      const figures: string[] = [];
      for (const p of produits) {
        const stock = stocks.find((x: { id: number }) => x.id === p.id).quantite;
        const restocked = sum(
          reappros.filter((r: any) => r.etat === 'VALID' && r.id_produit === p.id),
          (r: any) => r.quantite,
        );
        const sold = sum(
          history.filter((v: any) => v.etat === 'VALID' && v.id_produit === p.id),
          (v: any) => v.quantite,
        );
        expect(stock, `stock of product ${p.id}`).toBe(restocked - sold);
        figures.push(`stock ${stock} = ${restocked} − ${sold}`);
      }
      for (const c of clients) {
        const creance = creances.find((x: { id: number }) => x.id === c.id).creance;
        const credit = sum(
          history.filter((v: any) => v.etat === 'VALID' && v.type === 'EMPRUNT' && v.id_client === c.id),
          (v: any) => v.total,
        );
        const repaid = sum(
          versements.filter((v: any) => v.etat === 'VALID' && v.id_client === c.id),
          (v: any) => v.montant,
        );
        expect(creance, `creance of client ${c.id}`).toBe(credit - repaid);
        figures.push(`creance ${creance} = ${credit} − ${repaid}`);
      }

      // The counters survived: a new write gets a fresh id.
      const after = await api(child.url, 'POST', '/api/produit/reappro/new', token, { id_produit: produits[0].id, quantite: 1 });
      expect(after.status).toBe(200);
      expect(ids(reappros)).not.toContain(after.body.reappro.id);
      console.log(
        `[crash] ${rounds} kill -9 round(s), ${sent} writes sent: ${acknowledged.ventes.size} sale lines, ${acknowledged.reappros.size} restocks, ${acknowledged.versements.size} repayments acknowledged; ${figures.join('; ')}`,
      );

      // Owner-only files: the database, the outbox, the secret.
      await api(child.url, 'POST', '/api/initRecoveryPassword', undefined, { email });
      for (const [path, mode] of modesUnder(dataDir)) {
        const isDir = statSync(path).isDirectory();
        expect(mode & 0o077, `${path} is ${mode.toString(8)}`).toBe(0);
        if (!isDir) expect(mode, path).toBe(0o600);
      }

      // A polite stop (SIGTERM) takes DynamoDB Local down with the server.
      child.proc.kill('SIGTERM');
      await new Promise<void>((r) => (child.proc.exitCode !== null ? r() : child.proc.once('exit', () => r())));
      expect(await waitUntilGone(dataDir), 'DynamoDB Local left running after SIGTERM').toEqual([]);
    },
  );
});
