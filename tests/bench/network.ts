// Slow networks: the built SPA on the embedded stack, driven by Chromium
// (/usr/bin/chromium, playwright-core) under Chromium's network emulation of a poor 3G link —
// 400 ms latency, 400 kbit/s down and up — at 360 px:
//   - first screen (cold cache): navigation to #/login until the "Connexion" screen is painted —
//     its title visible, the stylesheet applied (index.html paints it before the scripts);
//   - login usable: until the painted form's own script runs (it signs in without React:
//     web/src/features/acces/painted-login.ts), i.e. its button enables once the fields are filled;
//   - dashboard after login: from the "Se connecter" click until the dashboard shows its figures
//     (the login, the app's files, the dashboard's reads). The e-mail and password are typed key by
//     key at TYPING_MS_PER_KEY, a fast thumb on a phone (5 keys a second; the mean on a phone's
//     touch keyboard is ~3, 36 words a minute: Palin et al., MobileHCI 2019), from the moment the
//     form is painted: the app's files, fetched once the page has loaded, travel meanwhile. The
//     budget is on this case. The same form filled at once and sent as soon as it can be (a
//     browser's autofill) is reported: its click comes before the app's files have arrived;
//   - a signed-in farmer reopening the installed app: the service worker and its precache installed
//     (Cache Storage, as the app leaves them 30 s after a first visit), the HTTP cache emptied, until
//     the dashboard shows its figures; and the same with nothing cached (reported).
// All are timed in the page at each animation frame (see `shows`). The targets are budgets:
// `printNetwork` returns the ones missed, and the bench fails on them (docs/decisions/0279).
// Then, when the `lighthouse` package is installed, Lighthouse mobile performance scores (its own
// simulated slow-4G throttling and a mid-range phone's CPU) for #/login and the dashboard.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startStack } from '../../infra/local/server';
import { DEMO_LOGIN, seedDemo } from '../../infra/local/seed';
import { CHROMIUM_ARGS, FULL_BROWSER_PATH } from '../helpers/chromium';
import { startH2Front } from './h2-front';

export const LATENCY_MS = 400;
export const KBITS = 400;
export const FIRST_SCREEN_TARGET_MS = 2500;
export const DASHBOARD_TARGET_MS = 1500;
/** A signed-in reopen of the installed app (service worker and precache in place). */
export const REOPEN_TARGET_MS = 1500;
/** Lighthouse mobile performance, login and signed-in dashboard. */
export const LIGHTHOUSE_TARGET = 98;
/** Typing pace of the login in the bench: 200 ms a key (5 keys a second). */
export const TYPING_MS_PER_KEY = 200;
/**
 * How the browsers reach the stack: 'h2', HTTPS and HTTP/2 as CloudFront serves phones (the
 * default), or 'h1', the local server's own HTTP/1.1 (`BENCH_HTTP1=1`; decision 0402).
 */
export const TRANSPORT: 'h1' | 'h2' = process.env.BENCH_HTTP1 === '1' ? 'h1' : 'h2';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export interface NetworkFigures {
  firstScreenMs: number[];
  /** Until the painted login's script runs (its button enables once the fields are filled). */
  loginUsableMs: number[];
  /** From the click, the login typed at TYPING_MS_PER_KEY from its first paint. */
  dashboardMs: number[];
  /** From the click, the login filled at once and sent as soon as it can be (autofill): reported. */
  dashboardAutofillMs: number[];
  /** A signed-in farmer reopening the installed app (service worker and precache) until the dashboard shows. */
  reopenMs: number[];
  /** The same with nothing cached (token stored, cold cache). */
  returningMs: number[];
  lighthouse: { screen: string; score: number | null; note: string }[];
}

/** Lighthouse runs per screen (its score moves by a few points from run to run; the median is reported). */
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

/**
 * Waits until `check` holds in the page, checked at every animation frame: a locator's waitFor
 * polls at widening intervals (up to 500 ms after the first second), which rounded these timings
 * up by as much as half a second.
 */
