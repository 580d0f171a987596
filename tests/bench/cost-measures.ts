// What one call of each route a farm uses costs, for `npm run cost` (infra/ops/cost/): run inside
// `npm run bench` on the embedded stack, in the same process as the handlers, so the DynamoDB
// client they share can be asked for its ConsumedCapacity. Each route is called on its own, one
// call after another (the counters are process-wide), on data shaped like a farm's: a layer batch
// with two months of entries, a shop, a published product, a storefront order, a paid plan.
// Writes the `routes` section of docs/measures.json.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { SFNClient, DescribeExecutionCommand } from '@aws-sdk/client-sfn';
import { ddb } from '../../functions/lib/ddb';
import { writeMeasures, type RouteMeasure } from '../../infra/ops/cost/measures';
import { TEST_YEAR } from '../helpers/test-dates';

const READS = new Set([
  'GetCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetCommand',
  'TransactGetCommand',
  'GetItemCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);

interface Counters {
  requests: number;
  readUnits: number;
  writeUnits: number;
}

type Capacity = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

/**
 * Units of one answer, as DynamoDB reports them. A transaction's units come already doubled
 * (prepare and commit, as AWS bills them): DynamoDB Local answered 12 units for a transaction of
 * three items of the loss entry (a batch item over 1 KB among them), so nothing is doubled here.
 */
export function unitsOf(command: string, consumed: Capacity | Capacity[] | undefined): { read: number; write: number } {
  const list = consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed];
  const units = list.reduce((s, c) => s + (c.CapacityUnits ?? (c.ReadCapacityUnits ?? 0) + (c.WriteCapacityUnits ?? 0)), 0);
  return READS.has(command) ? { read: units, write: 0 } : { read: 0, write: units };
}

let counters: Counters | undefined;

/** Asks DynamoDB for the capacity of every request the handlers send, and adds it up (process-wide, installed once). */
export function capacityProbe(): Readonly<Counters> {
  if (counters) return counters;
  const c: Counters = { requests: 0, readUnits: 0, writeUnits: 0 };
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      const u = unitsOf(context.commandName ?? '?', (out.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity);
      c.requests++;
      c.readUnits += u.read;
      c.writeUnits += u.write;
      return out;
    },
    { step: 'initialize', name: 'costCapacityProbe' },
  );
  counters = c;
  return c;
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

interface Stack {
  url: string;
  originSecret: string;
}

/** Measures every route of the cost profiles and writes them to docs/measures.json. */
export async function measureRoutesForCost(stack: Stack): Promise<void> {
  const probe = capacityProbe();
  const byName: Record<string, RouteMeasure> = {};
  let ip = 0;
  const send = async (method: 'GET' | 'POST', path: string, token: string | undefined, body?: unknown, raw?: FormData) => {
    const headers: Record<string, string> = {
      // Through the CloudFront stand-in, each call from its own address: the per-address limits are not what is measured.
      'x-ganaar-origin-verify': stack.originSecret,
      'x-ganaar-client-ip': `2001:db8:c057:${(ip++ % 65536).toString(16)}::1`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(raw ? {} : { 'content-type': 'application/json' }),
    };
    const r = await fetch(`${stack.url}${path}`, { method, headers, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${text}`);
    return { json: text ? JSON.parse(text) : null, bytes: Buffer.byteLength(text) };
  };

  /** `runs` sequential calls of one route; `make(i)` sends the i-th and returns its answer. */
  const measure = async <T>(name: string, domain: string, runs: number, make: (i: number) => Promise<{ json: T; bytes: number }>, note?: string) => {
    const wall: number[] = [];
    let cpu = 0;
    let bytes = 0;
    const c0 = { ...probe };
    let last: T | undefined;
    for (let i = 0; i < runs; i++) {
      const u0 = process.cpuUsage();
      const t = performance.now();
      const out = await make(i);
      wall.push(performance.now() - t);
      const u = process.cpuUsage(u0);
      cpu += (u.user + u.system) / 1000;
      bytes += out.bytes;
      last = out.json;
    }
    byName[name] = {
      calls: runs,
      requests: round((probe.requests - c0.requests) / runs),
      readUnits: round((probe.readUnits - c0.readUnits) / runs),
      writeUnits: round((probe.writeUnits - c0.writeUnits) / runs),
      wallMs: round(p50(wall), 1),
      cpuMs: round(cpu / runs, 1),
      responseBytes: Math.round(bytes / runs),
      domain,
      ...(note ? { note } : {}),
    };
    return last as T;
  };

  const Y = TEST_YEAR;
  const day = (i: number) => new Date(Date.UTC(Y, 2, 1) + i * 86_400_000).toISOString().slice(0, 10);
  // A business of its own: the plan's limits and the day's figures are not shared with the other measures.
  const email = `cost-${Date.now()}@bench.ganaar.sn`;
  const passwordHash = createHash('sha256').update('bench123').digest('hex');
  await send('POST', '/api/inscription', undefined, {
    prenom: 'bench',
    nom: 'cost',
    email,
    password: passwordHash,
    telephone: '770000000',
    pays: 'Senegal',
    entreprise: 'Coût',
  });
  const loginBody = { username: email, password: passwordHash };
  const signedIn = await measure('POST /api/login', 'acces', 5, () => send('POST', '/api/login', undefined, loginBody), 'password hash on the server');
  const { token } = signedIn as { token: string };
  const tenantId = (signedIn as { user: { id_entreprise: number } }).user.id_entreprise;

  // ── a layer batch: two months of entries, each kind measured as it is recorded ──
  const bande = (await send('POST', '/api/bande/create', token, { nom: 'Cost', nb_sujet: 800, date_demarage: `${Y}-03-01`, type: 'pondeuse', id_bande: -1 }))
    .json as { id: number };
  const id_bande = bande.id;
  await measure('POST /api/bande/collect', 'bandes', 60, (i) =>
    send('POST', '/api/bande/collect', token, { id_bande, id: -1, collecte: 600, calibres: '{"s":100,"m":250,"l":200,"xl":50}', date_collecte: day(i) }),
  );
  await measure('POST /api/bande/perte', 'bandes', 40, () => send('POST', '/api/bande/perte', token, { nombre: 1, id_bande }));
  await measure('POST /api/bande/depense', 'bandes', 16, (i) =>
    send('POST', '/api/bande/depense', token, {
      depense: { id_type_depense: 1 + (i % 8), designation: `Dépense ${i}`, prix_unitaire: 15000, quantite: 2 },
      id_bande,
    }),
  );
  await measure('POST /api/bande/pesage', 'bandes', 8, (i) =>
    send('POST', '/api/bande/pesage', token, { pesage: { poids_moyen: 1.6, unite: 'kg', echantillon: 20, date_prise: day(7 * i) }, id_bande }),
  );
  await measure('POST /api/bande/vente', 'bandes', 8, () =>
    send('POST', '/api/bande/vente', token, { prix_unitaire: 2500, quantite: 30, id_bande, id_vente: -1 }),
  );
  await measure('GET /api/bande/{id}', 'bandes', 20, () => send('GET', `/api/bande/${id_bande}`, token), 'a layer batch with 132 entries (two months)');
  await measure(
    'GET /api/dashboard/periode/{debut}/{fin}',
    'bandes',
    20,
    () => send('GET', `/api/dashboard/periode/${Y}-03-01/${Y}-03-31`, token),
    'the home screen, one month',
  );

  // ── the shop ──
  const [shop] = (await send('GET', '/api/boutique', token)).json as { id: number }[];
  await send('POST', '/api/boutique/update', token, { id_boutique: shop.id, nom: 'Boutique coût', adresse: 'Thiès' });
  const produit = (await send('POST', '/api/produit', token, { id: 0, nom: 'Poulet coût', quantite: 100000, prix_cession: 1500, prix_vente: 3000 })).json as {
    id: number;
  };
  await measure(
    'POST /api/vente',
    'ventes',
    30,
    () => send('POST', '/api/vente', token, { produits: [{ id_produit: produit.id, quantite: 1 }], type: 'DIRECT' }),
    'one line',
  );
  const today = new Date().toISOString().slice(0, 10);
  await measure('POST /api/vente/boutique', 'ventes', 10, () => send('POST', '/api/vente/boutique', token, { debut: today, fin: today }), 'the day’s sales');

  // ── online: a photo, a published product, the storefront, an order and its delivery ──
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const img = await measure(
    'POST /api/produit/saveEcomImage',
    'ecommerce',
    3,
    () => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      return send('POST', '/api/produit/saveEcomImage', token, undefined, form);
    },
    `a ${Math.round(photo.length / 1024)} KB 1600×1200 JPEG from a phone`,
  );
  const ecom = (
    await send('POST', '/api/produit/addToEcom', token, {
      id: 0,
      id_produit: produit.id,
      produit: 'Poulet fermier coût',
      prix_unitaire: 3500,
      type_produit: 'poulet',
      images: [(img as { img: string }).img],
      ville: 'Thiès',
      adresse: 'Escale',
      description: 'Poulet de chair',
    })
  ).json as { id: number };
  await send('POST', '/api/produit/publierEcom', token, { id: ecom.id });
  await measure(
    'GET /api/vitrine/produits',
    'ecommerce',
    20,
    () => send('GET', `/api/vitrine/produits?ville=${encodeURIComponent('Thiès')}`, undefined),
    'a town’s first page',
  );
  const orders: string[] = [];
  await measure('POST /api/vitrine/commande', 'ecommerce', 10, async () => {
    const out = await send('POST', '/api/vitrine/commande', undefined, {
      id_entreprise: tenantId,
      id_produit: ecom.id,
      prenom: 'Awa',
      nom: 'Ndiaye',
      telephone: '771234567',
      adresse: 'Mbour',
      quantite: 1,
    });
    orders.push((out.json as { numero_commande: string }).numero_commande);
    return out;
  });
  const list = await measure('GET /api/produit/onlineCommande', 'ecommerce', 10, () => send('GET', '/api/produit/onlineCommande', token));
  const ids = (list as { id: number; numero_commande: string }[]).filter((c) => orders.includes(c.numero_commande)).map((c) => c.id);
  await measure('GET /api/produit/marquerCommeLivrer/{id}', 'ecommerce', ids.length, (i) => send('GET', `/api/produit/marquerCommeLivrer/${ids[i]}`, token));

  // ── a month of the plan paid with Wave: the request, then the flow from the payer's « Payer » to granted ──
  const sfn = new SFNClient({ endpoint: process.env.SFN_ENDPOINT, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const init = await measure('POST /api/initMensualitePaiement', 'paiements', 1, () =>
    send('POST', '/api/initMensualitePaiement', token, {
      code_plan: 'db1',
      nb_mois: 1,
      service_pay: 'wave',
      info_pay: { numero: '771234567', otp: '0000' },
      pays: 'sn',
    }),
  );
  const { id_paiement, payment_link } = init as { id_paiement: number; payment_link: string };
  await new Promise((r) => setTimeout(r, 50));
  await measure(
    'payment flow (Wave webhook → granted)',
    'paiements',
    1,
    async () => {
      await fetch(`${process.env.WAVE_API_URL}/__sandbox/sessions/${payment_link.split('/pay/')[1]}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const arn = process.env.PAYMENT_STATE_MACHINE_ARN!.replace(':stateMachine:', ':execution:') + `:pay-${tenantId}-${id_paiement}`;
      for (;;) {
        const d = await sfn.send(new DescribeExecutionCommand({ executionArn: arn }));
        if (d.status === 'SUCCEEDED') return { json: null, bytes: 0 };
        if (d.status !== 'RUNNING') throw new Error(`payment flow ${d.status}`);
        await new Promise((r) => setTimeout(r, 2));
      }
    },
    'the webhook and the flow’s two tasks: three invocations; wall time includes the local flow’s polling',
  );
  sfn.destroy();

  writeMeasures('routes', { measuredAt: new Date().toISOString(), load: loadText(), byName });
}

export function loadText(): string {
  return `load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`;
}

// Alone: `npx tsx tests/bench/cost-measures.ts` (its own in-memory stack, a fresh business).
if (process.argv[1] && resolve(process.argv[1]) === resolve('tests/bench/cost-measures.ts')) {
  (async () => {
    const { startStack } = await import('../../infra/local/server');
    const stack = await startStack({ dataDir: null, webDist: null, port: 0 });
    try {
      await measureRoutesForCost(stack);
    } finally {
      await stack.close();
      rmSync(stack.dataDir, { recursive: true, force: true });
    }
  })().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
