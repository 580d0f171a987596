// Vite build of the SPA: root web/, output web/dist, relative base so the bundle works behind
// CloudFront, under the local stack and from any sub-path. Libraries are split into stable
// vendor chunks so the first screen stays small and features stay lazy.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// The config is loaded before its own alias exists: a relative path here.
// eslint-disable-next-line no-restricted-imports
import { BOOT_SCRIPT_HASH } from '../shared/security-headers.ts';
import { bootScript, cspHashOf } from './boot-inline.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
/** `@shared/…` is shared/ (tsconfig.json `paths`); the tests' config maps it the same way. */
const SHARED_ALIAS = { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) };

/** Where index.html's boot script goes (a comment: vite would try to bundle a `<script src>`). */
const BOOT_MARK = '<!--ganaar-boot-->';

/**
 * Slow networks: the files the first screen after a login needs — the authenticated
 * shell (AuthedApp: TanStack Query, the guard, the outbox) and the dashboard page, with every chunk
 * and stylesheet they import statically — named in index.html as
 * `<meta name="ganaar-prefetch" content="assets/… assets/…">`, minus what the entry already loads.
 * Nothing is fetched because of the tag itself: the login screen reads it once it has painted and
 * the page is idle, and asks for those files as low-priority prefetches (web/src/lib/prefetch.ts),
 * so on a 3G link they arrive while the user types instead of after "Se connecter"; a signed-in
 * visitor opening the dashboard asks for them at once (web/src/app/early-start.ts).
 * The entry (main.tsx) imports the app's start (`startModule`) dynamically; the start's files are
 * named in `<meta name="ganaar-start">`, before index.html's boot script (web/boot.js), which asks for them with the page
 * (module preloads, stylesheets) unless the visit shows the painted login: that one signs in without
 * them (features/acces/painted-login.ts) and asks for them once the page has loaded.
 */
function prefetchAfterLogin(startModule: string, modules: string[]): Plugin {
  return {
    name: 'ganaar-prefetch-after-login',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || !ctx.filename.endsWith('index.html')) return html;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const closure = (start: (typeof chunks)[number][]) => {
          const seen = new Set<string>();
          const visit = (fileName: string) => {
            if (seen.has(fileName)) return;
            seen.add(fileName);
            const c = bundle[fileName];
            if (c?.type !== 'chunk') return;
            for (const css of c.viteMetadata?.importedCss ?? []) seen.add(css);
            c.imports.forEach(visit);
          };
          start.forEach((c) => visit(c.fileName));
          return seen;
        };
        const chunkOf = (m: string) => {
          const c = chunks.find((k) => k.facadeModuleId?.endsWith(m));
          if (!c) throw new Error(`prefetch-after-login: no chunk for ${m}`);
          return c;
        };
        // The chunk index.html loads (its script and what that imports statically).
        const entry = ctx.chunk;
        if (!entry) throw new Error('prefetch-after-login: no entry chunk for index.html');
        const inEntry = closure([entry]);
        // The app's start, which the entry imports dynamically (so that the entry runs before
        // React has arrived): its files are named in the page, to download alongside the entry.
        // Listed before the boot script, which links them at once for any visit but the painted login.
        const start = [...closure([chunkOf(startModule)])].filter((f) => !inEntry.has(f));
        const boot = BOOT_MARK;
        if (!html.includes(boot)) throw new Error('prefetch-after-login: index.html has no boot script mark');
        const loaded = new Set([...inEntry, ...start]);
        const files = [...closure(modules.map(chunkOf))].filter((f) => !loaded.has(f));
        return html
          .replace(boot, `<meta name="ganaar-start" content="${start.join(' ')}" />\n    ${boot}`)
          .replace('</head>', `  <meta name="ganaar-prefetch" content="${files.join(' ')}" />\n  </head>`);
      },
    },
  };
}

/**
 * index.html's mark `<!--ganaar-boot-->` becomes the boot script itself (web/boot-inline.ts, decision
 * 0400): no blocking request before the first paint. The CSP allows it by its hash, a constant the
 * build checks here, so that a change to boot.js cannot ship a page whose CSP blocks its script.
 */