async function shows(page: Page, check: () => boolean): Promise<void> {
  await page.waitForFunction(check, undefined, { polling: 'raf', timeout: 60_000 });
}

/**
 * The login screen as the user sees it: its title visible and the page's stylesheets applied (the
 * form index.html paints is in the DOM before its stylesheet arrives; unstyled, it is not the screen).
 */
const loginPainted = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => !!l.sheet) &&
  [...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === 'Connexion' && h.checkVisibility());

const throttle = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: (KBITS * 1000) / 8,
    uploadThroughput: (KBITS * 1000) / 8,
  });
  return cdp;
};

const newContext = (browser: Browser) => browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'fr-FR', timezoneId: 'Africa/Dakar' });

async function throttled(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  // A fresh context per run: nothing cached, no service worker yet (it registers 30 s after load).
  const context = await newContext(browser);
  const page = await context.newPage();
  await throttle(page);
  return { page, close: () => context.close() };
}

/**
 * A context as a farmer's installed app leaves it: the app's service worker active with its precache
 * (the app registers it 30 s after a load; here at once, unthrottled), the session stored, then the
 * HTTP cache emptied so that only the worker's Cache Storage serves the app's files; a throttled page.
 */
async function installed(browser: Browser, base: string, token: string, user: unknown): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await newContext(browser);
  const first = await context.newPage();
  await first.goto(`${base}/#/login`);
  await first.evaluate(async () => {
    await navigator.serviceWorker.register('./sw.js');
    await navigator.serviceWorker.ready;
  });
  await first.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('customer', u);
    },
    [token, JSON.stringify(user)] as const,
  );
  await first.close();
  const page = await context.newPage();
  const cdp = await throttle(page);
  await cdp.send('Network.clearBrowserCache');
  return { page, close: () => context.close() };
}

interface Session {
  token: string;
  user: unknown;
}

