// Bars drawn by React as SVG, for a chart made only of bars (the dashboard's year: twelve months,
// revenue beside expenses). Beside Chart.tsx rather than through it: uPlot (22 KB gzip, and its
// set-up and first drawing a 60–90 ms task on a mid-range phone) earns its place for the batch's
// curves against the breed standard, but on the dashboard, the screen a farmer opens first, it
// was the largest task after React's own render. Same frame as Chart (title, a named image, a text
// summary, the sentence when there is nothing to draw), same ChartSpec, same axis numbers.
import { useEffect, useRef, useState } from 'react';
import { hasFigures, type ChartProps, type ChartSpec } from './chart-spec';
import { formatNombre } from '@shared/format';
import { formatTick, niceTicks } from './ticks';

// Room above the top tick for the unit (FCFA).
const TOP = 24;
const BOTTOM = 36;
const RIGHT = 8;

export function BarChart({ title, spec, summary, empty, testId }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const hasData = hasFigures(spec);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Measured once layout is done (the observer's first call), then at each change of width.
    if (typeof ResizeObserver !== 'function') return setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [hasData]);

  const height = spec.height ?? 240;
  return (
    <figure className="card chart" data-testid={testId}>
      <figcaption className="chart-title">{title}</figcaption>
      {hasData ? (
        <>
          <div ref={box} className="chart-canvas" role="img" aria-label={`${title} : ${summary}`} style={{ height }}>
            {width > 0 && <Bars spec={spec} width={width} height={height} />}
          </div>
          <ul className="chart-legend" aria-hidden="true">
            {spec.series.map((s) => (
              <li key={s.label}>
                <span className="chart-swatch" style={{ background: s.color }} />
                {s.label}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="chart-empty">{empty ?? summary}</p>
      )}
    </figure>
  );
}

function Bars({ spec, width, height }: { spec: ChartSpec; width: number; height: number }) {
  const narrow = width < 500;
  const left = narrow ? 44 : 56;
  const plotW = Math.max(1, width - left - RIGHT);
  const plotH = height - TOP - BOTTOM;
  const max = Math.max(0, ...spec.series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1];
  const y = (v: number) => TOP + plotH - (v / top) * plotH;
  const band = plotW / spec.x.length;
  const barW = (band * 0.7) / spec.series.length;
  const label = (x: number) => spec.xFormat?.(x) ?? String(x);
  // A phone shows every other month name rather than names written over each other.
  const every = band < 34 ? 2 : 1;

  return (
    <svg width={width} height={height} aria-hidden="true" className="chart-svg">
      {ticks.map((t) => (
        <g key={t}>
          <line x1={left} x2={width - RIGHT} y1={y(t)} y2={y(t)} stroke="#e3e7ec" />
          <text x={left - 6} y={y(t)} dy="0.32em" textAnchor="end">
            {formatTick(t)}
          </text>
        </g>
      ))}
      {spec.x.map((x, i) => (
        <g key={x}>
          {spec.series.map((s, k) => {
            const v = s.values[i] ?? 0;
            const h = Math.max(0, TOP + plotH - y(v));
            return (
              <rect key={s.label} x={left + i * band + band * 0.15 + k * barW} y={y(v)} width={Math.max(1, barW - 1)} height={h} fill={s.color}>
                <title>{`${label(x)} ${spec.xLabel} · ${s.label} : ${formatNombre(Math.round(v))} ${spec.yLabel}`}</title>
              </rect>
            );
          })}
          {i % every === 0 && (
            <text x={left + (i + 0.5) * band} y={TOP + plotH + 16} textAnchor="middle">
              {label(x)}
            </text>
          )}
        </g>
      ))}
      <line x1={left} x2={width - RIGHT} y1={TOP + plotH} y2={TOP + plotH} stroke="#8a96a3" />
      <text x={left + plotW / 2} y={height - 4} textAnchor="middle" className="chart-axis-label">
        {spec.xLabel}
      </text>
      <text x={4} y={TOP - 12} className="chart-axis-label">
        {spec.yLabel}
      </text>
    </svg>
  );
}
