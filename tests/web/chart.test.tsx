// The chart frame (lib/charts/Chart.tsx): a series of only zeros or gaps (a new business's year)
// shows its sentence instead of a flat drawing; one value other than 0 gives the drawing area,
// labelled with the summary for screen readers.
import { render, screen } from '@testing-library/react';
import { Chart, type ChartSpec } from '../../web/src/lib/charts/Chart';
import { axisLabels, COUNT_STEPS } from '../../web/src/lib/charts/ticks';

const spec = (values: (number | null)[]): ChartSpec => ({
  x: values.map((_, i) => i + 1),
  xLabel: '2026',
  yLabel: 'FCFA',
  series: [{ label: "Chiffre d'affaires", values, color: '#1f7a4d', bars: true }],
});

describe('Chart', () => {
  beforeEach(() => {
    // jsdom has no layout: the size watcher only needs to exist.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });

  it('says there is nothing to draw when every value is 0 or missing', () => {
    render(<Chart title="Par mois" spec={spec([0, null, 0])} summary="0 FCFA" empty="Aucune recette ni dépense en 2026." testId="c" />);
    expect(screen.getByText('Aucune recette ni dépense en 2026.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('gives the drawing area as soon as one value is not 0', () => {
    render(<Chart title="Par mois" spec={spec([0, 1500, null])} summary="1 500 FCFA" empty="Aucune recette." testId="c" />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Par mois : 1 500 FCFA');
    expect(screen.queryByText('Aucune recette.')).toBeNull();
  });
});

describe('an axis of counts (the deaths per week)', () => {
  it('steps by whole birds and never labels a half bird', () => {
    expect(COUNT_STEPS.every(Number.isInteger)).toBe(true);
    expect(axisLabels([0, 0.5, 1, 1.5, 2], true)).toEqual(['0', '', '1', '', '2']);
    // An axis of amounts or rates keeps its decimals.
    expect(axisLabels([0, 0.5, 1])).toEqual(['0', '0,5', '1']);
  });
});