async function lighthouseScores(
  base: string,
  browserArgs: string[],
  sessions: { trial: Session; demo: Session | null },
): Promise<NetworkFigures['lighthouse']> {
  let lighthouse: typeof import('lighthouse').default;
  let launch: typeof import('chrome-launcher').launch;
  try {
    lighthouse = (await import('lighthouse')).default;
    launch = (await import('chrome-launcher')).launch;
  } catch {
    return [{ screen: '(all)', score: null, note: 'lighthouse not installed' }];
  }
  const chrome = await launch({ chromePath: FULL_BROWSER_PATH, chromeFlags: ['--headless=new', ...browserArgs] });
  const out: NetworkFigures['lighthouse'] = [];
  try {
    // The dashboard needs a signed-in session: put it in localStorage through the same browser,
    // and keep it (disableStorageReset) while Lighthouse loads the page.
    const cdpBrowser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await cdpBrowser.contexts()[0].newPage();
    // The dashboard is scored for a farm on its trial (a batch, its first steps listed) and for the
    // demo business (a month of entries in every domain, a paid plan).
    const screens: [string, string, Session | null][] = [
      ['#/login', '#/login', null],
      ['#/dashboard (trial farm)', '#/dashboard', sessions.trial],
      ...(sessions.demo ? [['#/dashboard (demo business)', '#/dashboard', sessions.demo] as [string, string, Session]] : []),
    ];
    for (const [screen, hash, session] of screens) {
      const runs: { score: number; fcp: number; lcp: number; tbt: number; element: string }[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        await page.goto(`${base}/manifest.webmanifest`);
        await page.evaluate(
          ([token, user]) => {
            localStorage.clear();
            if (token) {
              localStorage.setItem('token', token);
              localStorage.setItem('customer', user);
            }
          },
          [session?.token ?? '', JSON.stringify(session?.user ?? null)] as const,
        );
        // Storage is kept for Lighthouse (disableStorageReset), and with it the browser's cache:
        // empty it, so each screen is scored on a cold load (the visit above fetched the login
        // screen's files, and the login screen prefetches the dashboard's).
        // The service worker (registered 30 s after a load, so during an earlier run) and its
        // precache would serve the files too: remove both, keep localStorage (the session).
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
        await cdp.detach();
        const result = await lighthouse(`${base}/${hash}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          formFactor: 'mobile',
          disableStorageReset: true,
        });
        const lhr = result?.lhr;
        // LIGHTHOUSE_JSON_DIR: keep each run's report, to read its critical chain and LCP breakdown.
        if (lhr && process.env.LIGHTHOUSE_JSON_DIR) {
          mkdirSync(process.env.LIGHTHOUSE_JSON_DIR, { recursive: true });
          writeFileSync(join(process.env.LIGHTHOUSE_JSON_DIR, `${screen.replace(/[^a-z]+/gi, '-')}-${i}.json`), JSON.stringify(lhr));
        }
        const score = lhr?.categories.performance?.score;
        if (!lhr || score == null) continue;
        const a = lhr.audits;
        const el =
          (a['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items?.[0]?.items?.[0]
            ?.node?.snippet ?? '?';
        runs.push({
          score: Math.round(score * 100),
          fcp: a['first-contentful-paint']?.numericValue ?? NaN,
          lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: a['total-blocking-time']?.numericValue ?? NaN,
          element: el.slice(0, 80),
        });
      }
      if (!runs.length) {
        out.push({ screen, score: null, note: 'no score' });
        continue;
      }
      const scores = runs.map((r) => r.score);
      const s = (xs: number[]) => `${(median(xs) / 1000).toFixed(2)} s`;
      out.push({
        screen,
        score: median(scores),
        note: `median of ${runs.length} (${[...scores].sort((x, y) => x - y).join(', ')}); FCP ${s(runs.map((r) => r.fcp))}, LCP ${s(runs.map((r) => r.lcp))}, TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms (${runs.map((r) => Math.round(r.tbt)).join(', ')}); LCP element ${runs[0].element}`,
      });
    }
    await cdpBrowser.close();
  } catch (err) {
    out.push({ screen: '(error)', score: null, note: (err as Error).message.slice(0, 200) });
  } finally {
    chrome.kill();
  }
  return out;
}

/** Runs the measurements on their own stack (the SPA must be built: `npm run bench` builds it). */
export async function benchNetwork(runs = 3): Promise<NetworkFigures> {
  // BENCH_WEB_DIST: another build of the SPA, for an A/B in the same load (the same bench, two builds).
  const stack = await startStack({ dataDir: null, webDist: process.env.BENCH_WEB_DIST ?? 'web/dist', port: 0 });
  // The browsers reach the stack as phones reach CloudFront: HTTPS and HTTP/2 (tests/bench/h2-front.ts).
  const front = TRANSPORT === 'h2' ? await startH2Front(stack.url) : null;
  // Its certificate is self-signed for 127.0.0.1: the bench's browsers trust it by its key.
  const browserArgs = front ? [...CHROMIUM_ARGS, front.trustFlag] : CHROMIUM_ARGS;
  const browser = await chromium.launch({ executablePath: FULL_BROWSER_PATH, headless: true, args: browserArgs });
  try {
    const base = front?.url ?? stack.url;
    // The bench's own set-up calls go straight to the stack.
    const api = async (path: string, body: unknown, token?: string) => {
      const r = await fetch(`${stack.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return r.json();
    };
    const email = `net-${Date.now()}@bench.ganaar.sn`;
    const password = 'bench123';
    await api('/api/inscription', {
      prenom: 'awa',
      nom: 'diop',
      email,
      password: sha256(password),
      telephone: '770000000',
      pays: 'Senegal',
      entreprise: 'Ferme 3G',
    });
    const login = await api('/api/login', { username: email, password: sha256(password) });
    const today = new Date().toISOString().slice(0, 10);
    const bande = await api('/api/bande/create', { nom: 'Bande 3G', nb_sujet: 120, date_demarage: today, type: 'chair', id_bande: -1 }, login.token);
    // Money in the year, so the dashboard draws its month chart (a year of zeros shows a sentence
    // instead, without fetching the chart library): the page measured is a working farm's.
    const id_bande = bande.id ?? bande.bande?.id;
    const money = [
      await api(
        '/api/bande/depense',
        { depense: { id_type_depense: 1, designation: 'Aliment démarrage', prix_unitaire: 15_000, quantite: 4 }, id_bande },
        login.token,
      ),
      await api('/api/bande/vente', { prix_unitaire: 2_500, quantite: 20, id_bande, id_vente: -1 }, login.token),
    ];
    if (money.some((m) => !m?.id)) throw new Error(`bench data not recorded: ${JSON.stringify(money)}`);

    const firstScreenMs: number[] = [];
    const loginUsableMs: number[] = [];
    const dashboardMs: number[] = [];
    const dashboardAutofillMs: number[] = [];
    const dashboardShows = () => !!document.querySelector('[data-testid="dash-bandes"]')?.textContent?.includes('1');
    for (let i = 0; i < runs; i++) {
      // Alternately typed and filled at once, so that both see the same moments of the machine's load.
      for (const typed of [true, false]) {
        const { page, close } = await throttled(browser);
        try {
          const start = performance.now();
          await page.goto(`${base}/#/login`, { waitUntil: 'commit' });
          await shows(page, loginPainted);
          if (typed) firstScreenMs.push(performance.now() - start);
          const fill = async (label: string, text: string) => {
            const field = page.getByLabel(label, { exact: true });
            if (typed) await field.pressSequentially(text, { delay: TYPING_MS_PER_KEY });
            else await field.fill(text);
          };
          await fill('Email', email);
          await fill('Mot de passe', password);
          const button = page.getByRole('button', { name: 'Se connecter' });
          await shows(page, () => !!document.querySelector<HTMLButtonElement>('button[type="submit"]:not([disabled])'));
          if (!typed) loginUsableMs.push(performance.now() - start);
          const t = performance.now();
          await button.click();
          await shows(page, dashboardShows);
          (typed ? dashboardMs : dashboardAutofillMs).push(performance.now() - t);
          // The same screen as the user sees it (what the locator checks: visible, the batch counted).
          await page.getByTestId('dash-bandes').filter({ hasText: '1' }).waitFor({ timeout: 5_000 });
        } finally {
          await close();
        }
      }
    }
    // A signed-in farmer reopening the installed app: the worker's precache, the stored session.
    const reopenMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const { page, close } = await installed(browser, base, login.token, login.user);
      try {
        const t = performance.now();
        await page.goto(`${base}/#/dashboard`, { waitUntil: 'commit' });
        await shows(page, () => !!document.querySelector('[data-testid="dash-bandes"]')?.textContent?.includes('1'));
        reopenMs.push(performance.now() - t);
        // The app's files came from the worker, not the network: else this is not the installed app.
        const fromWorker = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((e) => /\/assets\/.*\.js$/.test(e.name))
            .every((e) => (e as PerformanceResourceTiming).workerStart > 0),
        );
        if (!fromWorker) throw new Error('installed-app reopen: an app file did not come from the service worker');
      } finally {
        await close();
      }
    }
    // A signed-in farmer opening the app again: the stored session, nothing in the browser's cache.
    const returningMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const { page, close } = await throttled(browser);
      try {
        await page.addInitScript(
          ([token, user]) => {
            localStorage.setItem('token', token);
            localStorage.setItem('customer', user);
          },
          [login.token, JSON.stringify(login.user)] as const,
        );
        const t = performance.now();
        await page.goto(`${base}/#/dashboard`, { waitUntil: 'commit' });
        await shows(page, () => !!document.querySelector('[data-testid="dash-bandes"]')?.textContent?.includes('1'));
        returningMs.push(performance.now() - t);
      } finally {
        await close();
      }
    }
    // The demo business (`npm start`'s): seeded through the API, signed in like a farmer.
    const demo =
      process.env.LIGHTHOUSE_RUNS === '0'
        ? null
        : await seedDemo(stack.url).then(() => api('/api/login', { username: DEMO_LOGIN.email, password: sha256(DEMO_LOGIN.password) }));
    const lighthouse = await lighthouseScores(base, browserArgs, {
      trial: { token: login.token, user: login.user },
      demo: demo && { token: demo.token, user: demo.user },
    });
    return { firstScreenMs, loginUsableMs, dashboardMs, dashboardAutofillMs, reopenMs, returningMs, lighthouse };
  } finally {
    await browser.close();
    await front?.close();
    await stack.close();
    rmSync(stack.dataDir, { recursive: true, force: true });
  }
}

