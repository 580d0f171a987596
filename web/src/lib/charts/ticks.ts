// Axis numbers in French, short enough for a phone's axis: one writing for every chart.
import { formatNumber } from '@shared/format';

/** 1250000 → "1,25 M", 12500 → "13 k", 3.5 → "3,5", 2500 → "2 500". */
export function formatTick(v: number): string {
  const a = Math.abs(v);
  if (a >= 1_000_000) return `${String(Math.round((v / 1_000_000) * 100) / 100).replace('.', ',')} M`;
  if (a >= 10_000) return `${Math.round(v / 1000)} k`;
  return formatNumber(Math.round(v * 100) / 100);
}

/** Round steps for a value axis from 0 to at least `max` (1, 2, 2.5 or 5 × a power of ten): about `count` steps. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  return ticks;
}

/** Steps of an axis of counts (birds, eggs): whole numbers only, never a half bird. */
export const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];

/** An axis's labels; on an axis of counts a fractional tick, if the library still draws one, stays blank. */
export function axisLabels(vals: readonly number[], counts = false): string[] {
  return vals.map((v) => (counts && !Number.isInteger(v) ? '' : formatTick(v)));
}
