// The morning summary's cost (docs/notifications.md « Passage à l'échelle »): N
// businesses on the local stack, each with one subscribed device — a third with due health steps
// and a death alert, a third with orders to deliver, a third with nothing due — then the job run
// once over them, as one shard's invocation runs in AWS: DynamoDB requests and milliseconds per
// business, and what reached the push-service stand-in.
// Run alone: `npx tsx tests/bench/notifications.ts [N]` (starts its own in-memory stack).
import { createHash } from 'node:crypto';
import { ddbCallCount } from '../../functions/lib/ddb';
import { startStack } from '../../infra/local/server';
import { writeMeasures } from '../../infra/ops/cost/measures';
import { capacityProbe, loadText } from './cost-measures';

const N = Number(process.argv[2] ?? 50);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const today = new Date().toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const stack = await startStack({ dataDir: null, webDist: null, port: 0, passwordCost: 10 });
  const call = async (method: 'GET' | 'POST', path: string, token?: string, body?: unknown) => {
    const r = await fetch(`${stack.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await r.json().catch(() => null);
    if (r.status !== 200) throw new Error(`${method} ${path} → ${r.status} ${JSON.stringify(json)}`);
    return json;
  };
  try {
    const tenants: number[] = [];
    const started = Date.now();
    for (let i = 0; i < N; i++) {
      const email = `bench-push-${i}-${Date.now()}@bench.ganaar.sn`;
      await call('POST', '/api/inscription', undefined, {
        prenom: 'bench',
        nom: 'push',
        email,
        password: sha256('bench123'),
        telephone: '770000001',
        pays: 'Senegal',
        entreprise: `Ferme ${i}`,
      });
      const l = await call('POST', '/api/login', undefined, { username: email, password: sha256('bench123') });
      const token = l.token as string;
      tenants.push(l.user.id_entreprise);
      if (i % 3 === 0) {
        const b = await call('POST', '/api/bande/create', token, {
          id_bande: -1,
          nom: `Bande ${i}`,
          nb_sujet: 500,
          date_demarage: addDays(today, -20),
          type: 'chair',
          id_plan: 1,
        });
        await call('POST', '/api/bande/perte', token, { nombre: 6, id_bande: b.id, date: today });
      } else if (i % 3 === 1) {
        await call('POST', '/api/bande/create', token, { id_bande: -1, nom: `Bande ${i}`, nb_sujet: 500, date_demarage: addDays(today, -20), type: 'chair' });
        const p = await call('POST', '/api/produit', token, { id: 0, nom: 'Poulet', description: 'frais', quantite: 50, prix_cession: 1500, prix_vente: 3000 });
        // The client written as the clients domain writes one (its routes are not needed here).
        const { PutCommand, DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
        const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
        const raw = DynamoDBDocumentClient.from(
          new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
        );
        await raw.send(
          new PutCommand({
            TableName: stack.tableName,
            Item: {
              PK: `ENT#${l.user.id_entreprise}`,
              SK: 'CLIENT#1',
              entity: 'CLIENT',
              id: 1,
              prenom: 'Awa',
              nom: 'Diop',
              indicatif: '+221',
              numero_compte: 'CLI-000001',
              creance: 0,
              created_at: new Date().toISOString(),
            },
          }),
        );
        await call('POST', '/api/commande/addCommande', token, {
          id_client: 1,
          produits: [{ id_produit: p.id, quantite: 2 }],
          accompte: 0,
          date_livraison: today,
        });
      }
      const sub = await (await fetch(`${stack.pushUrl}/__push/subscriptions`, { method: 'POST' })).json();
      await call('POST', '/api/notifications/abonnement', token, sub);
    }
    console.log(`${N} businesses set up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const { handler } = await import('../../functions/notifications/jobs');
    // One warm-up run (the modules' first load is a cold start, measured apart by npm run bench:lambda).
    await handler({ entreprises: tenants.slice(0, 2) });
    const rounds: { ms: number; calls: number; bilan: unknown }[] = [];
    const probe = capacityProbe();
    const u0 = { ...probe, cpu: process.cpuUsage() };
    for (let r = 0; r < 3; r++) {
      const calls0 = ddbCallCount();
      const t0 = performance.now();
      const bilan = await handler({ entreprises: tenants });
      rounds.push({ ms: performance.now() - t0, calls: ddbCallCount() - calls0, bilan });
    }
    // For `npm run cost`: the three rounds' units and CPU, per business and run.
    const cpu = process.cpuUsage(u0.cpu);
    const per = (n: number) => Math.round((n / (3 * N)) * 100) / 100;
    const best0 = [...rounds].sort((a, b) => a.ms - b.ms)[1];
    writeMeasures('morningJob', {
      measuredAt: new Date().toISOString(),
      load: loadText(),
      businesses: N,
      perBusiness: {
        requests: per(probe.requests - u0.requests),
        readUnits: per(probe.readUnits - u0.readUnits),
        writeUnits: per(probe.writeUnits - u0.writeUnits),
        wallMs: Math.round((best0.ms / N) * 10) / 10,
        cpuMs: per((cpu.user + cpu.system) / 1000),
      },
    });
    // Through the shards, as the schedules run it: the shard Queries included.
    const calls0 = ddbCallCount();
    const t0 = performance.now();
    const all = await handler({});
    const shardRun = { ms: performance.now() - t0, calls: ddbCallCount() - calls0, bilan: all };
    const best = rounds.sort((a, b) => a.ms - b.ms)[1];
    console.log(JSON.stringify({ N, median: best, perBusiness: { ms: +(best.ms / N).toFixed(1), ddbCalls: +(best.calls / N).toFixed(2) }, shardRun }, null, 2));
  } finally {
    await stack.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
