// One table of `npm run bench:scale`, in its own process (forked by tests/bench/scale.ts with
// SCALE_BUSINESSES = 10 or 10 000): its own in-memory stack and DynamoDB Local, never the dev
// data. It signs up the measured business through the API and fills it the same way in both
// tables, seeds the other businesses (./scale-seed.ts), then answers the parent's messages: one
// measured call at a time (its time and the DynamoDB requests the handlers sent, counted by the
// shared client as in tests/bench/run.ts — the handlers run in this process), and the operator's
// walk through every business, a page at a time.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { startStack } from '../../infra/local/server';
import { k as bandeKeys } from '../../functions/bandes/repository/keys';
import { ddbCallCount, ddbCallsByCommand } from '../../functions/lib/ddb';
import { TEST_YEAR } from '../helpers/test-dates';
import { indexSynthetic, MEASURED_TOWN, seedSynthetic } from './scale-seed';

export type ScaleCall = 'bande' | 'vente' | 'dashboard' | 'vitrine' | 'vitrine30' | 'vitrineEcran' | 'vitrineToutes' | 'raw';

export type ToChild = { type: 'measure'; call: ScaleCall } | { type: 'operator' } | { type: 'close' };
export type FromChild =
  | { type: 'ready'; businesses: number; items: number; seedSeconds: number; paths: Record<ScaleCall, string> }
  | { type: 'measured'; call: ScaleCall; ms: number; requests: number; byCommand: Record<string, number> }
  | {
      type: 'operator';
      pages: number;
      businesses: number;
      firstPageRequests: number;
      maxPageRequests: number;
      pagesOverFirst: number;
      scans: number;
      seconds: number;
    }
  | { type: 'error'; message: string };

const Y = TEST_YEAR;
const bandePkOf = (t: number, id: number) => bandeKeys.bandePk(t, id);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const send = (m: FromChild) => process.send!(m);

// The parent gone (a failure, ^C): this table goes too.
process.on('disconnect', () => process.exit(1));

const businesses = Number(process.env.SCALE_BUSINESSES ?? 10);
const stack = await startStack({ dataDir: null, webDist: null, port: 0 });

