// A screen's first reads asked by the SPA entry, ahead of React's and the screen's files
// (app/early-start.ts, lib/api/early.ts; one round trip less on a slow network): the dashboard opened by a signed-in visitor reads each of its first answers once, from
// the entry's requests, asked after the token and rights checks; the entry asks nothing on a public
// screen or without a session, and only the checks on a screen without early reads; an early
// answer is taken once, for the same token and right, errors included, and a network failure is
// asked again.
import { screen, waitFor } from '@testing-library/react';
import { EARLY_READS, startEarly, startSignedIn } from '../../web/src/app/early-start';
import { FEATURES } from '../../web/src/app/features';
import TableauDeBordPage from '../../web/src/features/tableau-de-bord/routes/TableauDeBordPage';
import {
  FIRST_STEPS_HIDDEN_KEY,
  dashboardEarlyReads,
  defaultRange,
  firstStepsVentes,
  moisPath,
  periodePath,
  transactionsPath,
} from '../../web/src/features/tableau-de-bord/api/paths';
import { earlyAnswered, earlyOr, freshIfEarly, startEarlyReads } from '../../web/src/lib/api/early';
import { renderWithApp, stubFetch } from './helpers';

const { start, end } = defaultRange();
const year = Number(end.slice(0, 4));
const PERIODE = {
  debut: start,
  fin: end,
  bandes: 3,
  sujets: 900,
  depense: 100_000,
  chiffre_affaire: 250_000,
  nb_vendu: 10,
  pertes: 9,
  oeufs: 0,
  pesages: 0,
  ventes_boutique: 0,
};

function dashboardServer() {
  return stubFetch({
    [`GET ${periodePath(start, end)}`]: { body: PERIODE },
    [`GET ${moisPath(year)}`]: { body: { annee: year, mois: [] } },
    [`GET ${transactionsPath(start, end)}`]: { body: { transactions: [], services: [] } },
    'GET api/checkplan': { status: 424, body: { code: 424, message: 'Abonnement expiré' } },
    'GET api/checkToken': { body: { code: 200 } },
    'GET api/user/checkPermission': { body: { status: 'yes', droits: ['dashboardav'] } },
  });
}

beforeEach(() => {
  localStorage.setItem('token', 'T');
});

