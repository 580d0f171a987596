// The bench's front door as CloudFront is in AWS: HTTPS and HTTP/2 before the local stack.
// The local server speaks HTTP/1.1 in clear text, where a browser opens at most six connections to a
// host and queues the rest: a dashboard's ~40 files and reads then wait for each other at every
// round trip, which no farmer sees in production (CloudFront answers phones over HTTP/2, one
// connection, every request at once). Lighthouse simulates the page from the connections it saw, so
// over the local server it scored a transport the farm never gets (decision 0402). This front
// terminates TLS with a throw-away self-signed certificate (made with the system's `openssl`) and
// forwards each request to the local stack unchanged. The bench's browsers trust that certificate by
// its public key (`--ignore-certificate-errors-spki-list`): a page with a certificate error is not
// cached by Chromium, and the login's prefetched files were fetched again after « Se connecter ».
// `BENCH_HTTP1=1` measures the local server as it is.
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Headers that belong to one HTTP/1.1 connection and may not be sent over HTTP/2. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings']);

export interface Front {
  url: string;
  /** Chromium's flag that makes its certificate trusted (no certificate error, so caching as usual). */
  trustFlag: string;
  close: () => Promise<void>;
}

/** An HTTPS + HTTP/2 front for `upstream` (http://127.0.0.1:port), on a free port. */
export async function startH2Front(upstream: string): Promise<Front> {
  const dir = mkdtempSync(join(tmpdir(), 'ganaar-h2-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  // The certificate's public key as Chromium names it: base64 of the SHA-256 of its SubjectPublicKeyInfo.
  const spki = createPublicKey(readFileSync(key)).export({ type: 'spki', format: 'der' });
  const trustFlag = `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`;
  const up = new URL(upstream);
  const server = createSecureServer(
    { key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true },
    (req: Http2ServerRequest, res: Http2ServerResponse) => {
      const headers: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(req.headers)) if (!k.startsWith(':') && v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
      headers.host = up.host;
      const out = httpRequest({ hostname: up.hostname, port: up.port, method: req.method, path: req.url, headers }, (answer) => {
        const back: Record<string, string | string[]> = {};
        for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) back[k] = v;
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
      });
      out.on('error', () => (res.headersSent ? res.destroy() : (res.writeHead(502), res.end())));
      req.pipe(out);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    trustFlag,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(dir, { recursive: true, force: true });
      }),
  };
}
