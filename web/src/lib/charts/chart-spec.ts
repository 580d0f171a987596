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
  height?: number;
}
