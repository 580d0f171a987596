// What a chart draws: its x values and series. Read by Chart.tsx and by the drawing module.
export interface ChartSeries {
  label: string;
  values: (number | null)[];
  color: string;
  /** A dashed line (a standard curve). */
  dash?: boolean;
  bars?: boolean;
  points?: boolean;
}

export interface ChartSpec {
  x: number[];
  xLabel: string;
  yLabel: string;
  series: ChartSeries[];
  /** Label of an integer x value (month names…). */
  xFormat?: (v: number) => string;
  integerX?: boolean;
  /** The values are counts (birds dead): whole-number ticks only. */
  integerY?: boolean;
  height?: number;
}

/** What a chart component takes: its frame (title, summary, empty sentence) and what to draw. */
export interface ChartProps {
  title: string;
  spec: ChartSpec;
  /** What the chart shows, in words (read by screen readers, shown when there is nothing to draw). */
  summary: string;
  empty?: string;
  testId?: string;
}

/** True when some figure is neither missing nor zero: a year of zeros says so in words instead of a flat drawing. */
export const hasFigures = (spec: ChartSpec) => spec.x.length > 0 && spec.series.some((s) => s.values.some((v) => v !== null && v !== 0));
