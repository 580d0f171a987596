// Load figures for `npm run bench`: autocannon against a running local stack, N connections for a
// fixed time on one kind of request, reporting throughput, p50/p99 latency and errors (connection
// errors, timeouts and non-2xx answers). Reusable: a bench section describes its request as a
// LoadTarget (a fixed request, or one built per request by `next`, e.g. a different client IP
// or product each time) and gets a LoadFigure back.
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadTarget {
  name: string;
  /** The request; or a function giving the next one (called for every request sent). */
  request: LoadRequest | ((n: number) => LoadRequest);
}

export interface LoadOptions {
  connections?: number;
  durationSeconds?: number;
}

export interface LoadFigure {
  name: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Connection errors and timeouts. */
  socketErrors: number;
  /** Answers outside 2xx (a 429 of a rate limit, a 409 of a conflict, any 5xx). */
  non2xx: number;
  status5xx: number;
}

export async function loadTest(baseUrl: string, target: LoadTarget, opts: LoadOptions = {}): Promise<LoadFigure> {
  const connections = opts.connections ?? 50;
  const durationSeconds = opts.durationSeconds ?? 10;
  let n = 0;
  const build = typeof target.request === 'function' ? target.request : () => target.request as LoadRequest;
  const first = build(n);
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationSeconds,
    timeout: 30,
    requests: [
      {
        method: first.method,
        path: first.path,
        headers: { 'content-type': 'application/json', ...(first.headers ?? {}) },
        body: first.body,
        // Called before every request a connection sends: a fresh request each time.
        setupRequest: (req) => {
          const r = build(n++);
          return { ...req, method: r.method, path: r.path, headers: { 'content-type': 'application/json', ...(r.headers ?? {}) }, body: r.body };
        },
      },
    ],
  });
  return {
    name: target.name,
    connections,
    durationSeconds,
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    socketErrors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    status5xx: result['5xx'],
  };
}

export function printLoad(figures: LoadFigure[]): void {
  const rows: string[][] = [
    ['load (autocannon)', 'connections', 'requests', 'req/s', 'p50 (ms)', 'p99 (ms)', 'max (ms)', 'errors', 'non-2xx', '5xx'],
    ...figures.map((f) => [
      f.name,
      String(f.connections),
      String(f.requests),
      f.perSecond.toFixed(0),
      String(f.p50),
      String(f.p99),
      String(f.max),
      String(f.socketErrors),
      String(f.non2xx),
      String(f.status5xx),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join(' │ ');
  console.log('');
  console.log(line(rows[0]));
  console.log(widths.map((w) => '─'.repeat(w)).join('─┼─'));
  for (const r of rows.slice(1)) console.log(line(r));
  console.log(`${figures[0]?.durationSeconds ?? 0} s per line; errors = connection errors + timeouts.`);
}
