// Bundle sizes of the built SPA (web/dist): the JavaScript the first screen loads (the entry script
// of index.html and every chunk it preloads), gzipped, against the 150 KB budget, and each lazy chunk.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_SCREEN_BUDGET_KB = 150;

export interface BundleReport {
  firstScreen: { files: string[]; rawKB: number; gzipKB: number };
  chunks: { file: string; rawKB: number; gzipKB: number }[];
  cssGzipKB: number;
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

export function measureBundle(dist = 'web/dist'): BundleReport {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: run npm run build first`);
  const html = readFileSync(index, 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) refs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) refs.add(m[1]);
  const firstFiles = [...refs].map((r) => r.replace(/^\.?\//, ''));
  let raw = 0;
  let gz = 0;
  for (const f of firstFiles) {
    const buf = readFileSync(join(dist, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  const assets = join(dist, 'assets');
  const chunks = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const buf = readFileSync(join(assets, f));
      return { file: `assets/${f}`, rawKB: kb(buf.length), gzipKB: kb(gzipSync(buf, { level: 9 }).length) };
    })
    .sort((a, b) => b.gzipKB - a.gzipKB);
  const cssGzip = readdirSync(assets)
    .filter((f) => f.endsWith('.css'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
  return { firstScreen: { files: firstFiles, rawKB: kb(raw), gzipKB: kb(gz) }, chunks, cssGzipKB: kb(cssGzip) };
}

export function printBundle(r: BundleReport): void {
  console.log('\n## Bundle (web/dist)');
  console.log(`first screen JS: ${r.firstScreen.gzipKB} KB gzip (${r.firstScreen.rawKB} KB raw), budget ${FIRST_SCREEN_BUDGET_KB} KB — ${r.firstScreen.files.join(', ')}`);
  console.log(`CSS: ${r.cssGzipKB} KB gzip`);
  console.log('| chunk | raw KB | gzip KB |');
  console.log('|---|---:|---:|');
  for (const c of r.chunks) console.log(`| ${c.file} | ${c.rawKB} | ${c.gzipKB} |`);
}
