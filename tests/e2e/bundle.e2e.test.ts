// What a phone downloads, read from the built SPA's manifest (the preflight builds it before the journeys):
// the first screens within their budget, and the dashboard without the chart library, which only the
// batch's curves need. A group in web/vite.config.ts that takes a shared module in can silently pull a
// library into a screen; this fails when it does.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkBundleBudgets, FIRST_SCREEN_BUDGET_KB, LOGIN_FIRST_SCREEN_BUDGET_KB, measureBundle } from '../bench/bundle';

const report = measureBundle('web/dist');
const screen = (name: string) => {
  const s = report.screens.find((x) => x.screen === name);
  if (!s) throw new Error(`${name} is not measured`);
  return s;
};
const chartLibrary = (files: string[]) => files.filter((f) => /assets\/charts-[^/]+\.js$/.test(f));

describe('the built SPA', () => {
  it(`keeps the login within ${LOGIN_FIRST_SCREEN_BUDGET_KB} KB, the sign-up and the storefront within ${FIRST_SCREEN_BUDGET_KB} KB of gzipped JavaScript`, () => {
    expect(checkBundleBudgets(report)).toEqual([]);
    expect(screen('#/login').gzipKB).toBeLessThanOrEqual(LOGIN_FIRST_SCREEN_BUDGET_KB);
    expect(screen('#/login').gzipKB).toBeGreaterThan(3);
    for (const name of ['#/signup', 'vitrine.html (storefront)']) expect(screen(name).gzipKB).toBeGreaterThan(10);
  });

  it("signs in from the painted login without the app's start: no React, router or app-common in its files", () => {
    // The painted form works on its own (features/acces/painted-login.ts); a group taking one of its
    // modules in would bring its dependencies, and the login would again wait for React.
    expect(screen('#/login').files.filter((f) => /assets\/(react|router|query|start|app-common|LoginPage)-[^/]+\.js$/.test(f))).toEqual([]);
  });

  it("gives the storefront none of the back-office's session, router or query code", () => {
    // A group that takes a shared module in takes its dependencies with it (rolldown): the entry's
    // `early` group once pulled the access messages, and with them the storefront loaded the
    // back-office's session code (+2.6 KB).
    const files = screen('vitrine.html (storefront)').files;
    expect(files.filter((f) => /assets\/(early|start|app-common|router|query|AuthedApp)-[^/]+\.js$/.test(f))).toEqual([]);
  });

  it("runs the back-office's entry before React arrives: its static imports hold no React (decision 0202)", () => {
    const manifest = JSON.parse(readFileSync('web/dist/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string; imports?: string[]; dynamicImports?: string[] }
    >;
    const staticFiles = new Set<string>();
    const visit = (key: string) => {
      const c = manifest[key];
      if (!c || staticFiles.has(c.file)) return;
      staticFiles.add(c.file);
      c.imports?.forEach(visit);
    };
    visit('index.html');
    expect([...staticFiles].some((f) => /assets\/early-[^/]+\.js$/.test(f))).toBe(true);
    expect([...staticFiles].filter((f) => /assets\/(react|router|query|start)-[^/]+\.js$/.test(f))).toEqual([]);
    expect(manifest['index.html'].dynamicImports).toEqual(['src/app/start.tsx']);
  });

  it('draws the dashboard without loading the chart library; the batch detail fetches it', () => {
    expect(chartLibrary(screen('#/dashboard (after login)').files)).toEqual([]);
    expect(chartLibrary(screen('#/bande/:id + its charts').files)).toHaveLength(1);
  });
});
