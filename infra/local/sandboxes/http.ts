// The small HTTP plumbing shared by the local payment sandboxes (Wave, Orange Money): a server on a
// free local port, a path router, bodies, answers, and the delivery of webhooks with the test
// behaviours (deliver, drop, delay, corrupt, stale, unsigned, duplicates).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface Req {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  json<T = any>(): T | null;
  form(): URLSearchParams;
}

export interface Res {
  status: number;
  body?: unknown;
  html?: string;
  redirect?: string;
}

export type Route = [method: string, pattern: string, handler: (req: Req) => Promise<Res> | Res];

export const json = (status: number, body: unknown): Res => ({ status, body });

function compile(pattern: string): { re: RegExp; names: string[] } {
  const names: string[] = [];
  const re = new RegExp(
    '^' +
      pattern
        .split('/')
        .map((seg) => {
          if (seg.startsWith(':')) {
            names.push(seg.slice(1));
            return '([^/]+)';
          }
          return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('/') +
      '$',
  );
  return { re, names };
}

export interface Sandbox {
  url: string;
  close(): Promise<void>;
}

export async function serve(routes: Route[], port = 0): Promise<{ url: string; server: Server }> {
  const table = routes.map(([method, pattern, handler]) => ({ method, handler, ...compile(pattern) }));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://sandbox');
      const raw = Buffer.concat(chunks);
      let out: Res = json(404, { code: 'not-found', message: 'Not found' });
      for (const r of table) {
        const m = r.method === req.method ? r.re.exec(url.pathname) : null;
        if (!m) continue;
        const params: Record<string, string> = {};
        r.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1])));
        const request: Req = {
          method: req.method ?? 'GET',
          path: url.pathname,
          params,
          query: url.searchParams,
          headers: req.headers,
          raw,
          json: () => {
            try {
              return JSON.parse(raw.toString('utf8'));
            } catch {
              return null;
            }
          },
          form: () => new URLSearchParams(raw.toString('utf8')),
        };
        try {
          out = await r.handler(request);
        } catch (err) {
          out = json(500, { code: 'sandbox-error', message: (err as Error).message });
        }
        break;
      }
      if (out.redirect) {
        res.writeHead(303, { location: out.redirect });
        return res.end();
      }
      if (out.html !== undefined) {
        res.writeHead(out.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(out.html);
      }
      res.writeHead(out.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out.body ?? null));
    });
  });
  const actual = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
  return { url: `http://127.0.0.1:${actual}`, server };
}

export async function stop(server: Server): Promise<void> {
  await new Promise<void>((r) => server.close(() => r()));
  server.closeAllConnections?.();
}

/** How a webhook is sent, so the tests can break it on purpose. */
export interface Delivery {
  /** deliver (default), drop (never sent), corrupt (body changed after signing), stale (signed
   * 10 minutes ago), unsigned (no signature / no key). */
  mode?: 'deliver' | 'drop' | 'corrupt' | 'stale' | 'unsigned';
  /** Sent after this many milliseconds. */
  delayMs?: number;
  /** Sent this many times (a provider retrying, or a replay). */
  times?: number;
}

export function parseDelivery(v: unknown): Delivery {
  const d = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const modes = ['deliver', 'drop', 'corrupt', 'stale', 'unsigned'];
  return {
    mode: modes.includes(String(d.mode)) ? (d.mode as Delivery['mode']) : 'deliver',
    delayMs: Math.max(0, Math.min(120_000, Number(d.delayMs) || 0)),
    times: Math.max(1, Math.min(50, Number(d.times) || 1)),
  };
}

export interface DeliveryRecord {
  at: string;
  mode: string;
  status: number | null;
  error?: string;
}

/** POSTs a webhook; answers the HTTP status (null when our endpoint was unreachable). */
export async function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number | null; error?: string }> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, signal: AbortSignal.timeout(15_000) });
    await res.text();
    return { status: res.status };
  } catch (err) {
    return { status: null, error: (err as Error).message };
  }
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export { formatFcfa as fcfa } from '@shared/format';

/** A phone-sized page in the sandbox's colours. */
export function page(title: string, accent: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f8;color:#1c2430}
header{background:${accent};color:#fff;padding:14px 18px;font-weight:700;font-size:18px}
header small{display:block;font-weight:400;font-size:12px;opacity:.9}
main{max-width:420px;margin:24px auto;padding:0 16px}
.card{background:#fff;border-radius:14px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.amount{font-size:30px;font-weight:800;margin:6px 0 2px}.muted{color:#5b6675;font-size:14px;margin:4px 0}
form{margin:0}button,input{font:inherit}input{width:100%;padding:12px;border:1px solid #c8d0da;border-radius:10px;margin:6px 0 12px}
.btn{display:block;width:100%;padding:14px;border:0;border-radius:10px;font-weight:700;font-size:16px;cursor:pointer;margin-top:12px}
.pay{background:${accent};color:#fff}.refuse{background:#fff;color:#b42318;border:1px solid #f0b8b3}
.code{font-size:34px;letter-spacing:6px;font-weight:800;text-align:center;margin:12px 0}
.note{font-size:12px;color:#5b6675;margin-top:16px;text-align:center}
</style></head><body>${body}</body></html>`;
}
