// The network bench's HTTPS + HTTP/2 front (tests/bench/h2-front.ts, decision 0402) must forward
// requests and answers unchanged, or the bench would measure another app than the one it serves.
import { createServer, type Server } from 'node:http';
import { connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startH2Front, type Front } from '../bench/h2-front';

let upstream: Server;
let front: Front;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.writeHead(req.url === '/missing' ? 404 : 200, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        'x-seen-host': req.headers.host ?? '',
      });
      res.end(JSON.stringify({ method: req.method, url: req.url, body, auth: req.headers.authorization ?? null }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  front = await startH2Front(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await front?.close();
  await new Promise((r) => upstream?.close(r));
});

/** One request over HTTP/2 to the front (its certificate is self-signed: not checked here). */
function ask(path: string, method = 'GET', body?: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const session = connect(front.url, { rejectUnauthorized: false });
    session.on('error', reject);
    const req = session.request({ ':method': method, ':path': path, ...headers });
    let text = '';
    let head: Record<string, unknown> = {};
    req.on('response', (h) => (head = h));
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      session.close();
      resolve({ status: Number(head[':status']), headers: head, text });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the bench front (HTTPS + HTTP/2 before the local stack)', () => {
  it('forwards the method, path, query, body and headers, and answers with the upstream status and headers', async () => {
    const r = await ask('/api/x?a=1', 'POST', '{"n":2}', { authorization: 'Bearer t', 'content-type': 'application/json' });
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(String(r.headers['x-seen-host'])).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(JSON.parse(r.text)).toEqual({ method: 'POST', url: '/api/x?a=1', body: '{"n":2}', auth: 'Bearer t' });
    expect((await ask('/missing')).status).toBe(404);
  });

  it('names the certificate key Chromium is to trust', () => {
    expect(front.trustFlag).toMatch(/^--ignore-certificate-errors-spki-list=[A-Za-z0-9+/]{43}=$/);
  });
});