function inlineBoot(): Plugin {
  return {
    name: 'ganaar-inline-boot',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return html;
        const tag = BOOT_MARK;
        if (!html.includes(tag)) throw new Error('inline-boot: index.html has no boot script mark');
        const script = bootScript();
        const hash = cspHashOf(script);
        if (hash !== BOOT_SCRIPT_HASH) throw new Error(`inline-boot: web/boot.js changed; set BOOT_SCRIPT_HASH in shared/security-headers.ts to "${hash}"`);
        return html.replace(tag, `<script>${script}</script>`);
      },
    },
  };
}

export default defineConfig({
  root,
  base: './',
  resolve: { alias: SHARED_ALIAS },
  plugins: [
    react(),
    prefetchAfterLogin('/src/app/start.tsx', ['/src/app/AuthedApp.tsx', '/src/features/tableau-de-bord/routes/TableauDeBordPage.tsx']),
    // After the lists above, which it puts before the boot script's tag.
    inlineBoot(),
    // The installable app: web manifest and a Workbox service worker (dist/sw.js) that
    // precaches the shell and every lazy chunk, so the app opens and moves between screens offline.
    // Registered by web/src/lib/service-worker.ts 30 s after load (spec part 1 §9), never by the
    // plugin; a new deployment waits for the user's "Recharger" (registerType prompt).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifest: {
        id: './',
        name: 'Ganaar — gestion d’élevage et de boutique',
        short_name: 'Ganaar',
        description: 'Bandes de volailles, ventes, boutiques et clients, même sans connexion.',
        lang: 'fr',
        dir: 'ltr',
        start_url: './#/',
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1f6f43',
        background_color: '#f6f7f5',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The build manifest (bench only) is not part of the app.
        globIgnores: ['.vite/**'],
        // Hash routes: every navigation is the shell.
        navigateFallback: 'index.html',
        // API answers are never served by the worker (the outbox and the persisted query cache
        // handle offline data): only the app's own files. Nor is a shared document's page (/p/…,
        // server-rendered): a farmer with the app installed opens a client's link from WhatsApp
        // in the same browser and must get the page, not the app's shell.
        navigateFallbackDenylist: [/\/api\//, /\/admin\//, /\/p\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        // Web Push (issue 37): the push and notificationclick handlers, in a small file of
        // web/public loaded by the generated worker; precaching is unchanged.
        importScripts: ['push-sw.js'],
      },
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Which chunks each screen pulls in: `npm run bench` reads it to measure real first screens.
    manifest: true,
    target: 'es2020',
    // No modulepreload polyfill (0.4 KB gzip on every first screen): a preload is only a hint, so a
    // browser without it (Firefox before 115, Safari before 17) still loads every module through
    // its imports, a little later; the phones Ganaar is used on run Chromium, which has it.
    modulePreload: { polyfill: false },
    // Budget is 150 KB gzipped for the first screen; warn well before a single chunk gets near it.
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      // Two pages: the app (index.html) and the public storefront (vitrine.html), which
      // shares only React and the FCFA formatter with the app, so a buyer's phone loads little.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        vitrine: fileURLToPath(new URL('./vitrine.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            // Changes rarely: cached across deployments of the app code.
            // What the entry runs before React arrives (app/early-start.ts): kept out of app-common,
            // which imports React.
            {
              name: 'early',
              // The painted login's sign-in (features/acces: the form, its call and rules) is the entry's too.
              test: /(web[\\/]src[\\/](lib[\\/](http|storage|static-login|prefetch|service-worker|sha256|api[\\/]early)\.ts|app[\\/]early-start\.ts|features[\\/]tableau-de-bord[\\/]api[\\/]paths\.ts|features[\\/]acces[\\/](painted-login|validation|api[\\/]login)\.ts))/,
              priority: 40,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            // The chart library and its drawing module: fetched when a screen draws its first chart (lib/charts/Chart.tsx).
            { name: 'charts', test: /(node_modules[\\/]uplot[\\/]|web[\\/]src[\\/]lib[\\/]charts[\\/]uplot-chart\.ts)/, priority: 25 },
            // The dashboard's SVG bars with the axis numbers and chart props they share with the uPlot module. A
            // group above 'charts': a group takes in what its modules import, so with a lower priority the charts
            // group took the shared axis module and the dashboard loaded uPlot (23 KB gzip) with it.
            { name: 'bars', test: /web[\\/]src[\\/]lib[\\/]charts[\\/](BarChart\.tsx|ticks\.ts|chart-spec\.ts)/, priority: 26 },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 20 },
            // The phone rule: libphonenumber-js's core and the Senegal / Côte d'Ivoire plans, one
            // cached file shared by the sign-up (fetched after it paints), the storefront and the feature forms.
            { name: 'phone', test: /(node_modules[\\/]libphonenumber-js[\\/]|shared[\\/]phone(-metadata)?\.ts)/, priority: 25 },
            // The public forms' field rules, which the phone rule also reads: their own small file, or a group
            // taking them in as a dependency would bring the phone chunk into the login screen.
            { name: 'rules', test: /shared[\\/](schemas[\\/]rules|messages[\\/]acces)\.ts/, priority: 45 },
            // FCFA and date formatting, written once for the app, the storefront and the server: its own tiny file,
            // or the group that takes it in as a dependency (feature-ui) would be loaded by the storefront's first screen.
            { name: 'format', test: /shared[\\/]format\.ts/, priority: 30 },
            // Small app-wide modules (HTTP client, storage, UI bits, message catalogue) in one file instead of a dozen tiny requests on a slow connection.
            {
              name: 'app-common',
              // Not lib/api and lib/queries (TanStack Query), lib/offline (outbox, IndexedDB), CSV/words/charts helpers, the feed store's and the eggs' dialogs (lib/aliment, lib/oeufs), the date fields' bounds (zod),
              // the phone field (phone-field.ts and the PhoneField component: libphonenumber's chunk), the number fields (nombre-*.ts: one of them reads through zod; ui/NumberField.tsx and the reading it imports) nor the zod schemas:
              // the login screen needs none. Nor a batch's tabs, its withdrawal banner and check (flock health): they go
              // with the batch screens that show them, the health messages with them. Nor the feed store's dialog
              // and write (lib/aliment: zod, the outbox), shared by the Aliment page and the batch detail. Nor the slaughter's write
              // (lib/abattage: the outbox; in app-common it brought TanStack Query into the sign-up and the storefront). Nor the
              // WhatsApp window and copy helpers (lib/partage, issue 37): only the documents and « Relances » use them. Nor a
              // form's draft (use-draft.ts) nor the lists' archive filter: the sign-up's first screen is at its budget.
              // lib/api/early.ts is the exception: the entry asks its early reads, and the plan check (feature-ui)
              // takes them; left to feature-ui, it would bring that chunk and TanStack Query into the first screen.
              test: /(web[\\/]src[\\/]lib[\\/](?!ui[\\/]ui\.css|countries|offline[\\/]|queries[\\/]|csv\.ts|words\.ts|day-bounds\.ts|phone-field\.ts|ui[\\/]PhoneField\.tsx|nombre-|ui[\\/]NumberField\.tsx|charts[\\/]|api[\\/](?!early\.ts)|use-back-guard\.ts|sante-attente\.ts|aliment[\\/]|abattage[\\/]|oeufs[\\/]|partage[\\/]|ui[\\/](Modal|FormDialog|SureBox|Paginator|ConfirmDialog|PlanBanner|StatCard|EmptyRow|DataTable|TabbedPage|AttenteEnCours|BandeTabs|ArchiveFilter)\.tsx|use-draft\.ts)|shared[\\/](messages|rights)\.ts)/,
              priority: 10,
            },
            // UI pieces only the lazy feature screens use (dialog, form dialog and its Back guard and draft, the « Êtes-vous sûr ? » box, archive filter, paginator, plan banner and its
            // check, figure card, table frame): their own chunk, fetched with the first feature screen, not with the login.
            // Lower priority than app-common so the HTTP client and storage they import stay there.
            {
              name: 'feature-ui',
              test: /web[\\/]src[\\/]lib[\\/](ui[\\/](Modal|FormDialog|SureBox|Paginator|ConfirmDialog|PlanBanner|StatCard|EmptyRow|DataTable|TabbedPage|ArchiveFilter)\.tsx|use-back-guard\.ts|use-draft\.ts|api[\\/]check-plan\.ts)/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