describe('early reads', () => {
  it("the entry asks the dashboard's first reads; the screen takes them instead of asking again", async () => {
    const { calls } = dashboardServer();
    startEarly('#/dashboard');
    const early = dashboardEarlyReads().map((r) => r.path);
    // Asked at once, before the screen renders, with the screen's right: the token and rights
    // checks first (the shell waits for them), then the screen's reads.
    expect(calls.map((c) => c.url)).toEqual(['api/checkToken', 'api/user/checkPermission', ...early]);
    expect(calls.find((c) => c.url.startsWith('api/dashboard/periode'))?.headers.droit).toBe('dashboardav:r');
    renderWithApp(<TableauDeBordPage />, '/dashboard');
    await waitFor(() => expect(screen.getByTestId('dash-bandes').textContent).toContain('3'));
    // The 424 of the plan check, taken early, is the answer: the banner shows.
    expect(await screen.findByText(/abonnement/i)).toBeTruthy();
    // Each read once: the early answers were the screen's.
    for (const path of early) expect(calls.filter((c) => c.url === path)).toHaveLength(1);
  });

  it('asks nothing on a public screen or without a session; only the checks on a screen without early reads', () => {
    const { calls } = dashboardServer();
    startEarly('#/login');
    startEarly('#/signup');
    expect(calls).toHaveLength(0);
    startEarly('#/bande');
    expect(calls.map((c) => c.url)).toEqual(['api/checkToken', 'api/user/checkPermission']);
    localStorage.removeItem('token');
    startEarly('#/dashboard');
    expect(calls).toHaveLength(2);
  });

  it("the shell's index opens with the index screen's reads", () => {
    const index = FEATURES.find((f) => f.index)!;
    expect(EARLY_READS['']).toBeDefined();
    expect(EARLY_READS['']).toBe(EARLY_READS[index.path]);
  });

  it("a signed-in visitor opening the dashboard asks for its files at once, from the build's list", () => {
    dashboardServer();
    const meta = document.createElement('meta');
    meta.name = 'ganaar-prefetch';
    meta.content = 'assets/AuthedApp-1.js assets/Page-2.js assets/page-3.css';
    document.head.appendChild(meta);
    try {
      const preloads = () => [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);
      startEarly('#/login');
      startEarly('#/bande');
      expect(preloads()).toEqual([]);
      startEarly('#/dashboard');
      expect(preloads()).toEqual(['modulepreload assets/AuthedApp-1.js', 'modulepreload assets/Page-2.js', 'stylesheet assets/page-3.css']);
    } finally {
      meta.remove();
      document.head.querySelectorAll('link').forEach((l) => l.remove());
    }
  });

  it("the dashboard's first render has the entry's answers that have arrived, and asks none again", async () => {
    const { calls } = stubFetch({
      [`GET ${periodePath(start, end)}`]: { body: PERIODE },
      'GET api/checkplan': { body: { plan: 'pro', nom: 'Professionnel', validUntil: '2099-01-31', trial: false } },
      'GET api/checkToken': { body: { code: 200 } },
      'GET api/user/checkPermission': { body: { status: 'yes', droits: ['dashboardav'] } },
    });
    startEarly('#/dashboard');
    // The answers arrive before the page's files (a slow link).
    await new Promise((r) => setTimeout(r, 20));
    renderWithApp(<TableauDeBordPage />, '/dashboard');
    // No wait: the first render shows the figures (it would otherwise show « Chargement… » and
    // render them again, in one task, when the queries took the answers).
    expect(screen.getByTestId('dash-bandes').textContent).toContain('3');
    expect(screen.queryByRole('status')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    for (const path of [periodePath(start, end), 'api/checkplan']) expect(calls.filter((c) => c.url === path)).toHaveLength(1);
  });

  it("the app's first render waits for every answer the entry asked, errors included, and for nothing without a question", async () => {
    let answered = false;
    await earlyAnswered(); // nothing asked: at once
    const release: (() => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (url: string) =>
          new Promise<Response>((resolve, reject) =>
            release.push(() =>
              url.includes('checkplan')
                ? reject(new TypeError('Failed to fetch'))
                : resolve(new Response(JSON.stringify({ code: 200, droits: [] }), { status: 200, headers: { 'content-type': 'application/json' } })),
            ),
          ),
      ),
    );
    startEarly('#/dashboard');
    const all = earlyAnswered().then(() => (answered = true));
    expect(release).toHaveLength(4);
    for (const r of release.slice(0, 3)) r();
    await new Promise((r) => setTimeout(r, 10));
    expect(answered).toBe(false);
    release[3](); // the plan check's network failure settles it too
    await all;
    expect(answered).toBe(true);
  });

  describe("the first steps' lists (a business on trial)", () => {
    const trialServer = (trial: boolean) =>
      stubFetch({
        [`GET ${periodePath(start, end)}`]: { body: PERIODE },
        'GET api/checkplan': { body: { plan: 'db1', nom: 'Démarrage', validUntil: '2099-01-31', trial } },
        'GET api/checkToken': { body: { code: 200 } },
        'GET api/user/checkPermission': { body: { status: 'yes', droits: ['dashboardav', 'bandav', 'prav'] } },
        'GET api/bande?archives=1': { body: [{ id: 4, nom: 'Bande 1', depense: 15_000, nb_vendu: 0 }] },
        'GET api/produit?archives=1': { body: [] },
        'POST api/vente/boutique': { body: { ventes: [], chiffre_affaire: 0 } },
      });
    const LISTS = ['GET api/bande?archives=1', 'GET api/produit?archives=1', 'POST api/vente/boutique'];
    const asked = (calls: { method: string; url: string }[]) => calls.map((c) => `${c.method} ${c.url}`);

    it('are asked by the entry once the plan check says trial; the checklist renders with its ticks and asks none again', async () => {
      const { calls } = trialServer(true);
      startEarly('#/dashboard');
      await earlyAnswered();
      // Asked after the plan check's answer, before the app's first render (earlyAnswered waited).
      expect(asked(calls).slice(-3)).toEqual(LISTS);
      expect(calls.at(-1)!.body).toEqual(firstStepsVentes());
      expect(calls.find((c) => c.url === 'api/bande?archives=1')!.headers.droit).toBe('bandav:r');
      renderWithApp(<TableauDeBordPage />, '/dashboard');
      // No wait: the first render has the ticks (the lists' answers would otherwise render in one
      // task after it, and their requests would start from its commit).
      expect(screen.getByText('Étapes faites : 2 sur 4')).toBeTruthy();
      expect(screen.getByTestId('first-step-depense').dataset.done).toBe('oui');
      await new Promise((r) => setTimeout(r, 50));
      for (const l of LISTS) expect(asked(calls).filter((c) => c === l)).toHaveLength(1);
    });

    it("after a sign-in, the period and the plan leave with the login's answer; the screen waits for them, not for the lists", async () => {
      // Held lists: the first steps' answers never come during this test.
      const { calls } = trialServer(true);
      const fetchOf = globalThis.fetch;
      vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
        const answer = fetchOf(input, init);
        return LISTS.some((l) => l.endsWith(` ${String(input)}`)) ? new Promise(() => undefined) : answer;
      });
      localStorage.setItem('token', 'SIGNED-IN');
      startSignedIn();
      startSignedIn(); // the painted login and the router's preload both call it: asked once
      // No token check nor rights: the login's answer is them.
      expect(asked(calls)).toEqual([`GET ${periodePath(start, end)}`, 'GET api/checkplan']);
      await earlyAnswered({ followUps: false });
      // The plan said trial: the lists were asked, and are still on their way.
      await waitFor(() => expect(asked(calls).slice(-3)).toEqual(LISTS));
      renderWithApp(<TableauDeBordPage />, '/dashboard');
      // The figures at once, from the answers that came; the checklist says « vérification ».
      expect(screen.getByTestId('dash-bandes').textContent).toContain('3');
      expect(screen.getByTestId('first-step-depense').dataset.done).not.toBe('oui');
      for (const l of [`GET ${periodePath(start, end)}`, 'GET api/checkplan', ...LISTS]) expect(asked(calls).filter((c) => c === l)).toHaveLength(1);
      vi.stubGlobal('fetch', fetchOf);
    });

    it('a paying business, or a device where the list is done or hidden, asks none of them', async () => {
      const paying = trialServer(false);
      startEarly('#/dashboard');
      await earlyAnswered();
      expect(asked(paying.calls).filter((c) => LISTS.includes(c))).toEqual([]);

      localStorage.setItem(FIRST_STEPS_HIDDEN_KEY, '1');
      const hidden = trialServer(true);
      startEarly('#/dashboard');
      await earlyAnswered();
      expect(asked(hidden.calls).filter((c) => LISTS.includes(c))).toEqual([]);
      localStorage.removeItem(FIRST_STEPS_HIDDEN_KEY);
    });
  });

  it('an early POST read is taken by the same request only (same body)', async () => {
    const { calls } = stubFetch({ 'POST api/p': { body: { n: 1 } } });
    startEarlyReads([{ path: 'api/p', body: { debut: '2026-01-01' } }]);
    expect(await earlyOr('api/p', undefined, { debut: '2026-02-01' })).toEqual({ n: 1 });
    expect(calls).toHaveLength(2);
    expect(calls[1].body).toEqual({ debut: '2026-02-01' });
    expect(await earlyOr('api/p', undefined, { debut: '2026-01-01' })).toEqual({ n: 1 });
    expect(calls).toHaveLength(2);
  });

  it('an early answer is taken once, for the same token and right only', async () => {
    const { calls } = stubFetch({ 'GET api/x': { body: { n: 1 } } });
    startEarlyReads([{ path: 'api/x', droit: 'bandav:r' }]);
    expect(await earlyOr('api/x', 'bandav:r')).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    // Taken: the next read asks the server.
    await earlyOr('api/x', 'bandav:r');
    expect(calls).toHaveLength(2);
    // Another session signed in meanwhile: not its answer.
    startEarlyReads([{ path: 'api/x', droit: 'bandav:r' }]);
    localStorage.setItem('token', 'U');
    await earlyOr('api/x', 'bandav:r');
    expect(calls).toHaveLength(4);
    expect(calls[3].headers.Authorization).toBe('Bearer U');
    // Another right: asked again with that right.
    startEarlyReads([{ path: 'api/x', droit: 'bandav:r' }]);
    await earlyOr('api/x', 'clav:r');
    expect(calls).toHaveLength(6);
    expect(calls[5].headers.droit).toBe('clav:r');
  });

  it('a network failure of the early read is asked again; a refusal is the answer', async () => {
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        n++;
        if (n === 1) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ n }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    startEarlyReads([{ path: 'api/y' }]);
    expect(await earlyOr('api/y')).toEqual({ n: 2 });

    const { calls } = stubFetch({ 'GET api/z': { status: 403, body: { code: 403, message: 'Accès refusé' } } });
    startEarlyReads([{ path: 'api/z' }]);
    await expect(earlyOr('api/z')).rejects.toThrow('Accès refusé');
    expect(calls).toHaveLength(1);
  });

  it("counts as just asked only what this page received: the device's copy from before the page is asked again", () => {
    // A page reloaded a few seconds after the dashboard got its first answers as initial data (no
    // update counted): the copy saved then comes back with the same count and a time of a few
    // seconds ago. It predates the page (and maybe a write the page before made): stale at once.
    const before = performance.timeOrigin - 3_000;
    expect(freshIfEarly({ state: { dataUpdateCount: 0, dataUpdatedAt: before } })).toBe(0);
    // The entry's own answer, arrived in this page, is fresh for 10 s; a fetched one never is.
    expect(freshIfEarly({ state: { dataUpdateCount: 0, dataUpdatedAt: Date.now() } })).toBe(10_000);
    expect(freshIfEarly({ state: { dataUpdateCount: 1, dataUpdatedAt: Date.now() } })).toBe(0);
  });
});
