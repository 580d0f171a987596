// Lambda bundles and cold starts, measured with the esbuild settings CDK deploys with
// (infra/cdk/bundling.ts):
//   - each domain's minified bundle against the 250 KB budget, with its largest inputs;
//   - cold start: a fresh Node process loads the domain's bundle and answers one request of a new
//     owner (an account as empty as the floor's keys) against DynamoDB Local; the figure is the
//     time from the process's start to the answer
//     (performance.now() in the child: Node's own boot + module load + config + first request),
//     p50 over 10 fresh processes per domain;
//   - the floor (tests/bench/lambda-floor.ts): the same measure for a bundle holding only the
//     DynamoDB client and the two requests of an authenticated read, what no domain can go below.
//     The budget is a ratio to the floor measured in the same run (each domain's p50 ≤ 1.3× the
//     floor's p50): other load on a shared machine slows the floor and the domains alike, so the
//     check holds on a busy machine and fails only when a domain's own code costs too much.
// Runs inside `npm run bench` (tests/bench/run.ts) and alone: `npm run bench:lambda`.
import { build, type Metafile } from 'esbuild';
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { activeDomains, routesOf, type Domain, type RouteRow } from '@shared/api/routes';
import { LAMBDA_BUNDLE_BUDGET_KB, LAMBDA_BUNDLING, NATIVE_MODULES } from '../../infra/cdk/bundling';
import { writeMeasures } from '../../infra/ops/cost/measures';

const OUT_DIR = resolve('.bench/lambda');
export const COLD_START_RUNS = Number(process.env.COLD_START_RUNS ?? 10);
/** Each domain's cold start p50 against the floor's p50 in the same run. */
export const COLD_START_RATIO_BUDGET = 1.3;

export interface BundleSize {
  domain: Domain;
  /** The deployed file, AWS SDK included. */
  kb: number;
  /** Of which the AWS SDK (@aws-sdk/*, @smithy/*, and what only they use). */
  sdkKb: number;
  /** The rest: the domain's code, its schemas, zod. The 250 KB budget applies here. */
  ownKb: number;
  top: { input: string; kb: number }[];
}

const SDK_PACKAGE = /node_modules\/(@aws-sdk|@smithy|@aws|mnemonist|obliterator|fast-xml-parser|strnum|tslib|bowser|uuid)\//;

function sdkBytes(meta: Metafile): number {
  const out = Object.values(meta.outputs).find((o) => o.entryPoint);
  let bytes = 0;
  for (const [file, v] of Object.entries(out?.inputs ?? {}))
    if (SDK_PACKAGE.test(file) || file.endsWith('functions/lib/lambda-credentials.ts')) bytes += v.bytesInOutput;
  return bytes;
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

function topInputs(meta: Metafile): { input: string; kb: number }[] {
  const out = Object.values(meta.outputs).find((o) => o.entryPoint);
  const byPackage = new Map<string, number>();
  for (const [file, v] of Object.entries(out?.inputs ?? {})) {
    const nm = file.lastIndexOf('node_modules/');
    let key: string;
    if (nm >= 0) {
      const parts = file.slice(nm + 'node_modules/'.length).split('/');
      key = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    } else {
      key = file.split('/').slice(0, 2).join('/');
    }
    byPackage.set(key, (byPackage.get(key) ?? 0) + v.bytesInOutput);
  }
  return [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([input, bytes]) => ({ input, kb: kb(bytes) }));
}

/** One Lambda bundle with the esbuild settings CDK deploys with (infra/cdk/bundling.ts). */
function buildBundle(entry: string, outfile: string, external: readonly string[] = []) {
  return build({
    entryPoints: [entry],
    bundle: true,
    outfile,
    format: LAMBDA_BUNDLING.format,
    platform: LAMBDA_BUNDLING.platform,
    target: LAMBDA_BUNDLING.target,
    mainFields: LAMBDA_BUNDLING.mainFields,
    banner: { js: LAMBDA_BUNDLING.banner },
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourceMap,
    sourcesContent: LAMBDA_BUNDLING.sourcesContent,
    external: [...LAMBDA_BUNDLING.external, ...external],
    alias: Object.fromEntries(Object.entries(LAMBDA_BUNDLING.alias).map(([from, to]) => [from, resolve(to)])),
    metafile: true,
    logLevel: 'error',
  });
}

/** Builds every domain's Lambda bundle as CDK would and returns its size. */
export async function buildLambdas(): Promise<BundleSize[]> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  const sizes: BundleSize[] = [];
  for (const domain of activeDomains()) {
    const outfile = join(OUT_DIR, domain, 'index.mjs');
    const result = await buildBundle(join('functions', domain, 'handler.ts'), outfile, NATIVE_MODULES[domain] ?? []);
    const total = statSync(outfile).size;
    const sdk = sdkBytes(result.metafile);
    sizes.push({ domain, kb: kb(total), sdkKb: kb(sdk), ownKb: kb(total - sdk), top: topInputs(result.metafile) });
  }
  return sizes;
}

