// Figures with 2 decimals (spec part 1 §9) in the app's French format: per-bird costs in FCFA
// (687.5 → "687,50 FCFA", 1583 → "1 583 FCFA") and rates with a decimal comma.
import { formatFcfa } from '../../lib/format';

export function formatCost(n: number): string {
  const [int, dec] = Math.abs(n).toFixed(2).split('.');
  const whole = formatFcfa(Number(int) * Math.sign(n || 1)).replace(' FCFA', '');
  return dec === '00' ? `${whole} FCFA` : `${whole},${dec} FCFA`;
}

/** A rate with the French decimal comma: 118.18 → "118,18 %". */
export function formatRate(n: number | null): string {
  return `${String(n ?? 0).replace('.', ',')} %`;
}

/** A quantity with the French decimal comma and thousands spaces: 1250.5 → "1 250,5". */
export function formatNumber(n: number): string {
  const [int, dec] = String(n).split('.');
  const whole = int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return dec ? `${whole},${dec}` : whole;
}
