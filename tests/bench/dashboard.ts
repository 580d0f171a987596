// The period dashboard in `npm run bench`: GET api/dashboard/periode/{debut}/{fin} reads
// the entries dated in the range through GSI2, so its cost follows the range, not the history.
//   1. a month (June of last year) holding 10 batches × 20 entries: p50 and DynamoDB requests (1×);
//   2. the same month after 100 older batches (closed before June) × 20 entries were added
//      outside it (10× the data): target ≤ 1.3× the figure of 1;
//   3. 1 month against 12 months (July of the year before … June of last year) on that history, and the year view.
// Entries are recorded through the API with the day they happened (`date`); closings are
// moved to their day with a direct update (a closing takes no date).
// Run alone: `npx tsx tests/bench/dashboard.ts` (starts its own in-memory stack).
import { createHash } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddbCallCount } from '../../functions/lib/ddb';
import { bandeEndIndex } from '../../functions/bandes/repository';
import { TEST_YEAR } from '../helpers/test-dates';

/** The year of the bench's days: last year, always past and inside the server's limits (tests/helpers/test-dates.ts). */
const Y = TEST_YEAR;

type Call = (method: 'GET' | 'POST', path: string, token?: string, body?: unknown) => Promise<any>;

const RUNS = 30;
const IN_BATCHES = 10;
const HISTORY_BATCHES = 100;
const ENTRIES = 20;
export const DASHBOARD_RATIO_TARGET = 1.3;

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function pool<T>(items: T[], width: number, fn: (t: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export interface DashboardBench {
  rows: [string, string, string, string][];
  ratio: number;
}

export async function benchDashboard(call: Call, stack: { dynamoEndpoint: string; tableName: string }): Promise<DashboardBench> {
  const raw = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  /** A business of its own: its token and its batch builder. */
  const business = async (name: string) => {
    const email = `bench-dash-${name}-${Date.now()}@bench.ganaar.sn`;
    await call('POST', '/api/inscription', undefined, {
      prenom: 'bench',
      nom: 'dash',
      email,
      password: sha256('bench123'),
      telephone: '770000001',
      pays: 'Senegal',
      entreprise: 'Bench dashboard',
    });
    const login = await call('POST', '/api/login', undefined, { username: email, password: sha256('bench123') });
    const token: string = login.token;
    const t: number = login.user.id_entreprise;

    /** A batch started on `start` with ENTRIES entries over its first 40 days; closed on day 45 if asked. */
    const batch = async (start: string, close: boolean) => {
      const b = await call('POST', '/api/bande/create', token, { nom: `B ${start}`, nb_sujet: 50, date_demarage: start, type: 'chair', id_bande: -1 });
      const jobs = Array.from({ length: ENTRIES }, (_, i) => i);
      await pool(jobs, 4, async (i) => {
        const day = addDays(start, Math.floor((i * 40) / ENTRIES));
        if (i % 2) await call('POST', '/api/bande/vente', token, { prix_unitaire: 2500, quantite: 2, id_bande: b.id, id_vente: -1, date: day });
        else
          await call('POST', '/api/bande/depense', token, {
            depense: { id_type_depense: 1, designation: 'Aliment', prix_unitaire: 1000, quantite: 1 },
            id_bande: b.id,
            date: day,
          });
      });
      if (close) {
        await call('POST', '/api/bande/cloturer', token, { id_bande: b.id });
        const end = addDays(start, 45);
        const idx = bandeEndIndex(t, b.id, end);
        await raw.send(
          new UpdateCommand({
            TableName: stack.tableName,
            Key: { PK: `ENT#${t}#BANDE#${b.id}`, SK: 'BANDE' },
            UpdateExpression: 'SET closed_at = :c, GSI2SK = :sk',
            ExpressionAttributeValues: { ':c': `${end}T18:00:00.000Z`, ':sk': idx.GSI2SK },
          }),
        );
      }
    };
    return { token, batch };
  };

  /** p50 and DynamoDB requests of each path, runs alternated so that load drift hits them equally. */
  const measure = async (targets: { path: string; token: string }[]) => {
    for (let i = 0; i < 5; i++) for (const x of targets) await call('GET', x.path, x.token);
    const out = targets.map(() => ({ ms: [] as number[], calls: 0, body: null as any }));
    for (let i = 0; i < RUNS; i++) {
      for (const [j, x] of targets.entries()) {
        const c0 = ddbCallCount();
        const t0 = performance.now();
        out[j].body = await call('GET', x.path, x.token);
        out[j].ms.push(performance.now() - t0);
        out[j].calls += ddbCallCount() - c0;
      }
    }
    return out.map((o) => ({ p50: p50(o.ms), calls: o.calls / RUNS, body: o.body }));
  };

  // Two businesses with the same June: batches started at the end of May (they run past June:
  // only the June entries count). The second one also has 10× the data outside June: 100 batches
  // started from January of the year before to March, closed 45 days later.
  const june = `/api/dashboard/periode/${Y}-06-01/${Y}-06-30`;
  const only = await business('only');
  const hist = await business('hist');
  const mayStarts = Array.from({ length: IN_BATCHES }, (_, i) => `${Y}-05-${String(20 + i).padStart(2, '0')}`);
  await pool(mayStarts, 2, (d) => only.batch(d, false));
  await pool(mayStarts, 2, (d) => hist.batch(d, false));
  await pool(
    Array.from({ length: HISTORY_BATCHES }, (_, i) => addDays(`${Y - 1}-01-05`, i * 4)),
    2,
    (d) => hist.batch(d, true),
  );
  const [one, ten, year, months] = await measure([
    { path: june, token: only.token },
    { path: june, token: hist.token },
    { path: `/api/dashboard/periode/${Y - 1}-07-01/${Y}-06-30`, token: hist.token },
    { path: `/api/dashboard/mois/${Y}`, token: hist.token },
  ]);
  raw.destroy();

  if (one.body.depense !== ten.body.depense || one.body.bandes !== ten.body.bandes) {
    throw new Error(`dashboard changed with data outside the range: ${JSON.stringify(one.body)} vs ${JSON.stringify(ten.body)}`);
  }
  const ratio = ten.p50 / one.p50;
  const entriesOf = (b: any) => b.depense / 1000 + b.nb_vendu / 2;
  const inJune = entriesOf(one.body);
  return {
    ratio,
    rows: [
      [`GET ${june} (1×: ${inJune} entries in range)`, one.calls.toFixed(2), one.p50.toFixed(1), `${one.body.bandes} active batches`],
      [
        `same month, 10× history outside (${HISTORY_BATCHES * ENTRIES} entries)`,
        ten.calls.toFixed(2),
        ten.p50.toFixed(1),
        `${ratio.toFixed(2)}× the 1× figure (target ≤ ${DASHBOARD_RATIO_TARGET})`,
      ],
      [
        'GET api/dashboard/periode over 12 months',
        year.calls.toFixed(2),
        year.p50.toFixed(1),
        `${year.body.bandes} active batches, ${entriesOf(year.body)} entries`,
      ],
      [
        `GET api/dashboard/mois/${Y} (12 months)`,
        months.calls.toFixed(2),
        months.p50.toFixed(1),
        `${(ten.p50 > 0 ? months.p50 / ten.p50 : 0).toFixed(2)}× the 1-month figure`,
      ],
    ],
  };
}

// Alone: its own in-memory stack.
if (process.argv[1] && /bench[\\/]dashboard\.ts$/.test(process.argv[1])) {
  const { startStack } = await import('../../infra/local/server');
  const { rmSync } = await import('node:fs');
  const stack = await startStack({ dataDir: null, webDist: null, port: 0 });
  const call: Call = async (method, path, token, body) => {
    const r = await fetch(`${stack.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  try {
    const r = await benchDashboard(call, stack);
    for (const row of r.rows) console.log(row.join(' │ '));
  } finally {
    await stack.close();
    rmSync(stack.dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}
