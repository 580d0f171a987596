// 12500 → "12 500 FCFA", as web/src/lib/format.ts writes it. A copy on purpose: that module is in
// the app's shared chunk (HTTP client, session storage, their CSS) which this page must not load.
export function formatFcfa(n: number): string {
  const v = Math.round(Number(n) || 0);
  return `${v < 0 ? '-' : ''}${String(Math.abs(v)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} FCFA`;
}
