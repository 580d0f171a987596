// Byte-exact HTTP for hostile-input tests: `fetch` normalises paths, refuses some headers and
// always sends a complete body, so malformed URLs, undecodable cookies, wrong content lengths and
// bodies cut short go through node:http instead.
import { request, type Agent } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** JSON body when it parses, else null. */
  json: any;
}

export interface RawOptions {
  headers?: Record<string, string>;
  /** Sent as is; a string is sent as UTF-8. */
  body?: string | Buffer;
  /** Give up (reject) when no answer came within this many ms. */
  timeoutMs?: number;
  /** A keep-alive agent to reuse connections (default: one connection per request, closed after). */
  agent?: Agent;
}

function parseJson(text: string): any {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** One request to `baseUrl` with `path` sent exactly as given (no normalisation, no encoding). */
export function rawRequest(baseUrl: string, method: string, path: string, opts: RawOptions = {}): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: opts.agent ? { ...(opts.headers ?? {}) } : { connection: 'close', ...(opts.headers ?? {}) },
        agent: opts.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: parseJson(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.timeoutMs) {
      req.setTimeout(opts.timeoutMs, () => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)));
    }
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/**
 * Declares a body of `declaredBytes` but sends only `sentBytes` of it, then waits for an answer
 * without ever finishing the body: a server that buffers the whole declared body never answers.
 */
export function partialBody(
  baseUrl: string,
  path: string,
  declaredBytes: number | 'chunked',
  sentBytes: number,
  headers: Record<string, string> = {},
  timeoutMs = 5000,
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const h: Record<string, string> = { 'content-type': 'application/json', ...headers };
    if (declaredBytes !== 'chunked') h['content-length'] = String(declaredBytes);
    let answered = false;
    const req = request({ host: url.hostname, port: url.port, method: 'POST', path, headers: h, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: parseJson(text) });
        req.destroy();
      });
    });
    // Once the answer is in, the server may close the socket while we still write: expected.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < sentBytes) {
        const n = Math.min(chunk.length, sentBytes - sent);
        sent += n;
        if (!req.write(chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}
