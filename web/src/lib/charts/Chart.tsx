// A chart frame (title, the canvas, a text summary for screen readers). The drawing library is
// loaded on first use (./uplot-chart.ts, dynamic import): screens without charts never fetch it.
// The chart follows its container's width (ResizeObserver), so it stays legible on a phone.
import { useEffect, useRef, useState } from 'react';
import { hasFigures, type ChartProps } from './chart-spec';

// The spec's types live in their own module so that the drawing module can use them without
// importing this component (which imports it).
export type { ChartSeries, ChartSpec } from './chart-spec';

export function Chart({ title, spec, summary, empty, testId }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // Only zeros (a new business's year: no revenue, no expense) draw a flat line on a made-up scale:
  // the sentence says it better, and the drawing library is not even fetched.
  const hasData = hasFigures(spec);

  useEffect(() => {
    const el = box.current;
    if (!el || !hasData) return;
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null;
    let gone = false;
    const observer = new ResizeObserver(() => {
      if (plot && el.clientWidth > 0) plot.setSize({ width: el.clientWidth, height: spec.height ?? 240 });
    });
    // The drawing library is asked for once the screen has painted (a frame, then a task), so it
    // never holds back a screen's first paint, on a phone's network or in Lighthouse's model of one;
    // the library's evaluation and the drawing then run as two tasks, not one long one.
    const afterPaint = () =>
      new Promise<void>((r) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => setTimeout(r, 0)) : setTimeout(r, 0)));
    const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));
    afterPaint()
      .then(() => (gone ? null : import('./uplot-chart')))
      .then(async (mod) => {
        if (!mod || gone) return;
        await nextTask();
        if (gone) return;
        plot = mod.draw(el, spec, Math.max(240, el.clientWidth));
        observer.observe(el);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      observer.disconnect();
      plot?.destroy();
    };
  }, [spec, hasData]);

  return (
    <figure className="card chart" data-testid={testId}>
      <figcaption className="chart-title">{title}</figcaption>
      {hasData && !failed ? (
        <div ref={box} className="chart-canvas" role="img" aria-label={`${title} : ${summary}`} />
      ) : (
        <p className="chart-empty">{failed ? 'Graphique indisponible.' : (empty ?? summary)}</p>
      )}
    </figure>
  );
}