export function printLambdaSizes(sizes: BundleSize[]): void {
  console.log(
    `\n## Lambda bundles (minified, esbuild settings of infra/cdk/bundling.ts; budget ${LAMBDA_BUNDLE_BUDGET_KB} KB each without the AWS SDK, which is bundled for faster cold starts)`,
  );
  console.log('| domain | own code KB | AWS SDK KB | deployed file KB | largest inputs |');
  console.log('|---|---:|---:|---:|---|');
  for (const s of sizes) console.log(`| ${s.domain} | ${s.ownKb} | ${s.sdkKb} | ${s.kb} | ${s.top.map((t) => `${t.input} ${t.kb}`).join(', ')} |`);
}

/** The one request a cold start answers, per domain: a read any signed-in owner may make. */
export interface ColdRequest {
  method: 'GET' | 'POST';
  path: string;
  routeKey: string;
  pathParameters?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent without the bearer token (public routes). */
  anonymous?: boolean;
  /** The answer expected when it is not 2xx (the operator's rows refuse a business owner: 403). */
  expect?: number;
}

function firstGet(domain: Domain): ColdRequest {
  return defaultRequest(routesOf(domain));
}

function defaultRequest(rows: RouteRow[]): ColdRequest {
  // The first GET row without path parameters that a business owner may call; else the first row.
  const row = rows.find((r) => r.method === 'GET' && !r.path.includes('{') && r.access !== 'public') ?? rows[0];
  return { method: row.method, path: row.path, routeKey: `${row.method} ${row.path}`, body: row.method === 'POST' ? {} : undefined };
}

export interface ColdStartResult {
  domain: Domain | 'floor';
  /** p50 of each phase: Node's own boot, loading the bundle (with the SDK it imports), the first request. */
  boot: number;
  load: number;
  request: number;
  p50: number;
  /** p50 of the CPU time used by the whole process (boot included). */
  cpu: number;
  min: number;
  max: number;
  status: number;
  expected: number;
  /** p50 against the floor's p50 of the same run (wall time; `cpuRatio` the same for CPU time); 1 for the floor. */
  ratio?: number;
  cpuRatio?: number;
}

const CHILD = `
const t0 = performance.now();
const { handler } = await import(process.env.BUNDLE);
const req = JSON.parse(process.env.REQUEST);
const now = new Date();
const event = {
  version: '2.0', routeKey: req.routeKey, rawPath: req.path, rawQueryString: '',
  headers: { 'content-type': 'application/json', ...(req.headers ?? {}) },
  pathParameters: req.pathParameters,
  requestContext: { accountId: 'bench', apiId: 'bench', domainName: 'localhost', domainPrefix: 'localhost',
    http: { method: req.method, path: req.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
    requestId: 'cold', routeKey: req.routeKey, stage: '$default', time: now.toISOString(), timeEpoch: now.getTime() },
  body: req.body === undefined ? undefined : JSON.stringify(req.body), isBase64Encoded: false,
};
const t1 = performance.now();
const out = await handler(event, { awsRequestId: 'cold', getRemainingTimeInMillis: () => 30000 });
const t2 = performance.now();
const cpu = process.cpuUsage();
process.stdout.write(JSON.stringify({ total: t2, boot: t0, load: t1 - t0, request: t2 - t1, cpu: (cpu.user + cpu.system) / 1000, status: out.statusCode }));
`;

