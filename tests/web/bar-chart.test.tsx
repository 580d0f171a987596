// The dashboard's year as bars drawn in SVG (lib/charts/BarChart): the bars' heights follow the
// figures on a round scale, each bar says its exact value, a year of zeros says so in words.
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BarChart } from '../../web/src/lib/charts/BarChart';
import type { ChartSpec } from '../../web/src/lib/charts/chart-spec';
import { formatTick, niceTicks } from '../../web/src/lib/charts/ticks';

const MOIS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];
const spec = (ca: number[], dep: number[]): ChartSpec => ({
  x: ca.map((_, i) => i + 1),
  xLabel: '2026',
  yLabel: 'FCFA',
  integerX: true,
  xFormat: (v) => MOIS[v - 1] ?? '',
  series: [
    { label: "Chiffre d'affaires", values: ca, color: '#1f7a4d', bars: true },
    { label: 'Dépenses', values: dep, color: '#b3261e', bars: true },
  ],
});

describe('round value axes', () => {
  it('steps of 1, 2, 2.5 or 5 × a power of ten, up to the largest figure or just above', () => {
    expect(niceTicks(150_000)).toEqual([0, 50_000, 100_000, 150_000]);
    expect(niceTicks(135_000)).toEqual([0, 50_000, 100_000, 150_000]);
    expect(niceTicks(9)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(formatTick(1_250_000)).toBe('1,25 M');
    expect(formatTick(2_500)).toBe('2 500');
  });
});

describe('BarChart', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws one bar per month and series, scaled to the axis, each with its exact figure', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
    const ca = [0, 0, 0, 0, 0, 50_000, 0, 0, 0, 0, 150_000, 0];
    const dep = [0, 0, 60_000, 0, 0, 135_000, 0, 0, 0, 0, 30_000, 0];
    const { container, getByRole } = render(<BarChart title="Par mois" spec={spec(ca, dep)} summary="200 000 FCFA de recettes" testId="c" />);
    expect(getByRole('img').getAttribute('aria-label')).toBe('Par mois : 200 000 FCFA de recettes');
    const rects = [...container.querySelectorAll('rect')];
    expect(rects).toHaveLength(24);
    const h = (i: number) => Number(rects[i].getAttribute('height'));
    // Juin's expense (135 000) is 90 % of novembre's revenue (150 000, the top tick), juin's revenue a third.
    expect(h(11) / h(20)).toBeCloseTo(0.9, 5);
    expect(h(10) / h(20)).toBeCloseTo(1 / 3, 5);
    expect(h(0)).toBe(0);
    expect(rects[11].querySelector('title')?.textContent).toBe('juin 2026 · Dépenses : 135 000 FCFA');
    expect([...container.querySelectorAll('text')].map((t) => t.textContent)).toEqual(
      expect.arrayContaining(['0', '50 k', '100 k', '150 k', 'janv.', 'nov.', 'FCFA', '2026']),
    );
  });

  it('a year of zeros: the sentence, no drawing', () => {
    const zero = Array(12).fill(0);
    const { container, getByText } = render(<BarChart title="Par mois" spec={spec(zero, zero)} summary="rien" empty="Aucune recette ni dépense en 2026." />);
    expect(getByText('Aucune recette ni dépense en 2026.')).toBeTruthy();
    expect(container.querySelector('svg')).toBeNull();
  });
});