export function printNetwork(f: NetworkFigures): string[] {
  const fmt = (xs: number[]) => `median ${(median(xs) / 1000).toFixed(2)} s (runs: ${xs.map((x) => (x / 1000).toFixed(2)).join(', ')})`;
  const target = (ms: number) => `target ≤ ${ms / 1000} s`;
  console.log(
    `\nSlow network: Chromium emulation ${LATENCY_MS} ms latency, ${KBITS} kbit/s, 360 px, ${TRANSPORT === 'h2' ? 'HTTPS + HTTP/2 (as CloudFront)' : 'HTTP/1.1 (the local server, BENCH_HTTP1=1)'}`,
  );
  console.log(`  first screen #/login (cold)       ${fmt(f.firstScreenMs)}   ${target(FIRST_SCREEN_TARGET_MS)}`);
  console.log(`  login usable (its own script)     ${fmt(f.loginUsableMs)}   reported`);
  console.log(`  dashboard after "Se connecter"    ${fmt(f.dashboardMs)}   ${target(DASHBOARD_TARGET_MS)} (typed, ${TYPING_MS_PER_KEY} ms a key)`);
  console.log(`  the same, login filled at once    ${fmt(f.dashboardAutofillMs)}   reported (autofill: the app's files not yet here)`);
  console.log(`  signed-in reopen, installed app   ${fmt(f.reopenMs)}   ${target(REOPEN_TARGET_MS)}`);
  console.log(`  signed-in reopen, cold cache      ${fmt(f.returningMs)}   reported`);
  console.log(`Lighthouse mobile performance (target ≥ ${LIGHTHOUSE_TARGET}):`);
  for (const l of f.lighthouse) console.log(`  ${l.screen.padEnd(26)} ${l.score === null ? '—' : String(l.score).padStart(3)}   ${l.note}`);
  const over: string[] = [];
  const check = (what: string, xs: number[], ms: number) => {
    if (median(xs) > ms) over.push(`${what} on 3G ${(median(xs) / 1000).toFixed(2)} s > ${ms / 1000} s`);
  };
  check('first screen', f.firstScreenMs, FIRST_SCREEN_TARGET_MS);
  check('dashboard after login', f.dashboardMs, DASHBOARD_TARGET_MS);
  check('installed-app reopen', f.reopenMs, REOPEN_TARGET_MS);
  // A missing score (Lighthouse not installed, or LIGHTHOUSE_RUNS=0) is reported, not a failure.
  for (const l of f.lighthouse) if (l.score !== null && l.score < LIGHTHOUSE_TARGET) over.push(`Lighthouse ${l.screen} ${l.score} < ${LIGHTHOUSE_TARGET}`);
  return over;
}

// `npx tsx tests/bench/network.ts`: this measurement alone (after `npm run build:web`).
if (process.argv[1]?.endsWith('network.ts')) {
  benchNetwork(Number(process.env.NETWORK_RUNS ?? 3)).then(
    (f) => {
      const over = printNetwork(f);
      process.exit(over.length ? 1 : 0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