interface ChildRun {
  total: number;
  /** CPU time the process used (user + system), which other load on the machine barely changes. */
  cpu: number;
  boot: number;
  load: number;
  request: number;
  status: number;
}

function runChild(bundle: string, request: ColdRequest, env: NodeJS.ProcessEnv): Promise<ChildRun> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
      env: { ...env, BUNDLE: bundle, REQUEST: JSON.stringify(request) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`cold start child exited ${code}: ${err.trim().split('\n').slice(-3).join(' ')}`));
      try {
        resolveRun(JSON.parse(out));
      } catch {
        reject(new Error(`cold start child printed ${out} ${err}`));
      }
    });
  });
}

/** The floor's bundle (tests/bench/lambda-floor.ts), built with the same settings. */
export async function buildFloor(): Promise<string> {
  const outfile = join(OUT_DIR, 'floor', 'index.mjs');
  await buildBundle('tests/bench/lambda-floor.ts', outfile);
  return `file://${outfile}`;
}

interface ColdTarget {
  domain: Domain | 'floor';
  bundle: string;
  request: ColdRequest;
  expected: number;
}

/**
 * Cold starts of every domain (and of the floor when its bundle is given) against a running local
 * stack's DynamoDB Local. `token` is an owner's session; `overrides` give a domain's request when
 * the default (its first plain GET) does not fit. The processes take turns, one of each domain per
 * round: a burst of load from elsewhere on a shared machine then lands on every domain alike, not
 * on the whole sample of one.
 */
export async function measureColdStarts(opts: {
  env: NodeJS.ProcessEnv;
  token: string;
  overrides?: Partial<Record<Domain, ColdRequest>>;
  runs?: number;
  floor?: string;
}): Promise<ColdStartResult[]> {
  // A file:// URL so the child's dynamic import resolves @aws-sdk/* from the repository's node_modules.
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, 'package.json'), '{"type":"module"}');
  const targets: ColdTarget[] = activeDomains().map((domain) => {
    const req = opts.overrides?.[domain] ?? defaultRequest(routesOf(domain));
    const request = req.anonymous ? req : { ...req, headers: { authorization: `Bearer ${opts.token}`, ...(req.headers ?? {}) } };
    return { domain, bundle: `file://${join(OUT_DIR, domain, 'index.mjs')}`, request, expected: req.expect ?? 200 };
  });
  if (opts.floor) targets.push({ domain: 'floor', bundle: opts.floor, request: { method: 'GET', path: '/floor', routeKey: 'GET /floor' }, expected: 200 });
  const runs = targets.map((): ChildRun[] => []);
  for (let i = 0; i < (opts.runs ?? COLD_START_RUNS); i++) {
    for (const [k, t] of targets.entries()) runs[k].push(await runChild(t.bundle, t.request, opts.env));
  }
  const results = targets.map((t, k) => summarize(t, runs[k]));
  const floor = results.find((r) => r.domain === 'floor');
  if (floor) for (const r of results) Object.assign(r, { ratio: r.p50 / floor.p50, cpuRatio: r.cpu / floor.cpu });
  return results;
}

