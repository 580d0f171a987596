// What a phone downloads, read from the built SPA's manifest (the preflight builds it before the journeys):
// the first screens within their budget, and the dashboard without the chart library, which only the
// batch's curves need. A group in web/vite.config.ts that takes a shared module in can silently pull a
// library into a screen; this fails when it does.
import { describe, expect, it } from 'vitest';
import { checkBundleBudgets, FIRST_SCREEN_BUDGET_KB, measureBundle } from '../bench/bundle';

const report = measureBundle('web/dist');
const screen = (name: string) => {
  const s = report.screens.find((x) => x.screen === name);
  if (!s) throw new Error(`${name} is not measured`);
  return s;
};
const chartLibrary = (files: string[]) => files.filter((f) => /assets\/charts-[^/]+\.js$/.test(f));

describe('the built SPA', () => {
  it(`keeps the login, the sign-up and the storefront within ${FIRST_SCREEN_BUDGET_KB} KB of gzipped JavaScript`, () => {
    expect(checkBundleBudgets(report)).toEqual([]);
    for (const name of ['#/login', '#/signup', 'vitrine.html (storefront)']) expect(screen(name).gzipKB).toBeGreaterThan(10);
  });

  it('draws the dashboard without loading the chart library; the batch detail fetches it', () => {
    expect(chartLibrary(screen('#/dashboard (after login)').files)).toEqual([]);
    expect(chartLibrary(screen('#/bande/:id + its charts').files)).toHaveLength(1);
  });
});
