// Real Chromium for end-to-end tests: Debian's Chromium headless shell (tests/helpers/chromium.ts)
// driven by playwright-core.
// In CI a missing browser is a failure, never a skip (tests/preflight.ts installs it).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject, TestRunner } from 'vitest';

/** How many of a page's last API answers and route changes a failed journey reports. */
const TRAIL_KEPT = 25;

export const SCREENSHOT_DIR = join(process.cwd(), 'tests', 'e2e', 'screenshots');

export interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  /**
   * Full-page screenshot into tests/e2e/screenshots/<name>-<width>.jpg, for a person to look at. JPEG
   * at quality 85: a full page's PNG cost Chromium ~340 ms of CPU to encode, the JPEG half that,
   * ~170 screenshots a run.
   */
  shot(name: string): Promise<string>;
  close(): Promise<void>;
}

export async function openSession(opts: { width?: number; height?: number; baseUrl?: string } = {}): Promise<Session> {
  // Another origin than the stack's for a journey with its own copy of the SPA (tests/helpers/own-origin.ts).
  const baseUrl = opts.baseUrl ?? inject('baseUrl');
  // The project's one Chromium; closing this Browser object later only disconnects from it.
  const browser = await chromium.connect(inject('browserWsEndpoint'));
  const width = opts.width ?? 1280;
  const context = await browser.newContext({ viewport: { width, height: opts.height ?? 800 }, locale: 'fr-FR', timezoneId: 'Africa/Dakar' });
  // A journey's step waits for an event (a heading, an answer's text): on 2 cores shared with the API
  // files and other journeys a sign-up then sign-in took over 15 s at load ~20.
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  // Browser-side errors fail loudly in the test log.
  page.on('pageerror', (err) => console.error('[page error]', err.message));
  // Every API answer and route change, with the page's hash at that moment and the ms since the
  // page opened: the last ones go into a failed journey's report (where its time went), all of them
  // to the log with GANAAR_E2E_TRACE=1 (how the stale-401 bounce after a sign-out was found).
  const t0 = Date.now();
  const trail: string[] = [];
  const note = (line: string) => {
    const entry = `[e2e ${Date.now() - t0} ms] ${line}`;
    trail.push(entry);
    if (trail.length > TRAIL_KEPT) trail.shift();
    if (process.env.GANAAR_E2E_TRACE) console.log(entry);
  };
  const hash = () => page.url().split('#')[1] ?? '';
  page.on('response', (r) => {
    if (r.url().includes('/api/')) note(`${r.request().method()} ${r.url().replace(/^.*\/api/, '/api')} ${r.status()} on #${hash()}`);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note(`→ #${hash()}`);
  });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    browser,
    context,
    page,
    baseUrl,
    async shot(name: string) {
      const file = join(SCREENSHOT_DIR, `${name}-${page.viewportSize()?.width ?? width}.jpg`);
      await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 85 });
      return file;
    },
    async close() {
      // A journey that failed leaves what the page showed and its last steps in the test's own
      // error (the part of a CI log that is always printed) and a screenshot: a flake seen once on
      // a loaded CI machine is otherwise gone without a trace.
      const failed = TestRunner.getCurrentTest()?.result?.state === 'fail';
      const report = failed ? await tellFailure(page, width, Date.now() - t0, trail).catch((e: Error) => `(page unreadable: ${e.message})`) : null;
      await context.close();
      await browser.close();
      if (report) throw new Error(report);
    },
  };
}

/** The page of a failed journey: its address, history depth, open dialogs, visible text and last steps, and a screenshot. */
async function tellFailure(page: Page, width: number, elapsed: number, trail: string[]): Promise<string> {
  const seen = await page.evaluate(() => ({
    url: location.href,
    history: history.length,
    state: history.state as unknown,
    dialogs: [...document.querySelectorAll('dialog[open], [role=dialog], [role=alertdialog]')].map((d) => (d as HTMLElement).innerText.slice(0, 400)),
    text: document.body.innerText.slice(0, 1200),
  }));
  const test = TestRunner.getCurrentTest()?.name ?? 'journey';
  const file = join(SCREENSHOT_DIR, `failed-${test.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}-${width}.jpg`);
  await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 70, timeout: 10_000 });
  return `[failed journey at ${width} px, ${elapsed} ms after its page opened] ${JSON.stringify(seen, null, 1)}\nlast steps:\n${trail.join('\n')}\nscreenshot: ${file}`;
}

/** Signs in through the login screen and waits for the shell (the user's name in its header). */
export async function login(s: Session, who: { email: string; password: string }): Promise<void> {
  await s.page.goto(`${s.baseUrl}/#/login`);
  await s.page.getByLabel('Email').fill(who.email);
  await s.page.getByLabel('Mot de passe').fill(who.password);
  await s.page.getByRole('button', { name: 'Se connecter' }).click();
  await s.page.getByTestId('user-name').waitFor();
}

/**
 * Scrolls the dashboard to its end and waits for its year (the year's chart and table and the
 * payments are mounted when scrolled near: TableauDeBordPage's WhenVisible), then back to the top.
 */
export async function showDashboardEnd(page: Page): Promise<void> {
  // The figures first: while the dashboard's first answers travel it shows only its loader, and a
  // scroll to that short page's end would leave the year's placeholder, rendered later, below the
  // fold of a phone, never mounted (a first visit, without the answers persisted by an earlier one).
  await page.getByTestId('dash-bandes').waitFor();
  // Scrolled to the end again until the year is there: « À faire aujourd'hui » (its own chunk and
  // request) may arrive just after a scroll and push the year's placeholder back below the fold
  // before its observer saw it (seen once at 360 px with a batch's late steps listed).
  await page.waitForFunction(
    () => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return document.querySelector('[data-testid="dash-annee"]') !== null;
    },
    undefined,
    { polling: 100 },
  );
  await page.getByTestId('dash-annee').waitFor();
  // Back to the top, where a full-page screenshot starts (the header is sticky).
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Opens a hash route of the app and waits until its calls have settled. */
export async function go(page: Page, baseUrl: string, hash: string): Promise<void> {
  await page.goto(`${baseUrl}/#${hash}`);
  await page.waitForLoadState('networkidle');
}