function summarize(target: ColdTarget, runs: ChildRun[]): ColdStartResult {
  const median = (pick: (r: ChildRun) => number) => {
    const xs = runs.map(pick).sort((a, b) => a - b);
    return xs[Math.floor(xs.length / 2)];
  };
  const totals = runs.map((r) => r.total).sort((a, b) => a - b);
  return {
    domain: target.domain,
    boot: median((r) => r.boot),
    load: median((r) => r.load),
    request: median((r) => r.request),
    p50: median((r) => r.total),
    cpu: median((r) => r.cpu),
    min: totals[0],
    max: totals[totals.length - 1],
    status: Math.max(...runs.map((r) => r.status)),
    expected: target.expected,
  };
}

const times = (n: number | undefined) => (n === undefined ? '' : `${n.toFixed(2)}×`);

export function printColdStarts(results: ColdStartResult[]): void {
  console.log(
    `\n## Cold starts (fresh Node process: boot + bundle load + one request on DynamoDB Local; p50 of ${COLD_START_RUNS} rounds taking turns; budget: p50 ≤ ${COLD_START_RATIO_BUDGET}× the floor's p50 in the same run)`,
  );
  console.log('| domain | status | node boot | bundle load | 1st request | total p50 ms | × floor | min | max | CPU p50 ms | CPU × floor |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const f = (n: number) => n.toFixed(0);
  for (const r of results)
    console.log(
      `| ${r.domain === 'floor' ? 'floor (SDK + 2 requests, no domain code)' : r.domain} | ${r.status} | ${f(r.boot)} | ${f(r.load)} | ${f(r.request)} | ${f(r.p50)} | ${times(r.ratio)} | ${f(r.min)} | ${f(r.max)} | ${f(r.cpu)} | ${times(r.cpuRatio)} |`,
    );
  const { load, cores } = machineLoad();
  console.log(
    `(machine load average ${load.toFixed(1)} on ${cores} cores: wall times grow with other load, CPU times barely do; budget on CPU × floor, and on × floor ${load <= cores ? 'too' : 'not now: more processes than cores'})`,
  );
}

/** The machine's load when the cold starts were measured: past one process per core, wall times measure the queue for a CPU. */
export interface MachineLoad {
  load: number;
  cores: number;
}

const machineLoad = (): MachineLoad => ({ load: os.loadavg()[0], cores: os.availableParallelism() });

/**
 * Fails the bench when a domain is over its budgets: bundle size, and cold start against the floor
 * of the same run. The cold start is checked on CPU time always: the work a domain's start costs,
 * which other load on a shared machine barely changes (on Lambda the function has its CPU to
 * itself). Wall time is checked too while the machine runs at most one process per core; above
 * that, other processes' turns on the CPU land unevenly on the two sides of the ratio (1.76× at
 * load 9 on 2 cores for a domain at 1.21× in CPU time), so it is printed and not checked.
 */
export function checkLambdaBudgets(sizes: BundleSize[], colds: ColdStartResult[] = [], machine: MachineLoad = machineLoad()): string[] {
  const over: string[] = [];
  for (const s of sizes) if (s.ownKb > LAMBDA_BUNDLE_BUDGET_KB) over.push(`${s.domain} bundle (without the SDK) ${s.ownKb} KB > ${LAMBDA_BUNDLE_BUDGET_KB} KB`);
  const floor = colds.find((c) => c.domain === 'floor');
  if (colds.length && !floor) over.push('cold starts measured without the floor: no budget to check them against');
  const wallChecked = machine.load <= machine.cores;
  for (const c of colds) {
    if (c.domain === 'floor') continue;
    if (floor && c.cpu > COLD_START_RATIO_BUDGET * floor.cpu)
      over.push(
        `${c.domain} cold start CPU p50 ${c.cpu.toFixed(0)} ms = ${times(c.cpu / floor.cpu)} the floor's (${floor.cpu.toFixed(0)} ms) > ${COLD_START_RATIO_BUDGET}×`,
      );
    if (floor && wallChecked && c.p50 > COLD_START_RATIO_BUDGET * floor.p50)
      over.push(
        `${c.domain} cold start p50 ${c.p50.toFixed(0)} ms = ${times(c.p50 / floor.p50)} the floor (${floor.p50.toFixed(0)} ms) > ${COLD_START_RATIO_BUDGET}×`,
      );
    if (c.status !== c.expected) over.push(`${c.domain} cold-start request answered ${c.status}, expected ${c.expected}`);
  }
  return over;
}

/**
 * A new owner's session on the stack at `baseUrl`: the cold starts' requests read an account as
 * empty as the floor's keys, so that the figure is the domain's start and not the size of an
 * account (`npm run bench`'s own account holds 221 batches by then, and listing them was most of
 * bandes' first request: 81 ms against the floor's 40).
 */
async function freshOwnerToken(baseUrl: string): Promise<string> {
  const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');
  const email = `lambda-${randomUUID()}@bench.ganaar.sn`;
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  await post('/api/inscription', {
    prenom: 'bench',
    nom: 'lambda',
    email,
    password: sha256('bench123'),
    telephone: '770000000',
    pays: 'Senegal',
    entreprise: 'Bench',
  });
  const login = await post('/api/login', { username: email, password: sha256('bench123') });
  if (typeof login.token !== 'string') throw new Error(`cold starts: the bench account could not sign in: ${JSON.stringify(login)}`);
  return login.token;
}

/**
 * The whole Lambda section of the bench: bundle sizes, then cold starts against the stack at
 * `baseUrl` (as a new owner). Returns the budget overruns.
 */
export async function benchLambdas(baseUrl: string): Promise<string[]> {
  const token = await freshOwnerToken(baseUrl);
  const sizes = await buildLambdas();
  printLambdaSizes(sizes);
  // The local stack put every variable a handler reads (table, endpoints, secrets, payment
  // settings) in this process's environment, as CDK does for each Lambda.
  const env: NodeJS.ProcessEnv = { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', NODE_OPTIONS: '' };

  const colds = await measureColdStarts({
    env,
    token,
    floor: await buildFloor(),
    overrides: {
      // The permission check reads the right named in the `droit` header.
      utilisateurs: { method: 'GET', path: '/api/user/checkPermission', routeKey: 'GET /api/user/checkPermission', headers: { droit: 'bandav:r' } },
      ventes: { method: 'POST', path: '/api/vente/boutique', routeKey: 'POST /api/vente/boutique', body: { debut: '2026-01-01', fin: '2026-01-31' } },
      acces: { method: 'GET', path: '/api/checkToken', routeKey: 'GET /api/checkToken' },
      // Authenticated, then refused: the operator's console is not for a business owner.
      operateur: { ...firstGet('operateur'), expect: 403 },
      // What a client opening a WhatsApp link meets first: the public page (its per-IP limit is a
      // DynamoDB write), here with a well-formed token whose signature does not hold: 404.
      partage: {
        method: 'GET',
        path: `/p/${'A'.repeat(22)}.${'A'.repeat(22)}`,
        routeKey: 'GET /p/{token}',
        pathParameters: { token: `${'A'.repeat(22)}.${'A'.repeat(22)}` },
        anonymous: true,
        expect: 404,
      },
    },
  });
  printColdStarts(colds);
  // For `npm run cost`: a cold start's duration, priced on the share of invocations that start a container.
  writeMeasures('lambda', {
    measuredAt: new Date().toISOString(),
    load: `load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`,
    coldStarts: Object.fromEntries(colds.filter((c) => c.domain !== 'floor').map((c) => [c.domain, { p50Ms: Math.round(c.p50), cpuMs: Math.round(c.cpu) }])),
  });
  return checkLambdaBudgets(sizes, colds);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('tests/bench/lambda.ts')) {
  (async () => {
    const { startStack } = await import('../../infra/local/server');
    const stack = await startStack({ dataDir: null, webDist: null, port: 0 });
    try {
      const over = await benchLambdas(stack.url);
      if (over.length) throw new Error(`over budget: ${over.join('; ')}`);
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
