// Vite build of the SPA: root web/, output web/dist, relative base so the bundle works behind
// CloudFront, under the local stack and from any sub-path. Libraries are split into stable
// vendor chunks so the first screen stays small and features stay lazy.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Which chunks each screen pulls in: `npm run bench` reads it to measure real first screens.
    manifest: true,
    target: 'es2020',
    // Budget is 150 KB gzipped for the first screen; warn well before a single chunk gets near it.
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Changes rarely: cached across deployments of the app code.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            // The chart library and its drawing module: fetched when a screen draws its first chart (lib/charts/Chart.tsx).
            { name: 'charts', test: /(node_modules[\\/]uplot[\\/]|web[\\/]src[\\/]lib[\\/]charts[\\/]uplot-chart\.ts)/, priority: 25 },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 20 },
            // Small app-wide modules (HTTP client, storage, UI bits, message catalogue) in one file instead of a dozen tiny requests on a slow connection.
            {
              name: 'app-common',
              // Not lib/api (TanStack Query) nor the zod schemas: the login screen needs neither.
              test: /(web[\\/]src[\\/]lib[\\/](?!countries|csv\.ts|words\.ts|charts[\\/]|api[\\/]|ui[\\/](Modal|FormDialog|Paginator|ConfirmDialog|PlanBanner|StatCard|EmptyRow|DataTable|TabbedPage)\.tsx)|shared[\\/](messages|rights)\.ts)/,
              priority: 10,
            },
            // UI pieces only the lazy feature screens use (dialog, form dialog, paginator, plan banner and its
            // check, figure card, empty table row, table frame): their own chunk, fetched with the first feature screen, not with the login.
            // Lower priority than app-common so the HTTP client and storage they import stay there.
            {
              name: 'feature-ui',
              test: /web[\\/]src[\\/]lib[\\/](ui[\\/](Modal|FormDialog|Paginator|ConfirmDialog|PlanBanner|StatCard|EmptyRow|DataTable|TabbedPage)\.tsx|api[\\/]check-plan\.ts)/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
