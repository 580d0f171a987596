// Bundle sizes of the built SPA (web/dist). A screen's JavaScript is what the browser fetches to
// show it: the entry script of index.html with the chunks it preloads, plus the screen's lazy chunk
// and everything that chunk imports statically (read from Vite's manifest, web/dist/.vite/manifest.json).
// The login's first screen is the form index.html paints, which signs in without React
// (web/src/features/acces/painted-login.ts): the entry and its static imports only, the app's start
// being fetched once the page has loaded (docs/decisions/0372). Budgets: that login ≤ 10 KB gzip,
// sign-up and storefront ≤ 100 KB; the dashboard after login is reported.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_SCREEN_BUDGET_KB = 100;
/** The painted login's own JavaScript (the HTTP client, the field rules, the sign-in): 8.4 KB gzip when set. */
export const LOGIN_FIRST_SCREEN_BUDGET_KB = 10;

interface ManifestEntry {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestEntry>;

export interface ScreenSize {
  screen: string;
  files: string[];
  rawKB: number;
  gzipKB: number;
  /** The budget it is held to (KB gzip), if any. */
  budgetKB: number | null;
}

export interface BundleReport {
  screens: ScreenSize[];
  chunks: { file: string; rawKB: number; gzipKB: number }[];
  cssGzipKB: number;
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

/** Screens measured: their route modules (keys of the manifest) on top of the entry (index.html unless `entry` says another page), plus lazy chunks fetched right after (charts). */
const SCREENS: { screen: string; modules: string[]; budgeted: boolean; entry?: string; lazyChunks?: string[]; budgetKB?: number; withoutStart?: boolean }[] = [
  // The painted form: the entry alone (it imports the app's start only after « Se connecter »).
  { screen: '#/login', modules: [], budgeted: true, budgetKB: LOGIN_FIRST_SCREEN_BUDGET_KB, withoutStart: true },
  // React's login screen, shown when the visitor comes back to it from another public screen.
  { screen: '#/login (React, after a link)', modules: ['src/features/acces/routes/LoginPage.tsx'], budgeted: false },
  { screen: '#/signup', modules: ['src/features/acces/routes/SignupPage.tsx'], budgeted: true },
  { screen: '#/dashboard (after login)', modules: ['src/app/AuthedApp.tsx', 'src/features/tableau-de-bord/routes/TableauDeBordPage.tsx'], budgeted: false },
  // Chart screens: the page, then the chart library fetched on the first chart drawn.
  {
    screen: '#/dashboard + its month chart',
    modules: ['src/app/AuthedApp.tsx', 'src/features/tableau-de-bord/routes/TableauDeBordPage.tsx'],
    budgeted: false,
    lazyChunks: ['charts'],
  },
  {
    screen: '#/bande/:id + its charts',
    modules: ['src/app/AuthedApp.tsx', 'src/features/bandes/routes/BandeDetailPage.tsx'],
    budgeted: false,
    lazyChunks: ['charts'],
  },
  // The public storefront, a page of its own: what a buyer's phone loads.
  { screen: 'vitrine.html (storefront)', modules: [], budgeted: true, entry: 'vitrine.html' },
];

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const e = manifest[key];
    if (!e) throw new Error(`${key} is not in the Vite manifest`);
    if (e.file.endsWith('.js')) files.add(e.file);
    for (const i of e.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return files;
}

export function measureBundle(dist = 'web/dist'): BundleReport {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npm run build first`);
  const manifest: Manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = 'index.html';
  if (!manifest[entry]?.isEntry) throw new Error('index.html is not an entry of the Vite manifest');
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  // The back-office's entry runs before React and then imports the app's start at once
  // (web/src/main.tsx): every screen of index.html loads that import too.
  const atOnce = manifest[entry].dynamicImports ?? [];
  const screens = SCREENS.map(({ screen, modules, budgeted, entry: page, lazyChunks = [], budgetKB, withoutStart }) => {
    const lazy = Object.keys(manifest).filter((k) => lazyChunks.includes(manifest[k].name ?? ''));
    const files = [...staticClosure(manifest, [page ?? entry, ...(page || withoutStart ? [] : atOnce), ...modules, ...lazy])];
    const raw = files.reduce((sum, f) => sum + readFileSync(join(dist, f)).length, 0);
    return {
      screen,
      files,
      rawKB: kb(raw),
      gzipKB: kb(files.reduce((sum, f) => sum + gz(f), 0)),
      budgetKB: budgeted ? (budgetKB ?? FIRST_SCREEN_BUDGET_KB) : null,
    };
  });
  const assets = join(dist, 'assets');
  const chunks = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: `assets/${f}`, rawKB: kb(readFileSync(join(assets, f)).length), gzipKB: kb(gz(`assets/${f}`)) }))
    .sort((a, b) => b.gzipKB - a.gzipKB);
  const cssGzip = readdirSync(assets)
    .filter((f) => f.endsWith('.css'))
    .reduce((sum, f) => sum + gz(`assets/${f}`), 0);
  return { screens, chunks, cssGzipKB: kb(cssGzip) };
}

export function printBundle(r: BundleReport): void {
  console.log('\n## SPA bundle (web/dist): JavaScript per screen, gzip');
  console.log(`| screen | gzip KB | raw KB | budget | files |`);
  console.log('|---|---:|---:|---:|---|');
  for (const s of r.screens) {
    console.log(
      `| ${s.screen} | ${s.gzipKB} | ${s.rawKB} | ${s.budgetKB !== null ? `${s.budgetKB} KB` : 'reported'} | ${s.files.map((f) => f.replace(/^assets\//, '')).join(', ')} |`,
    );
  }
  console.log(`CSS: ${r.cssGzipKB} KB gzip`);
  console.log('| chunk | raw KB | gzip KB |');
  console.log('|---|---:|---:|');
  for (const c of r.chunks.slice(0, 15)) console.log(`| ${c.file} | ${c.rawKB} | ${c.gzipKB} |`);
  if (r.chunks.length > 15) console.log(`| … ${r.chunks.length - 15} smaller chunks | | |`);
}

/** Budget overruns of the first screens. */
export function checkBundleBudgets(r: BundleReport): string[] {
  return r.screens.filter((s) => s.budgetKB !== null && s.gzipKB > s.budgetKB).map((s) => `${s.screen} JS ${s.gzipKB} KB gzip > ${s.budgetKB} KB`);
}
