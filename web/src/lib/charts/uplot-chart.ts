// The only module importing uPlot (≈ 50 KB min, 22 KB gzip) and its stylesheet: Chart.tsx loads it
// with a dynamic import, so the library reaches the browser only on a screen drawing a chart.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartSpec } from './chart-spec';
import { axisLabels, COUNT_STEPS, formatTick } from './ticks';

export type Plot = uPlot;

export function draw(el: HTMLElement, spec: ChartSpec, width: number): uPlot {
  const height = spec.height ?? 240;
  const bars = spec.series.filter((s) => s.bars);
  const opts: uPlot.Options = {
    width,
    height,
    // A phone is narrow: fewer, larger ticks rather than overlapping labels.
    scales: {
      x: { time: false, ...(bars.length ? { range: (_u, min, max) => [min - 0.6, max + 0.6] as [number, number] } : {}) },
      y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        label: spec.xLabel,
        space: width < 500 ? 48 : 60,
        incrs: spec.integerX ? [1, 2, 5, 10, 20, 50, 100] : undefined,
        values: spec.xFormat ? (_u, vals) => vals.map((v) => (Number.isInteger(v) ? spec.xFormat!(v) : '')) : undefined,
      },
      {
        label: spec.yLabel,
        size: width < 500 ? 48 : 60,
        incrs: spec.integerY ? COUNT_STEPS : undefined,
        values: (_u, vals) => axisLabels(vals, spec.integerY),
      },
    ],
    legend: { show: true, live: false },
    cursor: { show: true, drag: { x: false, y: false } },
    series: [
      {},
      ...spec.series.map((s) => ({
        label: s.label,
        stroke: s.color,
        width: s.bars ? 1 : 2,
        fill: s.bars ? `${s.color}cc` : undefined,
        dash: s.dash ? [6, 4] : undefined,
        spanGaps: true,
        points: { show: !s.bars && (s.points ?? true), size: 6 },
        paths: s.bars
          ? uPlot.paths.bars!({ size: [bars.length > 1 ? 0.35 : 0.6, 60], align: bars.length > 1 ? (bars.indexOf(s) === 0 ? -1 : 1) : 0 })
          : undefined,
        value: (_u: uPlot, v: number | null) => (v === null || v === undefined ? '—' : formatTick(v)),
      })),
    ],
  };
  return new uPlot(opts, [spec.x, ...spec.series.map((s) => s.values)] as uPlot.AlignedData, el);
}
