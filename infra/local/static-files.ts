// The built SPA, served as CloudFront serves it in AWS: hashed assets cached for a year, the rest
// revalidated, any path that names no file answered with index.html (hash routes).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import { securityHeaders } from '@shared/security-headers';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The built file a path names, or null for a path that is malformed or leaves web/dist (400). */
function staticFile(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = normalize(join(root, decoded));
  if (file !== root && !file.startsWith(root + sep)) return null;
  return file;
}

/** Serves the files of `webDist` (null: no interface built, every page answers 503). */
export function createStaticFiles(webDist: string | null) {
  const packedFiles = new Map<string, { mtimeMs: number; body: Buffer }>();
  /** The gzip of a hashed build file, made at its first request (null when it cannot be read). */
  function gzipped(file: string): Buffer | null {
    try {
      const { mtimeMs } = statSync(file);
      const kept = packedFiles.get(file);
      if (kept && kept.mtimeMs === mtimeMs) return kept.body;
      const body = gzipSync(readFileSync(file));
      packedFiles.set(file, { mtimeMs, body });
      return body;
    } catch {
      return null;
    }
  }

  function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL) {
    const spaHeaders = securityHeaders('spa');
    if (!webDist || !existsSync(join(webDist, 'index.html'))) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', ...spaHeaders });
      res.end("L'interface n'est pas construite : lancez npm run build.");
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      req.resume();
      res.writeHead(405, { 'content-type': 'text/plain; charset=utf-8', allow: 'GET, HEAD', ...spaHeaders });
      res.end('Méthode non autorisée.');
      return;
    }
    let file = staticFile(webDist, url.pathname);
    if (file === null) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', ...spaHeaders });
      res.end('Requête invalide : adresse mal encodée.');
      return;
    }
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(webDist, 'index.html');
    const type = MIME[extname(file)] ?? 'application/octet-stream';
    const immutable = file.includes(`${join(webDist, 'assets')}`);
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...spaHeaders,
    };
    const gzip = /gzip/.test(String(req.headers['accept-encoding'] ?? '')) && /text|javascript|json|svg/.test(type);
    if (gzip) headers['content-encoding'] = 'gzip';
    // A built file is compressed once and kept (as CloudFront keeps its compressed copy): on a
    // page load the same process answers the API too, and compressing the 220 KB React chunk
    // at every visit took the CPU the page's own scripts and the handlers needed.
    const packed = gzip && immutable ? gzipped(file) : null;
    if (packed) headers['content-length'] = String(packed.length);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    if (packed) return res.end(packed);
    const stream = createReadStream(file);
    // A file removed under our feet (a rebuild) or a client gone: end this answer, nothing more.
    stream.on('error', () => res.destroy());
    (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
  }

  return serveStatic;
}
