// A journey that changes the built SPA (the offline journey deploys a new sw.js to see the update
// prompt) gets its own copy of web/dist on its own origin: its pages are served from the copy, and
// /api, /admin, /images and /p (shared documents' pages) are passed to the shared test stack as they are. Another port is another
// origin, so the copy's service worker and caches are the journey's alone, and the journeys that
// run beside it keep loading the untouched web/dist (docs/decisions/0191-write-journal-journeys-side-by-side.md).
import { createServer, request, type Server } from 'node:http';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { createStaticFiles } from '../../infra/local/static-files';

export interface OwnOrigin {
  /** Where the journey's pages load from (http://127.0.0.1:<its own port>). */
  url: string;
  /** The journey's copy of web/dist: change it freely. */
  distDir: string;
  close(): Promise<void>;
}

const PASSED_ON = /^\/(api|admin|images|p)(\/|$)/;

export async function startOwnOrigin(): Promise<OwnOrigin> {
  const stack = new URL(inject('baseUrl'));
  const distDir = mkdtempSync(join(tmpdir(), 'ganaar-dist-'));
  cpSync(resolve('web/dist'), distDir, { recursive: true });
  const serveStatic = createStaticFiles(distDir);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!PASSED_ON.test(url.pathname)) return serveStatic(req, res, url);
    const upstream = request(
      { host: stack.hostname, port: stack.port, method: req.method, path: req.url, headers: { ...req.headers, host: stack.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // The stack closed under a late request of the page: end this answer, the test has its result.
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await new Promise<number>((done) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      done(typeof a === 'object' && a ? a.port : 0);
    }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    distDir,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}