const call = async (method: 'GET' | 'POST', path: string, token?: string, body?: unknown) => {
  const r = await fetch(`${stack.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
};

/** The measured business, built through the API: the same in both tables. */
async function measuredBusiness() {
  const email = `scale-mesure@bench.ganaar.sn`;
  await call('POST', '/api/inscription', undefined, {
    prenom: 'Mesure',
    nom: 'Echelle',
    email,
    password: sha256('bench123'),
    telephone: '770000002',
    pays: 'Senegal',
    entreprise: 'Ferme mesurée',
  });
  const token: string = (await call('POST', '/api/login', undefined, { username: email, password: sha256('bench123') })).token;
  const bande = await call('POST', '/api/bande/create', token, {
    nom: 'Bande mesurée',
    nb_sujet: 800,
    date_demarage: `${Y}-05-02`,
    type: 'chair',
    id_bande: -1,
  });
  // 40 entries over May and June: 20 expenses, 10 sales, 10 losses.
  for (let i = 0; i < 40; i++) {
    const date = `${Y}-0${5 + (i % 2)}-${String(3 + (i % 25)).padStart(2, '0')}`;
    if (i % 4 < 2)
      await call('POST', '/api/bande/depense', token, {
        depense: { id_type_depense: 1 + (i % 8), designation: `Dépense ${i}`, prix_unitaire: 1000 + i, quantite: 2 },
        id_bande: bande.id,
        date,
      });
    else if (i % 4 === 2) await call('POST', '/api/bande/vente', token, { prix_unitaire: 2500, quantite: 2, id_bande: bande.id, id_vente: -1, date });
    else await call('POST', '/api/bande/perte', token, { nombre: 1, id_bande: bande.id, date });
  }
  // One photo, as a seller uploads it (the storefront asks for one), for its three offers.
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c8a060' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'poulet.jpg');
  const up = await fetch(`${stack.url}/api/produit/saveEcomImage`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (up.status !== 200) throw new Error(`saveEcomImage: ${up.status} ${await up.text()}`);
  const img = ((await up.json()) as { img: string }).img;
  const produit = await call('POST', '/api/produit', token, { id: 0, nom: 'Poulet mesuré', quantite: 100000, prix_cession: 1500, prix_vente: 3000 });
  for (let i = 1; i <= 3; i++)
    await call('POST', '/api/produit/addToEcom', token, {
      id: 0,
      id_produit: produit.id,
      produit: `Poulet mesuré ${i}`,
      prix_unitaire: 3000,
      type_produit: 'poulet',
      ville: MEASURED_TOWN,
      adresse: `Marché central, ${MEASURED_TOWN}`,
      description: 'Poulet de chair prêt à cuire.',
      images: [img],
      publier: true,
    });
  const tenantId = Number(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).ent);
  return { token, bandeId: bande.id as number, produitId: produit.id as number, bandePk: bandePkOf(tenantId, bande.id) };
}

/** The operator's account, made by the documented command against this table, then signed in. */
async function operatorToken(): Promise<string> {
  const email = 'scale-operateur@bench.ganaar.sn';
  const password = 'operateur-scale-1';
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'infra/ops/create-operator.ts', email, '--password', password], {
    env: { ...process.env, TABLE_NAME: stack.tableName, DYNAMODB_ENDPOINT: stack.dynamoEndpoint, AWS_REGION: 'eu-west-1' },
    timeout: 120_000,
  });
  return (await call('POST', '/api/login', undefined, { username: email, password: sha256(password) })).token;
}

try {
  const phase0 = Date.now();
  const m = await measuredBusiness();
  console.error(`  bench:scale ${businesses}: the measured business built through the API in ${((Date.now() - phase0) / 1000).toFixed(0)} s`);
  const t0 = Date.now();
  const items = await seedSynthetic(0, businesses - 1, Y, 8, (done) => console.error(`  bench:scale ${businesses}: ${done} businesses seeded`));
  const t1 = Date.now();
  const indexes = await indexSynthetic();
  console.error(`  bench:scale ${businesses}: ${indexes} town indexes of the marketplace rebuilt in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  const seedSeconds = (Date.now() - t0) / 1000;
  console.error(`  bench:scale ${businesses}: ${items} items of ${businesses - 1} businesses written in ${seedSeconds.toFixed(0)} s`);
  // The local stream poller reads every record the seed wrote (1 000 a read, every 200 ms, slower
  // on a loaded machine): measuring while it catches up would time the poller, not the table. It
  // has caught up when this process idles (under 5 % of a CPU over 3 s; 10 minutes at most).
  const waitFrom = Date.now();
  for (let idle = false; !idle && Date.now() - waitFrom < 600_000;) {
    const c0 = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 3000));
    const c = process.cpuUsage(c0);
    idle = (c.user + c.system) / 1000 < 150;
  }
  console.error(`  bench:scale ${businesses}: the stream poller idle after ${((Date.now() - waitFrom) / 1000).toFixed(0)} s`);
  const op = await operatorToken();
  const paths: Record<ScaleCall, string> = {
    bande: `/api/bande/${m.bandeId}`,
    vente: '/api/vente',
    dashboard: `/api/dashboard/periode/${Y}-06-01/${Y}-06-30`,
    // 10 cards: 10 sellers' first offers in both towns (tests/bench/scale.ts, CALLS); the screen asks up to 100 (vitrineEcran).
    vitrine: `/api/vitrine/produits?ville=${encodeURIComponent(MEASURED_TOWN)}&limite=10`,
    vitrine30: `/api/vitrine/produits?ville=${encodeURIComponent(MEASURED_TOWN)}&limite=30`,
    vitrineEcran: `/api/vitrine/produits?ville=${encodeURIComponent(MEASURED_TOWN)}`,
    vitrineToutes: '/api/vitrine/produits',
    raw: `Query PK = ${m.bandePk}`,
  };
  const sale = { produits: [{ id_produit: m.produitId, quantite: 1 }], type: 'DIRECT' };
  // The floor: DynamoDB Local's own time for the batch's item collection, by a client of its own
  // (not counted): a ratio here is the emulator's, not the code's.
  const raw = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  const rawQuery = async () => {
    let key: Record<string, unknown> | undefined;
    do {
      const out = await raw.send(
        new QueryCommand({
          TableName: stack.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': m.bandePk },
          ExclusiveStartKey: key,
        }),
      );
      key = out.LastEvaluatedKey;
    } while (key);
  };
  const run = (c: ScaleCall) =>
    c === 'raw' ? rawQuery() : c === 'vente' ? call('POST', paths.vente, m.token, sale) : call('GET', paths[c], c.startsWith('vitrine') ? undefined : m.token);

  process.on('message', async (msg: ToChild) => {
    try {
      if (msg.type === 'close') {
        await stack.close();
        rmSync(stack.dataDir, { recursive: true, force: true });
        process.exit(0);
      }
      if (msg.type === 'measure') {
        const before = ddbCallsByCommand();
        const c0 = ddbCallCount();
        const t = performance.now();
        await run(msg.call);
        const ms = performance.now() - t;
        const requests = ddbCallCount() - c0;
        const after = ddbCallsByCommand();
        const byCommand = Object.fromEntries(
          Object.entries(after)
            .map(([k, v]) => [k, v - (before[k] ?? 0)])
            .filter(([, v]) => Number(v) > 0),
        );
        send({ type: 'measured', call: msg.call, ms, requests, byCommand });
        return;
      }
      // Every page of the console's list of businesses, « Afficher plus » after « Afficher plus ».
      const started = Date.now();
      const scans0 = ddbCallsByCommand().ScanCommand ?? 0;
      let cursor: string | undefined;
      let pages = 0;
      let seen = 0;
      let first = 0;
      let max = 0;
      const perPage: number[] = [];
      const ids = new Set<number>();
      do {
        const c0 = ddbCallCount();
        const page = await call('GET', `/api/operateur/entreprises${cursor ? `?apres=${encodeURIComponent(cursor)}` : ''}`, op);
        const n = ddbCallCount() - c0;
        if (!pages) first = n;
        max = Math.max(max, n);
        perPage.push(n);
        pages++;
        seen += page.entreprises.length;
        for (const e of page.entreprises) ids.add(e.id);
        cursor = page.suivant;
      } while (cursor);
      if (ids.size !== seen) throw new Error(`the operator's pages repeat businesses: ${seen} rows, ${ids.size} businesses`);
      send({
        type: 'operator',
        pages,
        businesses: ids.size,
        firstPageRequests: first,
        maxPageRequests: max,
        pagesOverFirst: perPage.filter((n) => n > first).length,
        scans: (ddbCallsByCommand().ScanCommand ?? 0) - scans0,
        seconds: (Date.now() - started) / 1000,
      });
    } catch (err) {
      send({ type: 'error', message: (err as Error).stack ?? String(err) });
    }
  });
  send({ type: 'ready', businesses, items, seedSeconds, paths });
} catch (err) {
  send({ type: 'error', message: (err as Error).stack ?? String(err) });
  await stack.close();
  rmSync(stack.dataDir, { recursive: true, force: true });
  process.exit(1);
}
